import { RevokeCell } from "~/components/settings/revoke-cell";
import { ShopAddressNotice } from "~/components/shop-address-notice";
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData } from "react-router";
import { OneTimeLink } from "~/components/one-time-link";
import { btn, cardClass, EmptyState, FieldError, inputClass, Label, PageHeader } from "~/components/ui";
import { CalendarKeyFormSchema } from "~/schemas/calendar";
import type { Route } from "./+types/settings-calendars";
import type { action } from "./settings-calendars.server";
export { loader, action } from "./settings-calendars.server";

// Global Settings → Calendar feeds: management makes an iCalendar feed of a department's or a member's dates for
// their phone's calendar, sees when each was last fetched, and revokes one that leaked. The feed's address (its
// key) is shown once, when made (docs/decisions/0043-calendar-feeds-and-customer-links.md).

export const meta = () => [{ title: "Calendar feeds · Global Settings · Shopflow" }];

export default function SettingsCalendars({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(CalendarKeyFormSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CalendarKeyFormSchema }),
  });
  const created = actionData?.created ?? null;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
      <Link to="/settings" className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        ← Back to Global Settings
      </Link>
      <PageHeader
        title="Calendar feeds"
        subtitle="A department's or a team member's step dates, due dates and expected finishes, in their phone's calendar app. Read-only: a feed opens nothing else."
      />
      <ShopAddressNotice note={loaderData.addressNote} carriers="feed addresses" className="mb-6" />
      {created ? (
        <div role="status" className="mb-6 rounded-xl border border-success-700 bg-success-50 p-4 text-success-800">
          <p className="font-semibold">Calendar feed {created.name} made. Copy its address now: it is not shown again.</p>
          <OneTimeLink label="Feed address (subscribe to it in the calendar app)" link={created.link} testId="calendar-link" />
          <p className="mt-2 text-sm text-ink">
            On a phone or a Mac,{" "}
            <a href={created.webcal} className={btn.link}>
              subscribe with one tap
            </a>
            . In Google Calendar: Other calendars → From URL. In Outlook: Add calendar → Subscribe from web.
          </p>
        </div>
      ) : null}
      <section className={`p-5 ${cardClass}`} aria-labelledby="new-calendar-feed">
        <h2 id="new-calendar-feed" className="text-lg font-semibold text-ink">
          New calendar feed
        </h2>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="create" />
          <div className="min-w-0 flex-1 basis-64">
            <Label htmlFor={fields.subject.id}>Whose dates</Label>
            <select className={inputClass} {...getSelectProps(fields.subject)}>
              <option value="">Choose a department or a team member</option>
              <optgroup label="Departments">
                {loaderData.departments.map((d) => (
                  <option key={d.value} value={`department:${d.value}`}>
                    {d.name}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Team members">
                {loaderData.members.map((m) => (
                  <option key={m.id} value={`member:${m.id}`}>
                    {m.name}
                  </option>
                ))}
              </optgroup>
            </select>
            <FieldError id={fields.subject.errorId} errors={fields.subject.errors} />
          </div>
          <div className="min-w-0 flex-1 basis-64">
            <Label htmlFor={fields.name.id}>Name (optional)</Label>
            <input className={inputClass} placeholder="Installers' phones" {...getInputProps(fields.name, { type: "text" })} />
            <FieldError id={fields.name.errorId} errors={fields.name.errors} />
          </div>
          <button type="submit" className={btn.primary}>
            Make calendar feed
          </button>
        </Form>
      </section>
      <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby="calendar-feeds">
        <h2 id="calendar-feeds" className="text-lg font-semibold text-ink">
          Feeds
        </h2>
        {loaderData.feeds.length === 0 ? (
          <div className="mt-3">
            <EmptyState icon="clock" title="No calendar feeds yet">
              Make one above, for Installation for example, and subscribe to it in the installers' calendar app.
            </EmptyState>
          </div>
        ) : (
          <table className="table-cards mt-3 w-full text-left text-base">
            <thead className="border-b border-line text-sm text-ink-muted">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Name
                </th>
                <th scope="col" className="py-2 pr-3">
                  Dates of
                </th>
                <th scope="col" className="py-2 pr-3">
                  Made
                </th>
                <th scope="col" className="py-2 pr-3">
                  Last fetched
                </th>
                <th scope="col" className="py-2">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {loaderData.feeds.map((k) => (
                <tr key={k.id} data-testid="calendar-feed-row">
                  <td data-label="Name" className="py-3 pr-3 font-medium cell-text">
                    {k.name}
                  </td>
                  <td data-label="Dates of" className="py-3 pr-3 cell-text">
                    {k.subject}
                  </td>
                  <td data-label="Made" className="py-3 pr-3">
                    {k.created}
                  </td>
                  <td data-label="Last fetched" className="py-3 pr-3">
                    {k.lastUsed}
                  </td>
                  <RevokeCell id={k.id} revoked={k.revoked} label={`calendar feed ${k.name}`} />
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
