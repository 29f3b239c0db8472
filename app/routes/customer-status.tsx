import { t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { isRouteErrorResponse } from "react-router";
import { customerLinkInvalid } from "~/domain/customer-status";
import type { Route } from "./+types/customer-status";
export { loader } from "./customer-status.server";

// /status/{key}: what the shop's customer sees of their order, on a phone first. Plain HTML that needs no script,
// with the shop's name and logo when Global Settings → Customer page has them. No header or menu of the app: the
// customer has nowhere else to go (root.tsx shows this page bare).

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  const h = new Headers(errorHeaders ?? loaderHeaders);
  h.set("X-Robots-Tag", "noindex, nofollow");
  h.set("Referrer-Policy", "no-referrer");
  return h;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const orderStatus = t`Order status`;
  const title = loaderData ? `${loaderData.name} · ${orderStatus}${loaderData.shopName ? ` · ${loaderData.shopName}` : ""}` : orderStatus;
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

function Shell({ children, shopName, hasLogo }: { children: React.ReactNode; shopName?: string | null; hasLogo?: boolean }) {
  const { t } = useLingui();
  return (
    <div className="mx-auto max-w-xl px-4 py-6">
      {shopName || hasLogo ? (
        <header className="mb-6 flex items-center gap-3">
          {hasLogo ? <img src="/shop-logo" alt={shopName ? t`${shopName} logo` : t`Shop logo`} className="h-12 w-auto max-w-[50%] object-contain" /> : null}
          {shopName ? <p className="text-xl font-bold text-ink wrap-anywhere">{shopName}</p> : null}
        </header>
      ) : null}
      {children}
    </div>
  );
}

export default function CustomerStatus({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { name, finished, stages, expected, shopName, hasLogo } = loaderData;
  const stateWords = { done: t`Done`, current: t`In progress`, next: t`To come` };
  return (
    <Shell shopName={shopName} hasLogo={hasLogo}>
      <p className="text-base text-ink-muted">{t`Order status`}</p>
      <h1 className="mt-1 text-2xl font-bold text-ink wrap-anywhere sm:text-3xl" data-testid="status-name">
        {name}
      </h1>
      <section aria-labelledby="status-finish" className="mt-5 rounded-xl border border-line bg-surface p-4 shadow-sm">
        <h2 id="status-finish" className="text-base font-semibold text-ink-muted">
          {finished ? t`Status` : t`Expected finish`}
        </h2>
        <p className={`mt-1 text-xl font-bold ${finished ? "text-success-800" : "text-ink"}`} data-testid="status-expected">
          {expected}
        </p>
        {finished ? null : <p className="mt-1 text-base text-ink-muted">{t`This date is our current estimate and may change as work goes on.`}</p>}
      </section>
      <section aria-labelledby="status-stages" className="mt-5">
        <h2 id="status-stages" className="text-lg font-semibold text-ink">
          {t`Stages`}
        </h2>
        {stages.length === 0 ? (
          <p className="mt-2 text-base text-ink-muted">{t`The stages of this order have not been planned yet.`}</p>
        ) : (
          <ol className="mt-2 space-y-2" data-testid="status-stages">
            {stages.map((s, i) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: stages have no id of their own and never reorder on this page
                key={i}
                className={`flex min-h-tap items-center justify-between gap-3 rounded-lg border px-3 py-2 text-base ${
                  s.state === "current" ? "border-brand-700 bg-brand-50 font-semibold" : "border-line bg-surface"
                }`}
                aria-current={s.state === "current" ? "step" : undefined}
                data-state={s.state}
              >
                <span className="min-w-0 wrap-anywhere text-ink">
                  <span aria-hidden="true" className="mr-2 inline-block w-5 text-center">
                    {s.state === "done" ? "✓" : s.state === "current" ? "▶" : "○"}
                  </span>
                  {s.name}
                </span>
                <span
                  className={`shrink-0 text-sm font-semibold ${s.state === "done" ? "text-success-800" : s.state === "current" ? "text-brand-800" : "text-ink-muted"}`}
                >
                  {stateWords[s.state]}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useLingui();
  const tooMany = isRouteErrorResponse(error) && error.status === 429;
  return (
    <Shell>
      <h1 className="text-2xl font-bold text-ink">{tooMany ? t`Please wait a moment` : t`Link not valid`}</h1>
      <p className="mt-3 text-base text-ink-muted">{tooMany ? String(error.data) : customerLinkInvalid()}</p>
    </Shell>
  );
}
