import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link, useActionData } from "react-router";
import { WEBHOOKS_PAGE, WebhookFailedNotice, WebhookForm } from "~/components/settings/webhook-form";
import { btn, cardClass, EmptyState, PageHeader } from "~/components/ui";
import { i18n } from "~/domain/i18n-runtime";
import type { Route } from "./+types/settings-webhooks";
import { loadSettingsWebhooks, settingsWebhooksAction } from "./settings-webhooks.server";

// Global Settings → Webhooks: other programs (accounting, the quoting tool, a chat channel) are told what happened,
// signed, in order, retried for 24 hours (docs/decisions/0042-webhooks.md). Works without JavaScript: every
// change is a form post; each endpoint's page has its delivery log.

export const meta = () => [{ title: i18n._(msg`Webhooks · Global Settings · Shopflow`) }];

export const loader = (args: Route.LoaderArgs) => loadSettingsWebhooks(args);

export const action = (args: Route.ActionArgs) => settingsWebhooksAction(args);

export default function SettingsWebhooks({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const actionData = useActionData<typeof action>();
  const { endpoints } = loaderData;
  // Said once per render, not once per row.
  const words = { name: t`Name`, address: t`Address`, deliveries: t`Deliveries`, lastSent: t`Last sent` };
  const lastSent = (when: string, status: string | null) =>
    status === "delivered" ? t`${when} (delivered)` : status === "failed" ? t`${when} (failed)` : t`${when} (retrying)`;
  const newestId = endpoints.reduce((max, e) => Math.max(max, e.id), 0);
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
      <Link to="/settings" className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        {t`← Back to Global Settings`}
      </Link>
      <PageHeader title={t`Webhooks`} subtitle={t`Tell other programs what happens in the shop: each change is sent, signed, to the addresses below.`} />
      <WebhookFailedNotice count={loaderData.failed} className="mb-6" />
      <section className={`p-5 ${cardClass}`} aria-labelledby="new-webhook-heading">
        <h2 id="new-webhook-heading" className="text-lg font-semibold text-ink">
          {t`Add a webhook`}
        </h2>
        <WebhookForm key={newestId} lastResult={actionData?.formId === "new" ? actionData.result : undefined} />
      </section>
      <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby="webhooks">
        <h2 id="webhooks" className="text-lg font-semibold text-ink">
          {t`Webhooks`}
        </h2>
        {endpoints.length === 0 ? (
          <div className="mt-3">
            <EmptyState icon="eye" title={t`No webhooks yet`}>
              {t`Add the address of the program that should hear about new projects, finished items and completed machine files; it gets a secret to check each delivery with.`}
            </EmptyState>
          </div>
        ) : (
          <table className="table-cards mt-3 w-full text-left text-base">
            <thead className="border-b border-line text-sm text-ink-muted">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {words.name}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {words.address}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {words.deliveries}
                </th>
                <th scope="col" className="py-2">
                  {words.lastSent}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {endpoints.map((e) => (
                <tr key={e.id}>
                  <td data-label={words.name} className="py-3 pr-3 font-medium cell-text">
                    <Link to={`${WEBHOOKS_PAGE}/${e.id}`} className={`inline-flex min-h-tap items-center ${btn.link}`}>
                      {e.name}
                    </Link>
                    {e.isActive ? null : <span className="ml-2 text-sm font-normal text-ink-muted">{t`(off)`}</span>}
                    <span className="block text-sm font-normal text-ink-muted">{plural(e.events.length, { one: "# event", other: "# events" })}</span>
                  </td>
                  <td data-label={words.address} className="py-3 pr-3 font-mono text-sm break-all">
                    {e.url}
                  </td>
                  <td data-label={words.deliveries} className="py-3 pr-3 text-sm">
                    {t`${e.delivered} delivered`}
                    {e.pending > 0 ? <span className="block">{t`${e.pending} waiting`}</span> : null}
                    {e.failed > 0 ? <span className="block font-semibold text-danger-800">{t`${e.failed} failed`}</span> : null}
                  </td>
                  <td data-label={words.lastSent} className="py-3 text-sm">
                    {e.lastAttempt ? lastSent(e.lastAttempt, e.lastStatus) : t`Never`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
