import { getSelectProps } from "@conform-to/react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { TextField } from "~/components/forms";
import { OneTimeLink } from "~/components/one-time-link";
import { KeyedLinkPage } from "~/components/settings/keyed-link-page";
import { ShopAddressNotice } from "~/components/shop-address-notice";
import { btn, FieldError, inputClass, Label } from "~/components/ui";
import { i18n } from "~/domain/i18n-runtime";
import { CalendarKeyFormSchema } from "~/schemas/calendar";
import type { Route } from "./+types/settings-calendars";
export { loader, action } from "./settings-calendars.server";

// Global Settings → Calendar feeds: management makes an iCalendar feed of a department's or a member's dates for
// their phone's calendar, sees when each was last fetched, and revokes one that leaked. The feed's address (its
// key) is shown once, when made (docs/decisions/0043-calendar-feeds-and-customer-links.md).

export const meta = () => [{ title: i18n._(msg`Calendar feeds · Global Settings · Shopflow`) }];

export default function SettingsCalendars({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  return (
    <KeyedLinkPage
      width="max-w-4xl"
      title={t`Calendar feeds`}
      subtitle={t`A department's or a team member's step dates, due dates and expected finishes, in their phone's calendar app. Read-only: a feed opens nothing else.`}
      notice={<ShopAddressNotice note={loaderData.addressNote} carriers={t`feed addresses`} className="mb-6" />}
      schema={CalendarKeyFormSchema}
      form={{
        heading: t`New calendar feed`,
        headingId: "new-calendar-feed",
        className: "mt-3 flex flex-wrap items-end gap-3",
        fields: (fields) => (
          <>
            <div className="min-w-0 flex-1 basis-64">
              <Label htmlFor={fields.subject.id}>{t`Whose dates`}</Label>
              <select className={inputClass} {...getSelectProps(fields.subject)}>
                <option value="">{t`Choose a department or a team member`}</option>
                <optgroup label={t`Departments`}>
                  {loaderData.departments.map((d) => (
                    <option key={d.value} value={`department:${d.value}`}>
                      {d.name}
                    </option>
                  ))}
                </optgroup>
                <optgroup label={t`Team members`}>
                  {loaderData.members.map((m) => (
                    <option key={m.id} value={`member:${m.id}`}>
                      {m.name}
                    </option>
                  ))}
                </optgroup>
              </select>
              <FieldError id={fields.subject.errorId} errors={fields.subject.errors} />
            </div>
            <TextField field={fields.name} label={t`Name (optional)`} className="min-w-0 flex-1 basis-64" placeholder={t`Installers' phones`} />
          </>
        ),
        submit: t`Make calendar feed`,
      }}
      reveal={({ name, link, webcal }: { name: string; link: string; webcal: string }) => (
        <>
          <p className="font-semibold">{t`Calendar feed ${name} made. Copy its address now: it is not shown again.`}</p>
          <OneTimeLink label={t`Feed address (subscribe to it in the calendar app)`} link={link} testId="calendar-link" />
          <p className="mt-2 text-sm text-ink">
            <Trans>
              On a phone or a Mac,{" "}
              <a href={webcal} className={btn.link}>
                subscribe with one tap
              </a>
              . In Google Calendar: Other calendars → From URL. In Outlook: Add calendar → Subscribe from web.
            </Trans>
          </p>
        </>
      )}
      list={{
        heading: t`Feeds`,
        headingId: "calendar-feeds",
        columns: [
          { label: t`Dates of`, cell: (k) => k.subject, className: "py-3 pr-3 cell-text" },
          { label: t`Made`, cell: (k) => k.created },
          { label: t`Last fetched`, cell: (k) => k.lastUsed },
        ],
        revokeLabel: ({ name }) => t`calendar feed ${name}`,
        rowTestId: "calendar-feed-row",
        empty: {
          icon: "clock",
          title: t`No calendar feeds yet`,
          text: t`Make one above, for Installation for example, and subscribe to it in the installers' calendar app.`,
        },
      }}
      rows={loaderData.links}
    />
  );
}
