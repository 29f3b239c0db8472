import { getCollectionProps, getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useLingui } from "@lingui/react/macro";
import { Form, useNavigation } from "react-router";
import { WEEKDAY_SHORT } from "~/domain/forecast-words";
import { capacityFormSchema, MAX_PEOPLE, WorkingCalendarFormSchema } from "~/schemas/capacity";
import { btn, checkboxClass, checkRowClass, FieldError, inputClass, Label } from "../ui";
import { FormErrors, TextField } from "~/components/forms";

// Global Settings → Capacity and calendar (docs/decisions/0038-finish-date-forecast.md): the shop's week, and what each
// department can do in a day. Plain form posts, checked by the same schemas in the browser and on the server.

const HERE = "/settings/capacity";

export type CalendarValues = {
  workingDays: readonly number[];
  dayStart: string;
  dayHours: number;
  holidays: { date: string; label: string }[];
  pauseAtDayEnd: boolean;
};

export function CalendarForm({ calendar, version, lastResult }: { calendar: CalendarValues; version: number; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useLingui();
  const busy = useNavigation().formData?.get("intent") === "calendar";
  // The fields as the form holds them (text); the schema turns them into the saved values.
  const [form, fields] = useForm<{ workingDays: string[]; dayStart: string; dayHours: string; holidays: string; pauseAtDayEnd: string }>({
    id: "calendar",
    lastResult,
    defaultValue: {
      workingDays: calendar.workingDays.map(String),
      dayStart: calendar.dayStart,
      dayHours: String(calendar.dayHours),
      holidays: calendar.holidays.map((h) => h.date).join("\n"),
      pauseAtDayEnd: calendar.pauseAtDayEnd ? "on" : "",
    },
    constraint: getZodConstraint(WorkingCalendarFormSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: WorkingCalendarFormSchema }) as never,
  });
  return (
    <Form method="post" action={HERE} className="mt-3 space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="calendar" />
      <input type="hidden" name="version" value={version} />
      <FormErrors errors={form.errors} />
      <fieldset aria-describedby={fields.workingDays.errorId}>
        <legend className="text-sm font-medium text-ink">{t`Working days`}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4">
          {getCollectionProps(fields.workingDays, { type: "checkbox", options: ["1", "2", "3", "4", "5", "6", "7"] }).map(({ key, ...props }) => (
            <label key={key} className={checkRowClass}>
              <input {...props} className={checkboxClass} /> {WEEKDAY_SHORT[Number(props.value)]}
            </label>
          ))}
        </div>
        <FieldError id={fields.workingDays.errorId} errors={fields.workingDays.errors} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={fields.dayStart.id}>{t`Work starts at`}</Label>
          <input className={inputClass} {...getInputProps(fields.dayStart, { type: "time" })} />
          <FieldError id={fields.dayStart.errorId} errors={fields.dayStart.errors} />
        </div>
        <TextField field={fields.dayHours} label={t`Hours in a working day`} type="number" inputMode="decimal" step="0.25" />
      </div>
      <div>
        <Label htmlFor={fields.holidays.id}>{t`Holidays (days the shop is closed)`}</Label>
        <textarea
          className={`${inputClass} min-h-32 font-mono`}
          placeholder={"2026-12-24\n2026-12-25"}
          aria-describedby={`${fields.holidays.id}-hint`}
          {...getTextareaProps(fields.holidays)}
        />
        <p id={`${fields.holidays.id}-hint`} className="mt-1 text-sm text-ink-muted">
          {t`One date a line, as YYYY-MM-DD. Past holidays can stay: they change nothing.`}
        </p>
        <FieldError id={fields.holidays.errorId} errors={fields.holidays.errors} />
      </div>
      {calendar.holidays.length > 0 ? (
        <ul aria-label={t`Saved holidays`} className="flex flex-wrap gap-2 text-sm text-ink">
          {calendar.holidays.map((h) => (
            <li key={h.date} className="rounded-full border border-line bg-canvas px-3 py-1">
              {h.label}
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <label className={checkRowClass}>
          <input {...getInputProps(fields.pauseAtDayEnd, { type: "checkbox" })} className={checkboxClass} aria-describedby="pause-at-day-end-hint" />{" "}
          {t`Pause forgotten timers at the end of the day`}
        </label>
        <p id="pause-at-day-end-hint" className="mt-1 text-sm text-ink-muted">
          {t`A timer still running an hour after the working day ends is paused at the day's end, so a night does not count as work. Whoever started it is told when they next sign in.`}
        </p>
      </div>
      <div className="flex justify-end border-t border-line pt-4">
        <button type="submit" className={btn.primary} disabled={busy}>
          {busy ? t`Saving...` : t`Save calendar`}
        </button>
      </div>
    </Form>
  );
}

export type CapacityRow = { id: number; name: string; isActive: boolean; people: number; hours: number | null; version: number };

const hoursText = (h: number) => `${Number.isInteger(h) ? h : h.toFixed(2).replace(/0$/, "")} h`;

export function CapacityForm({
  departments,
  dayHours,
  lastResult,
}: {
  departments: CapacityRow[];
  dayHours: number;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useLingui();
  const busy = useNavigation().formData?.get("intent") === "capacity";
  const schema = capacityFormSchema(departments.map((d) => d.id));
  const [form, fields] = useForm({
    id: "capacity",
    lastResult,
    defaultValue: Object.fromEntries(
      departments.flatMap((d) => [
        [`people-${d.id}`, String(d.people)],
        [`hours-${d.id}`, d.hours === null ? "" : String(d.hours)],
      ]),
    ),
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" action={HERE} className="mt-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="capacity" />
      {departments.map((d) => (
        <input key={d.id} type="hidden" name={`version-${d.id}`} value={d.version} />
      ))}
      <FormErrors errors={form.errors} />
      <table className="table-cards w-full text-left text-base">
        <thead className="border-b border-line text-sm text-ink-muted">
          <tr>
            <th scope="col" className="py-2 pr-3">
              {t`Department`}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t`People`}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t`Hours each a day`}
            </th>
            <th scope="col" className="py-2">
              {t`Work a day`}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {departments.map((d) => {
            const name = d.name;
            const people = fields[`people-${d.id}`]!;
            const hours = fields[`hours-${d.id}`]!;
            const perDay = d.people * (d.hours ?? dayHours);
            return (
              <tr key={d.id}>
                <th scope="row" data-label={t`Department`} className="py-3 pr-3 text-left font-semibold text-ink">
                  <span className="cell-text">{d.name}</span>
                  {d.isActive ? null : <span className="ml-2 text-sm font-normal text-ink-muted">{t`(inactive)`}</span>}
                </th>
                <td data-label={t`People`} className="py-2 pr-3">
                  <input
                    className={`${inputClass} max-w-28`}
                    inputMode="numeric"
                    min={0}
                    max={MAX_PEOPLE}
                    aria-label={t`People in ${name}`}
                    {...getInputProps(people, { type: "number" })}
                  />
                  <FieldError id={people.errorId} errors={people.errors} />
                </td>
                <td data-label={t`Hours each a day`} className="py-2 pr-3">
                  <input
                    className={`${inputClass} max-w-28`}
                    inputMode="decimal"
                    step="0.25"
                    placeholder={String(dayHours)}
                    aria-label={t`Hours each person in ${name} works a day (empty: the shop's ${dayHours})`}
                    {...getInputProps(hours, { type: "number" })}
                  />
                  <FieldError id={hours.errorId} errors={hours.errors} />
                </td>
                <td data-label={t`Work a day`} className="py-2 text-sm text-ink">
                  {perDay > 0 ? hoursText(perDay) : <span className="font-semibold text-danger-700">{t`None: its items get no expected finish`}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="mt-4 flex justify-end border-t border-line pt-4">
        <button type="submit" className={btn.primary} disabled={busy}>
          {busy ? t`Saving...` : t`Save capacity`}
        </button>
      </div>
    </Form>
  );
}
