import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData } from "react-router";
import { PageLinks } from "~/components/page-links";
import { CopyButton } from "~/components/settings/copy-button";
import { WEBHOOKS_PAGE, WebhookForm } from "~/components/settings/webhook-form";
import { btn, cardClass, DeleteConfirmActions, EmptyState, PageHeader, UrlDialog } from "~/components/ui";
import { i18n } from "~/domain/i18n-runtime";
import { isWebhookEvent, webhookEventLabel } from "~/domain/webhooks";
import type { Route } from "./+types/settings-webhook";
import { loadSettingsWebhook, settingsWebhookAction } from "./settings-webhook.server";

// One webhook: the secret its receiver checks signatures with, what it is sent, and every delivery with its
// answer, newest first, with 'Send again' (docs/decisions/0042-webhooks.md). Without JavaScript Edit and Delete
// open as panels on the page (?edit=1, ?delete=1).

export const meta = ({ loaderData }: Route.MetaArgs) => {
  const name = loaderData?.endpoint.name ?? i18n._(msg`Webhook`);
  return [{ title: i18n._(msg`${name} · Webhooks · Shopflow`) }];
};

export const loader = (args: Route.LoaderArgs) => loadSettingsWebhook(args);

export const action = (args: Route.ActionArgs) => settingsWebhookAction(args);

const STATUS_CLASS: Record<string, string> = {
  delivered: "text-success-800",
  pending: "text-ink",
  failed: "font-semibold text-danger-800",
};

export default function SettingsWebhook({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const actionData = useActionData<typeof action>();
  const { endpoint, deliveries, page, pages } = loaderData;
  const here = `${WEBHOOKS_PAGE}/${endpoint.id}`;
  const name = endpoint.name;
  // Said once per render, not once per row.
  const statusLabel: Record<string, string> = { delivered: t`Delivered`, pending: t`Waiting`, failed: t`Failed` };
  const words = { event: t`Event`, status: t`Status`, answer: t`Answer`, actions: t`Actions`, noAnswer: t`No answer` };
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      <Link to={WEBHOOKS_PAGE} className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        {t`← Back to Webhooks`}
      </Link>
      <PageHeader
        title={endpoint.name}
        subtitle={<span className="font-mono text-sm break-all">{endpoint.url}</span>}
        actions={
          <>
            <Link to={`${here}?edit=1`} preventScrollReset className={btn.secondary}>
              {t`Edit`}
            </Link>
            <Form method="post" action={here}>
              <input type="hidden" name="intent" value="toggle" />
              <input type="hidden" name="to" value={endpoint.isActive ? "off" : "on"} />
              <button type="submit" className={btn.secondary}>
                {endpoint.isActive ? t`Switch off` : t`Switch on`}
              </button>
            </Form>
            <Link to={`${here}?delete=1`} preventScrollReset className={btn.danger}>
              {t`Delete`}
            </Link>
          </>
        }
      />
      {loaderData.editing ? (
        <UrlDialog title={t`Edit webhook`} description={t`${name}: its name, address, events, and whether it is sent.`} closeTo={here} wide>
          <WebhookForm endpoint={endpoint} lastResult={actionData?.formId === "edit" ? actionData.result : undefined} />
        </UrlDialog>
      ) : null}
      {loaderData.deleting ? (
        <UrlDialog title={t`Delete webhook`} closeTo={here}>
          <Form method="post" action={here} className="grid gap-4">
            <input type="hidden" name="intent" value="delete" />
            <p className="text-ink">{t`Delete ${name}? It gets no more deliveries, waiting ones are not sent, and its delivery log is deleted with it.`}</p>
            <DeleteConfirmActions cancelTo={here} label={t`Delete webhook`} />
          </Form>
        </UrlDialog>
      ) : null}
      {endpoint.isActive ? null : (
        <p role="status" className="mb-6 rounded-xl border border-warning-300 bg-warning-50 p-4 font-medium text-warning-900">
          {t`Switched off: changes are not sent to this address until it is switched on.`}
        </p>
      )}
      <div className="grid gap-6 md:grid-cols-2">
        <section className={`p-5 ${cardClass}`} aria-labelledby="secret-heading">
          <h2 id="secret-heading" className="text-lg font-semibold text-ink">
            {t`Signing secret`}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            {t`The receiving program checks each delivery's webhook-signature with it (Standard Webhooks, HMAC-SHA256). Keep it as private as a password.`}
          </p>
          {loaderData.previousSignsUntil ? (
            <p role="status" className="mt-3 rounded-lg border border-warning-300 bg-warning-50 p-3 text-sm text-warning-900" data-testid="previous-secret">
              {t`The previous secret still signs beside this one until ${loaderData.previousSignsUntil}: give the receiver the new secret before then.`}
            </p>
          ) : null}
          {loaderData.secret ? null : (
            <p role="alert" className="mt-3 rounded-lg border border-danger-200 bg-danger-50 p-3 text-sm text-danger-800">
              {t`The secret cannot be opened with this server's secret.key (was the database restored without it?), so nothing is sent. Make a new secret and give it to the receiver.`}
            </p>
          )}
          <details className="mt-3">
            <summary className="inline-flex min-h-tap cursor-pointer items-center font-semibold text-brand-800">{t`Show the secret`}</summary>
            <p className="mt-2 rounded-lg bg-slate-100 p-3 font-mono text-sm break-all text-ink" data-testid="webhook-secret">
              {loaderData.secret}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              {loaderData.secret ? <CopyButton text={loaderData.secret} label={t`Copy the secret`} /> : null}
              <Form method="post" action={here}>
                <input type="hidden" name="intent" value="new-secret" />
                <button type="submit" className={btn.small}>
                  {t`Make a new secret`}
                </button>
              </Form>
            </div>
          </details>
        </section>
        <section className={`p-5 ${cardClass}`} aria-labelledby="events-heading">
          <h2 id="events-heading" className="text-lg font-semibold text-ink">
            {t`Events sent`}
          </h2>
          <ul className="mt-2 grid gap-1 text-sm">
            {endpoint.events.map((e) => (
              <li key={e}>
                {isWebhookEvent(e) ? webhookEventLabel(e) : e} <span className="font-mono text-xs text-ink-muted">{e}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading" className="text-lg font-semibold text-ink">
          {t`Deliveries`} <span className="text-base font-normal text-ink-muted">({loaderData.total})</span>
        </h2>
        <p className="mt-1 text-base text-ink-muted">
          {t`A delivery the receiver does not accept (an answer other than 2xx, or none) is tried again, less often each time, for 24 hours; then it is marked failed and 'Send again' queues it once more. Fixed the receiver? 'Try now' sends the waiting ones at once.`}
        </p>
        {deliveries.length === 0 ? (
          <div className="mt-3">
            <EmptyState icon="eye" title={t`Nothing sent yet`}>
              {endpoint.isActive
                ? t`The next change of the kinds above is sent at once and shows here, with the receiver's answer and how long it took.`
                : t`Switch the webhook on: the next change of the kinds above is then sent and shows here.`}
            </EmptyState>
          </div>
        ) : (
          <table className="table-cards mt-3 w-full text-left text-base">
            <thead className="border-b border-line text-sm text-ink-muted">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {words.event}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {words.status}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {words.answer}
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">{words.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {deliveries.map((d) => {
                const status = Object.hasOwn(STATUS_CLASS, d.status) ? d.status : "pending";
                const { attempts, nextAttempt: next } = d;
                return (
                  <tr key={d.id} data-testid="webhook-delivery">
                    <td data-label={words.event} className="py-3 pr-3">
                      <span className="font-mono text-sm">{d.eventType}</span>
                      <span className="block text-sm text-ink-muted">{d.created}</span>
                      <span className="block font-mono text-xs break-all text-ink-muted">{d.messageId}</span>
                    </td>
                    <td data-label={words.status} className="py-3 pr-3 text-sm">
                      <span className={STATUS_CLASS[status]}>{statusLabel[status]}</span>
                      <span className="block text-ink-muted">
                        {next
                          ? plural(attempts, { one: `# attempt, next ${next}`, other: `# attempts, next ${next}` })
                          : plural(attempts, { one: "# attempt", other: "# attempts" })}
                      </span>
                    </td>
                    <td data-label={words.answer} className="py-3 pr-3 text-sm">
                      {d.httpStatus !== null ? `HTTP ${d.httpStatus}` : d.attempts > 0 ? words.noAnswer : "—"}
                      {d.responseMs !== null ? <span className="text-ink-muted"> {t`in ${d.responseMs} ms`}</span> : null}
                      {d.error ? <span className="block text-danger-800 wrap-anywhere">{d.error}</span> : null}
                    </td>
                    <td data-label={words.actions} className="cell-actions py-3">
                      {d.status === "pending" ? (
                        d.attempts > 0 ? (
                          <Form method="post" action={here}>
                            <input type="hidden" name="intent" value="try-now" />
                            <button type="submit" className={btn.small} aria-label={t`Try now: ${d.eventType} ${d.messageId}`}>
                              {t`Try now`}
                            </button>
                          </Form>
                        ) : null
                      ) : (
                        <Form method="post" action={here}>
                          <input type="hidden" name="intent" value="send-again" />
                          <input type="hidden" name="delivery" value={d.id} />
                          <input type="hidden" name="page" value={page} />
                          <button type="submit" className={btn.small} aria-label={t`Send again: ${d.eventType} ${d.messageId}`}>
                            {t`Send again`}
                          </button>
                        </Form>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        <PageLinks page={page} pages={pages} href={(p) => (p === 1 ? here : `${here}?page=${p}`)} />
      </section>
    </div>
  );
}
