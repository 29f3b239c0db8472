import { useLingui } from "@lingui/react/macro";
import { ColumnChart, type Column } from "../charts";
import { FlowSection, th } from "./flow-section";

/** Items finished per day, week or month (`period`): a column chart, with the numbers behind a disclosure. */
export function FinishedItems({ finished, period, query }: { finished: Column[]; period: "day" | "week" | "month"; query: string }) {
  const { t } = useLingui();
  const title = period === "day" ? t`Items finished per day` : period === "week" ? t`Items finished per week` : t`Items finished per month`;
  const label = period === "day" ? t`items finished per day` : period === "week" ? t`items finished per week` : t`items finished per month`;
  return (
    <FlowSection id="finished-h" title={title} table="finished" query={query} label={label}>
      <p className="mt-1 text-sm text-ink-muted">{t`An item is finished when its timer stops in the last department of its sequence.`}</p>
      <div className="mt-4">
        <ColumnChart title={title} columns={finished} unit={t`items`} empty={t`No item finished its last department in this range.`} />
      </div>
      <details className="mt-3">
        <summary className="min-h-tap cursor-pointer py-2 text-sm font-medium text-brand-800">{t`Show the numbers`}</summary>
        <table className="mt-2 text-sm">
          <thead>
            <tr>
              <th scope="col" className={th}>
                {period === "day" ? t`Day` : period === "week" ? t`Week` : t`Month`}
              </th>
              <th scope="col" className={th}>
                {t`Items finished`}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line text-ink">
            {finished.map((p) => (
              <tr key={p.key}>
                <td className="px-3 py-1">{p.label}</td>
                <td className="px-3 py-1 tabular-nums">{p.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </FlowSection>
  );
}
