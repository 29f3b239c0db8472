import { useLingui } from "@lingui/react/macro";
import { BarChart } from "../charts";
import { FlowSection, td, th } from "./flow-section";
import type { MachineFlow } from "./flow-types";

/** The machines' completed files (a bar chart) and median processing time (a table). */
export function MachinesFlow({ machines, query }: { machines: MachineFlow[]; query: string }) {
  const { t } = useLingui();
  return (
    <FlowSection id="machines-h" title={t`Machines`} table="machines" query={query} label={t`the machines table`}>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <BarChart
          title={t`Files completed`}
          empty={t`No machine file was completed in this range.`}
          bars={machines.map((m) => ({ key: m.key, label: m.label, value: m.completed, display: m.completedText }))}
        />
        {machines.length ? (
          <table className="w-full text-sm">
            <caption className="sr-only">{t`Files completed and median processing time per machine`}</caption>
            <thead className="border-b border-line">
              <tr>
                {[t`Machine`, t`Files completed`, t`Median processing`].map((c) => (
                  <th key={c} scope="col" className={th}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line text-ink">
              {machines.map((m) => (
                <tr key={m.key}>
                  <th scope="row" className="px-1.5 py-2 text-left font-medium lg:px-3">
                    {m.label}
                  </th>
                  <td className={td}>{m.completedText}</td>
                  <td className={td}>{m.median}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </FlowSection>
  );
}
