import { useLingui } from "@lingui/react/macro";
import { Form } from "react-router";
import { OneTimeLink } from "~/components/one-time-link";
import { LanguageChoice } from "~/components/language-choice";
import { ShopAddressNotice } from "~/components/shop-address-notice";
import type { ShopAddressNote } from "~/domain/hosts";
import { btn, cardClass } from "~/components/ui";
import type { CustomerLinkView } from "~/views/customer-link-form.server";

// The project page's 'Customer link' (docs/decisions/0043-calendar-feeds-and-customer-links.md): a read-only status
// page for the shop's customer, made here and shown once, revoked here, with when each link was last opened.

export function CustomerLink({
  links,
  made,
  here,
  addressNote,
}: {
  links: CustomerLinkView[];
  made: string | null;
  here: string;
  addressNote?: ShopAddressNote;
}) {
  const { t } = useLingui();
  const active = links.filter((l) => !l.revoked);
  return (
    <section id="customer-link" aria-labelledby="customer-link-title" className={`p-4 sm:p-5 ${cardClass}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="customer-link-title" className="text-lg font-semibold text-ink">
            {t`Customer link`}
          </h2>
          <p className="mt-1 text-base text-ink-muted">
            {t`A page for the customer: the project's name, its stages and the expected finish date. No names, times, prices or notes.`}
          </p>
        </div>
        <Form method="post" action={`${here}#customer-link`}>
          <input type="hidden" name="intent" value="create-customer-link" />
          <LanguageChoice kind="customer" className="mb-2" />
          <button type="submit" className={btn.secondary}>
            {t`Make customer link`}
          </button>
        </Form>
      </div>
      <ShopAddressNotice note={addressNote} carriers={t`customer links`} className="mt-3" />
      {made ? (
        <div role="status" className="mt-3 rounded-xl border border-success-700 bg-success-50 p-4 text-success-800">
          <p className="font-semibold">{t`Customer link made. Copy it now and send it to the customer: it is not shown again.`}</p>
          <OneTimeLink label={t`Customer link`} link={made} testId="customer-link" />
        </div>
      ) : null}
      {links.length === 0 ? (
        <p className="mt-3 text-base text-ink-muted">{t`No customer link yet.`}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line" aria-label={t`Customer links`}>
          {links.map((l) => (
            <li key={l.id} className="flex flex-wrap items-center justify-between gap-3 py-2 text-base" data-testid="customer-link-row">
              <span className="min-w-0 text-ink">
                {t`Made ${l.created} · Last opened: ${l.lastOpened}`}
                {l.revoked ? <span className="text-ink-muted">{t` · Revoked ${l.revoked}`}</span> : null}
              </span>
              {l.revoked ? null : (
                <Form method="post" action={`${here}#customer-link`}>
                  <input type="hidden" name="intent" value="revoke-customer-link" />
                  <input type="hidden" name="linkId" value={l.id} />
                  <button type="submit" className={btn.smallDanger} aria-label={t`Revoke the customer link made ${l.created}`}>
                    {t`Revoke`}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {active.length > 1 ? (
        <p className="mt-2 text-sm text-ink-muted">{t`${active.length} links work now: revoke those the customer no longer needs.`}</p>
      ) : null}
    </section>
  );
}
