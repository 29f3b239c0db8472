import { useLingui } from "@lingui/react/macro";

/** A department's day as the schedule draws it: words and figures worked out by the loader. */
export type ScheduleCell = { date: string; booked: string; capacity: string; percent: string; level: "free" | "busy" | "full" | "over" };

type Row = { value: string; name: string; capacity: string; undated: string; late: string; days: ScheduleCell[] };
type Day = { date: string; weekday: string; day: string };

const th = "px-1.5 py-2 text-left font-medium text-ink-muted whitespace-nowrap";
// Colour follows the share booked; the words say it too (never colour alone, docs/design.md).
const LEVEL: Record<ScheduleCell["level"], string> = {
  free: "text-ink",
  busy: "bg-brand-50 text-ink",
  full: "bg-warning-50 text-ink",
  over: "bg-danger-50 font-semibold text-danger-800",
};

/**
 * Hours booked against capacity per department and working day. A table from md, scrolling in its own card when
 * fifteen days do not fit; a card per department on a phone (docs/design.md, 'Tables that become cards on phones').
 */
export function LoadTable({ rows, days }: { rows: Row[]; days: Day[] }) {
  const { t } = useLingui();
  const col = { capacity: t`Capacity a day`, late: t`Already late`, undated: t`No due date` };
  const over = t`over`;
  return (
    // Fifteen days may not fit: the table scrolls sideways in its card, and a keyboard must be able to scroll it
    // (axe's scrollable-region-focusable), so the scroller takes focus, with a name of its own.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container is reached by keyboard to scroll it
    <section className="md:overflow-x-auto" aria-label={t`Hours booked per department and day`} tabIndex={0}>
      <table className="table-cards mt-4 w-full text-sm" data-testid="load-table">
        <caption className="sr-only">{t`Hours of work booked against capacity, per department and working day`}</caption>
        <thead className="border-b border-line">
          <tr>
            <th scope="col" className={th}>
              {t`Department`}
            </th>
            <th scope="col" className={th}>
              {col.capacity}
            </th>
            {days.map((d) => (
              <th key={d.date} scope="col" className="px-1.5 py-2 text-center font-medium whitespace-nowrap text-ink-muted">
                <span className="block">{d.weekday}</span>
                <span className="block font-normal">{d.day}</span>
              </th>
            ))}
            <th scope="col" className={th}>
              {col.late}
            </th>
            <th scope="col" className={th}>
              {col.undated}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line text-ink">
          {rows.map((r) => (
            <tr key={r.value} data-testid="load-row">
              <th scope="row" className="cell-text px-2 py-2 text-left font-semibold max-md:block max-md:px-0">
                {r.name}
              </th>
              <td data-label={col.capacity} className="px-2 py-2 tabular-nums max-md:px-0 md:whitespace-nowrap">
                {r.capacity}
              </td>
              {r.days.map((c, i) => (
                <td
                  key={c.date}
                  data-label={`${days[i]!.weekday} ${days[i]!.day}`}
                  data-level={c.level}
                  className={`px-1.5 py-2 text-center tabular-nums max-md:px-0 max-md:text-left md:whitespace-nowrap ${LEVEL[c.level]}`}
                >
                  {/* One span: on a phone the cell is one 'label: value' line (docs/design.md). */}
                  <span>
                    <span className="md:block">
                      {c.percent}
                      {c.level === "over" ? ` ${over}` : ""}
                    </span>{" "}
                    <span className="text-ink-muted md:block">{t`${c.booked} of ${c.capacity}`}</span>
                  </span>
                </td>
              ))}
              <td data-label={col.late} className="px-2 py-2 tabular-nums max-md:px-0 md:whitespace-nowrap">
                {r.late}
              </td>
              <td data-label={col.undated} className="px-2 py-2 tabular-nums max-md:px-0 md:whitespace-nowrap">
                {r.undated}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
