import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData } from "react-router";
import { FormErrors, TextField, useAnswerToast } from "~/components/forms";
import { btn, cardClass, PageHeader } from "~/components/ui";
import { ShopAddressFormSchema } from "~/schemas/shop-settings";
import { i18n as pageI18n } from "~/domain/i18n-runtime";
import type { Route } from "./+types/settings-shop-address";
import type { action } from "./settings-shop-address.server";
export { loader, action } from "./settings-shop-address.server";

// Global Settings → Shop address (docs/decisions/0026-shop-address-and-labels.md): the address phones and scanners
// open, which every QR label, label PDF, thermal label and board link carries. Home's 'Set up your shop' offers the
// address the manager's browser is using and posts here. Once set, the server answers to no other host name (but
// loopback ones and ALLOWED_HOSTS). PUBLIC_URL, when the server has it, wins and this page only shows it.

export const meta = () => [{ title: pageI18n._(msg`Shop address · Global Settings · Shopflow`) }];

export default function SettingsShopAddress({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { publicUrl, saved, version, origin, host, loopback, allowedHosts } = loaderData;
  const allowed = allowedHosts.join(", ");
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { shopAddress: saved ?? (loopback ? "" : origin) },
    constraint: getZodConstraint(ShopAddressFormSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ShopAddressFormSchema }),
  });
  const answerToast = useAnswerToast(actionData);
  const current = publicUrl ?? saved;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      {answerToast}
      <Link to="/settings" className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        {t`← Back to Global Settings`}
      </Link>
      <PageHeader
        title={t`Shop address`}
        subtitle={t`The address phones and scanners open: every QR label, label PDF, thermal label and board link carries it.`}
      />

      <section className={`p-5 ${cardClass}`} aria-labelledby="shop-address-now">
        <h2 id="shop-address-now" className="text-lg font-semibold text-ink">
          {t`Now`}
        </h2>
        {current ? (
          <p className="mt-2 text-base text-ink" data-testid="shop-address-current">
            {publicUrl ? (
              <Trans>
                Labels carry <span className="font-mono break-all">{current}/qr/…</span> (set by the server's PUBLIC_URL: change it where the server is
                started).
              </Trans>
            ) : (
              <Trans>
                Labels carry <span className="font-mono break-all">{current}/qr/…</span>.
              </Trans>
            )}
          </p>
        ) : (
          <div
            role="note"
            className="mt-2 rounded-lg border border-warning-300 bg-warning-50 px-3 py-2 text-base text-warning-900"
            data-testid="shop-address-current"
          >
            <p className="font-semibold">{t`Not set yet`}</p>
            <p className="mt-1">
              {loopback ? (
                <Trans>
                  Labels carry the address of the browser that prints them; this one uses <span className="font-mono break-all">{origin}</span>, which no phone
                  can open. A phone opens exactly the address on its label, so localhost can never work: on a phone, localhost is the phone itself.
                </Trans>
              ) : (
                <Trans>
                  Labels carry the address of the browser that prints them; this one uses <span className="font-mono break-all">{origin}</span>. A phone opens
                  exactly the address on its label, so localhost can never work: on a phone, localhost is the phone itself.
                </Trans>
              )}
            </p>
          </div>
        )}
      </section>

      {publicUrl ? null : (
        <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby="shop-address-set">
          <h2 id="shop-address-set" className="text-lg font-semibold text-ink">
            {saved ? t`Change the address` : t`Set the address`}
          </h2>
          {loopback ? (
            <p className="mt-2 text-base text-ink-muted">
              {t`This browser opened Shopflow at ${host}. Enter the address other devices use instead: this server's name or network address with its port, e.g. http://192.168.1.20:3000. Opening Shopflow at that address on this computer proves it works.`}
            </p>
          ) : (
            <p className="mt-2 text-base text-ink-muted">
              {t`Usually the address this browser is using, ${origin}: check that a phone on the shop's network opens it.`}
            </p>
          )}
          <Form method="post" className="mt-3 space-y-3" {...getFormProps(form)}>
            <input type="hidden" name="version" value={version} />
            <FormErrors errors={form.errors} />
            <TextField field={fields.shopAddress} label={t`Shop address`} placeholder="http://192.168.1.20:3000" inputMode="url" autoComplete="url" />
            <button type="submit" className={btn.primary}>
              {t`Save address`}
            </button>
          </Form>
          {saved ? (
            <Form method="post" className="mt-4 border-t border-line pt-4">
              <input type="hidden" name="intent" value="forget" />
              <input type="hidden" name="version" value={version} />
              <button type="submit" className={btn.secondary}>
                {t`Forget the address`}
              </button>
            </Form>
          ) : null}
        </section>
      )}

      <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby="shop-address-why">
        <h2 id="shop-address-why" className="text-lg font-semibold text-ink">
          {t`What it changes`}
        </h2>
        <ul className="mt-2 list-disc space-y-2 pl-5 text-base text-ink">
          <li>{t`Every label carries it, whichever browser prints it: a label printed from the server's own screen (localhost) still works on a phone.`}</li>
          <li>
            {allowedHosts.length
              ? t`Shopflow then answers only at this address, at localhost on the server itself, and at ${allowed} (the server's ALLOWED_HOSTS). Any other name gets 'Unknown host': that keeps other websites from reaching Shopflow through a staff member's browser.`
              : t`Shopflow then answers only at this address, at localhost on the server itself and at the names the server's ALLOWED_HOSTS lists. Any other name gets 'Unknown host': that keeps other websites from reaching Shopflow through a staff member's browser.`}
          </li>
        </ul>
      </section>
    </div>
  );
}
