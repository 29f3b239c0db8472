import { useLingui } from "@lingui/react/macro";
import { BarChart } from "../charts";
import { FlowSection, td, th } from "./flow-section";
import type { DepartmentFlow } from "./flow-types";

/** Where work waits and where it is done: the two bar charts and the table of every department. */
export function DepartmentsFlow({ departments, query }: { departments: DepartmentFlow[]; query: string }) {
  const { t } = useLingui();
  const DEPARTMENT_COLUMNS = [
    t`Hands-on time`,
    t`Sessions`,
    t`Median session`,
    t`Median wait before`,
    t`Average wait`,
    t`Hand-offs`,
    t`Waiting now`,
    t`Running now`,
  ];
  return (
    <FlowSection id="departments-h" title={t`Departments`} table="departments" query={query} label={t`the departments table`}>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <BarChart
          title={t`Median wait before work starts`}
          note={t`From an item's stop in one department to its start in the next.`}
          empty={t`No hand-offs between departments in this range.`}
          bars={departments
            .filter((x) => x.medianWait > 0)
            .map((x) => ({ key: x.key, label: x.label, value: x.medianWait, display: x.medianWaitText, highlight: x.bottleneck }))}
        />
        <BarChart
          title={t`Hands-on time`}
          note={t`Timer sessions that ended in this range.`}
          empty={t`No timer sessions ended in this range.`}
          bars={departments.filter((x) => x.handsOn > 0).map((x) => ({ key: x.key, label: x.label, value: x.handsOn, display: x.handsOnText }))}
        />
      </div>
      {/* A card per department on a phone (docs/design.md, 'Tables that become cards on phones'); from md the
          table fits 768 px, and should a name or a figure still make it wider, it scrolls in its card, never
          the page. */}
      <div className="md:overflow-x-auto">
        <table className="table-cards mt-4 w-full text-sm">
          <caption className="sr-only">{t`Hands-on time, waiting time and work in progress per department`}</caption>
          <thead className="border-b border-line">
            <tr>
              <th scope="col" className={th}>
                {t`Department`}
              </th>
              {DEPARTMENT_COLUMNS.map((c) => (
                <th key={c} scope="col" className={th}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line text-ink">
            {departments.map((x) => (
              <tr key={x.key} data-testid="department-row">
                <th scope="row" className="px-1.5 py-2 text-left font-semibold max-md:block max-md:px-0 lg:px-3">
                  {x.label}
                  {x.bottleneck ? (
                    <span className="ml-2 inline-block rounded-full bg-danger-50 px-2 text-sm font-semibold whitespace-nowrap text-danger-800">{t`Bottleneck`}</span>
                  ) : null}
                </th>
                {[x.handsOnText, x.sessions, x.medianSession, x.medianWaitText, x.averageWait, x.waits, x.wipWaiting, x.wipRunning].map((v, i) => (
                  <td key={DEPARTMENT_COLUMNS[i]} data-label={DEPARTMENT_COLUMNS[i]} className={td}>
                    {v}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </FlowSection>
  );
}
