import { t as translate } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { LanguageSwitch } from "~/components/language-switch";
import { useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { ChosenName, NamePicker, PinForm, PinHeading, usePinEntry, type PinSeed, type SignInName } from "~/components/pin-dialog";
import { useToast } from "~/components/toaster";
import { btn } from "~/components/ui";
import { decideTileClick, homeTiles } from "~/domain/departments";
import { useNonce } from "~/hooks/nonce";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Route } from "./+types/login";
export { loader, action } from "./login.server";

// The PIN dialog as a plain page: what the Login button and the tiles lead to with JavaScript off. In 'Choose
// your name, then PIN' it asks for the name first (?member= carries the choice, so it works without JavaScript).
export function meta() {
  return [{ title: translate`Login · Shopflow` }];
}

// The action's Retry-After (lockout) must reach the browser, as it does from /api/auth/verify-pin.
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;
}

/** This page's address with other query values (the name step's links keep the tile and where to go next). */
function loginHref(tile: string, redirectTo: string, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (tile) params.set("tile", tile);
  if (redirectTo !== "/") params.set("redirectTo", redirectTo);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const s = params.toString();
  return `/login${s ? `?${s}` : ""}`;
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const { t } = useLingui();
  const { title, tile, redirectTo, signInMode, chosen, members, query } = loaderData;
  const nameStep = signInMode === "name-then-pin" && !chosen;
  return (
    <div className="floor-screen flex justify-center px-3 py-10 sm:py-16">
      <div className={`w-full rounded-2xl bg-white p-6 shadow-xl ring-1 ring-line ${nameStep ? "max-w-lg" : "max-w-sm"}`}>
        <PinHeading title={<h1 className="text-xl font-semibold text-ink">{title}</h1>}>
          <p className="mt-1 text-base text-ink-muted">{nameStep ? t`Choose your name to continue` : t`Enter your 4-digit PIN to continue`}</p>
        </PinHeading>
        {nameStep ? (
          <NameStep members={members} query={query} tile={tile} redirectTo={redirectTo} error={actionData?.error} hydrated={hydrated} />
        ) : (
          <>
            {chosen ? (
              <ChosenName
                name={chosen.name}
                change={
                  <Link to={loginHref(tile, redirectTo)} className={`inline-flex min-h-11 items-center px-2 ${btn.link}`}>
                    {t`Not you?`}
                  </Link>
                }
              />
            ) : null}
            {hydrated ? (
              <PinBoxesLogin tile={tile} redirectTo={redirectTo} chosen={chosen} />
            ) : (
              <PinFieldForm tile={tile} redirectTo={redirectTo} chosen={chosen} error={actionData?.error} />
            )}
          </>
        )}
        <div className="mt-6 border-t border-line pt-4">
          <LanguageSwitch />
        </div>
      </div>
    </div>
  );
}

/** The names, with and without JavaScript: a GET form narrows them on the server, typing narrows them at once. */
function NameStep({
  members,
  query,
  tile,
  redirectTo,
  error,
  hydrated,
}: {
  members: SignInName[];
  query: string;
  tile: string;
  redirectTo: string;
  error?: string;
  hydrated: boolean;
}) {
  const { t } = useLingui();
  return (
    <Form method="get" role="search" aria-label={t`Find your name`}>
      {tile ? <input type="hidden" name="tile" value={tile} /> : null}
      {redirectTo !== "/" ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {error ? (
        <p role="alert" className="mt-4 text-center text-base font-medium text-danger-700">
          {error}
        </p>
      ) : null}
      <NamePicker members={members} initialQuery={query} hrefFor={(m) => loginHref(tile, redirectTo, { member: String(m.id) })} autoFocus />
      <div className={`mt-5 grid gap-3 ${hydrated ? "" : "grid-cols-2"}`}>
        <Link to="/" className={btn.largeSecondary}>
          {t`Cancel`}
        </Link>
        {/* With JavaScript the list narrows as you type; without it this asks the server. */}
        {hydrated ? null : (
          <button type="submit" className={btn.large}>
            {t`Find`}
          </button>
        )}
      </div>
    </Form>
  );
}

/** Reads what was typed into the server-drawn PIN field before the page came alive. Runs before it is replaced. */
function readTypedPin(): PinSeed | null {
  if (typeof document === "undefined") return null;
  const field = document.getElementById("pinCode") as HTMLInputElement | null;
  if (!field) return null;
  return { digits: field.value.replace(/\D/g, "").slice(0, 4), focused: document.activeElement === field };
}

/**
 * JavaScript on: the PIN dialog's four boxes, auto-submitting. On success it goes where the form post would have
 * (the action's rule): the tile's decision with its toast, else `redirectTo`.
 */
function PinBoxesLogin({ tile: tileKey, redirectTo, chosen }: { tile: string; redirectTo: string; chosen: SignInName | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const toast = useToast();
  const [seed] = useState(readTypedPin);
  const entry = usePinEntry({
    active: true,
    expectedUserId: chosen?.id,
    seed,
    onSuccess: (user) => {
      const tile = homeTiles().find((x) => x.key === tileKey);
      if (!tile) return void navigate(redirectTo, { replace: true });
      const decision = decideTileClick(tile, user, []);
      if (decision.kind !== "pin") toast(decision.toast);
      navigate(decision.kind === "go" ? decision.to : "/", { replace: true });
    },
  });
  return (
    <div data-testid="pin-login">
      <PinForm
        entry={entry}
        cancel={
          <Link to="/" className={btn.largeSecondary}>
            {t`Cancel`}
          </Link>
        }
      />
    </div>
  );
}

// Until the page's JavaScript has run (seconds on an old floor PC), keys must still land in the PIN field: the
// field takes the cursor at once, and digits typed while it does not have it are put into it. The boxes that
// replace it read what it holds (readTypedPin). Without JavaScript the autofocus attribute does the first part.
const KEEP_EARLY_KEYS = `(function(){var f=document.getElementById("pinCode");if(!f)return;if(document.activeElement!==f)f.focus();
function k(e){if(!f.isConnected){document.removeEventListener("keydown",k,true);return}
if(e.target===f||e.ctrlKey||e.metaKey||e.altKey||!/^[0-9]$/.test(e.key))return;
var t=e.target;if(t&&(t.tagName==="INPUT"||t.tagName==="TEXTAREA"||t.isContentEditable))return;
e.preventDefault();if(f.value.length<4)f.value+=e.key;f.focus()}
document.addEventListener("keydown",k,true)})()`;

/** JavaScript off (and until it runs): one PIN field and a plain form post to the action. */
function PinFieldForm({ tile, redirectTo, chosen, error }: { tile: string; redirectTo: string; chosen: SignInName | null; error?: string }) {
  const { t } = useLingui();
  const navigation = useNavigation();
  const nonce = useNonce();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  return (
    <Form method="post" className="mt-6" key={error ?? "form"}>
      <input type="hidden" name="tile" value={tile} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {chosen ? <input type="hidden" name="expectedUserId" value={chosen.id} /> : null}
      <label htmlFor="pinCode" className="sr-only">
        PIN
      </label>
      <input
        id="pinCode"
        name="pinCode"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        pattern="\d{4}"
        minLength={4}
        maxLength={4}
        required
        autoFocus
        title={t`Please enter a 4-digit PIN`}
        className="h-16 w-full rounded-xl border-2 border-field bg-white text-center text-3xl tracking-[0.6em] text-ink focus:border-focus focus:outline-none"
      />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, run before hydration under the page's nonce */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: KEEP_EARLY_KEYS }} />
      <p role="alert" className="mt-3 min-h-6 text-center text-sm font-medium text-danger-700">
        {error ?? ""}
      </p>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <Link to="/" className={btn.largeSecondary}>
          {t`Cancel`}
        </Link>
        <button type="submit" disabled={busy} className={btn.large}>
          {busy ? t`Verifying...` : t`Continue`}
        </button>
      </div>
    </Form>
  );
}
