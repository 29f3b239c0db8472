import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { StackedBar } from "../charts";
import { btn } from "../ui";
import { FlowSection, th } from "./flow-section";
import type { ProjectsDue } from "./flow-types";

/** The projects whose last step ends in the range: on time, late, overdue, not yet due, and the late ones by name. */
export function ProjectsDueSection({ projects, query }: { projects: ProjectsDue; query: string }) {
  const { t } = useLingui();
  const col = { project: t`Project`, due: t`Due`, status: t`Status`, items: t`Items` };
  return (
    <FlowSection id="projects-h" title={t`Projects due in this range`} table="projects" query={query} label={t`the projects due in this range`}>
      <p className="mt-1 text-sm text-ink-muted">{t`Against the end date of each project's last step: on time when every item finished by the end of that day.`}</p>
      <div className="mt-4">
        <StackedBar
          title={t`Projects on time and late`}
          empty={t`No project's last step ends in this range.`}
          segments={[
            { key: "on-time", label: t`On time`, value: projects.onTime, className: "fill-success-700" },
            { key: "late", label: t`Finished late`, value: projects.late, className: "fill-brand-700" },
            { key: "overdue", label: t`Overdue, unfinished`, value: projects.overdue, className: "fill-danger-700" },
            { key: "not-yet-due", label: t`Not yet due`, value: projects.notYetDue, className: "fill-ink-subtle" },
          ]}
        />
      </div>
      {projects.lateList.length ? (
        <table className="table-cards mt-4 w-full text-sm">
          <caption className="px-3 pb-1 text-left font-semibold text-ink max-md:px-0">{t`Late and overdue projects, latest due first`}</caption>
          <thead className="border-b border-line">
            <tr>
              {[col.project, col.due, col.status, col.items].map((c) => (
                <th key={c} scope="col" className={th}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line text-ink">
            {projects.lateList.map((p) => (
              <tr key={p.id}>
                <td data-label={col.project} className="px-3 py-2 max-md:px-0">
                  <Link to={`/projects/${p.id}`} className={btn.textLink}>
                    {p.name}
                  </Link>
                </td>
                <td data-label={col.due} className="px-3 py-2 max-md:px-0 md:whitespace-nowrap">
                  {p.due}
                </td>
                <td data-label={col.status} className="px-3 py-2 max-md:px-0">
                  {p.status}
                </td>
                <td data-label={col.items} className="px-3 py-2 max-md:px-0">
                  {p.state}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </FlowSection>
  );
}
