import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData } from "react-router";
import { formMessages, useAnswerToast } from "~/components/forms";
import { btn, cardClass, FieldError, inputClass, Label, PageHeader } from "~/components/ui";
import { i18n } from "~/domain/i18n-runtime";
import { LOGO_MAX_BYTES } from "~/domain/logo-image";
import type { RouteBody } from "~/pipeline/route-rules.server";
import type { Route } from "./+types/settings-customer-page";
import type { action } from "./settings-customer-page.server";
export { loader, action } from "./settings-customer-page.server";

// Global Settings → Customer page: the shop's name and logo at the top of every customer status page
// (docs/decisions/0043-calendar-feeds-and-customer-links.md). The logo form sends the picture with the page, so it
// works without JavaScript; the server keeps it only if its bytes are a PNG, JPEG or WebP of at most 512 KB.

/** The logo form carries a file: management may send an upload's size (pipeline/route-rules.server). */
export const body: RouteBody = { POST: { limit: "upload", permission: "settings:write", upload: "multipart" } };

export const meta = () => [{ title: i18n._(msg`Customer page · Global Settings · Shopflow`) }];

export default function SettingsCustomerPage({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const actionData = useActionData<typeof action>();
  const answerToast = useAnswerToast(actionData);
  const nameErrors = actionData?.formId === "name" ? formMessages(actionData.result) : [];
  const logoError = actionData?.formId === "logo" ? formMessages(actionData.result)[0] : undefined;
  const maxKb = LOGO_MAX_BYTES / 1024;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      {answerToast}
      <Link to="/settings" className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        {t`← Back to Global Settings`}
      </Link>
      <PageHeader
        title={t`Customer page`}
        subtitle={t`The shop's name and logo at the top of the status page a customer opens with a project's customer link (made on the project's page).`}
      />
      <section className={`p-5 ${cardClass}`} aria-labelledby="shop-name">
        <h2 id="shop-name" className="text-lg font-semibold text-ink">
          {t`Shop name`}
        </h2>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="name" />
          <div className="min-w-0 flex-1 basis-64">
            <Label htmlFor="shop-name-input">{t`Name customers see (optional)`}</Label>
            <input
              id="shop-name-input"
              name="shopName"
              className={inputClass}
              defaultValue={loaderData.shopName ?? ""}
              maxLength={100}
              placeholder={t`Main Street Signs`}
              aria-describedby={nameErrors.length ? "shop-name-error" : undefined}
            />
            <FieldError id="shop-name-error" errors={nameErrors} />
          </div>
          <button type="submit" className={btn.primary}>
            {t`Save name`}
          </button>
        </Form>
      </section>
      <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby="shop-logo">
        <h2 id="shop-logo" className="text-lg font-semibold text-ink">
          {t`Logo`}
        </h2>
        {loaderData.hasLogo ? (
          <div className="mt-3 flex flex-wrap items-center gap-4">
            <img src="/shop-logo" alt={t`The shop's logo as customers see it`} className="h-16 w-auto max-w-full rounded border border-line object-contain" />
            <Form method="post">
              <input type="hidden" name="intent" value="remove-logo" />
              <button type="submit" className={btn.smallDanger}>
                {t`Remove logo`}
              </button>
            </Form>
          </div>
        ) : (
          <p className="mt-2 text-base text-ink-muted">{t`No logo yet: customer pages show the shop's name alone.`}</p>
        )}
        <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="logo" />
          <div className="min-w-0 flex-1 basis-64">
            <Label htmlFor="shop-logo-input">
              {loaderData.hasLogo ? t`Replace with (PNG, JPEG or WebP, at most ${maxKb} KB)` : t`Picture (PNG, JPEG or WebP, at most ${maxKb} KB)`}
            </Label>
            <input
              id="shop-logo-input"
              name="logo"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              required
              className={inputClass}
              aria-describedby={logoError ? "shop-logo-error" : undefined}
            />
            <FieldError id="shop-logo-error" errors={logoError ? [logoError] : undefined} />
          </div>
          <button type="submit" className={btn.primary}>
            {t`Upload logo`}
          </button>
        </Form>
      </section>
    </div>
  );
}
