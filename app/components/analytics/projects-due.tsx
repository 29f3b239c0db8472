import { Link } from "react-router";
import { StackedBar } from "../charts";
import { btn } from "../ui";
import { FlowSection, th } from "./flow-section";
import type { ProjectsDue } from "./flow-types";

/** The projects whose last step ends in the range: on time, late, overdue, not yet due, and the late ones by name. */
export function ProjectsDueSection({ projects, query }: { projects: ProjectsDue; query: string }) {
  return (
    <FlowSection id="projects-h" title="Projects due in this range" table="projects" query={query} label="the projects due in this range">
      <p className="mt-1 text-sm text-ink-muted">Against the end date of each project's last step: on time when every item finished by the end of that day.</p>
      <div className="mt-4">
        <StackedBar
          title="Projects on time and late"
          empty="No project's last step ends in this range."
          segments={[
            { key: "on-time", label: "On time", value: projects.onTime, className: "fill-success-700" },
            { key: "late", label: "Finished late", value: projects.late, className: "fill-brand-700" },
            { key: "overdue", label: "Overdue, unfinished", value: projects.overdue, className: "fill-danger-700" },
            { key: "not-yet-due", label: "Not yet due", value: projects.notYetDue, className: "fill-ink-subtle" },
          ]}
        />
      </div>
      {projects.lateList.length ? (
        <table className="table-cards mt-4 w-full text-sm">
          <caption className="px-3 pb-1 text-left font-semibold text-ink max-md:px-0">Late and overdue projects, latest due first</caption>
          <thead className="border-b border-line">
            <tr>
              {["Project", "Due", "Status", "Items"].map((c) => (
                <th key={c} scope="col" className={th}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line text-ink">
            {projects.lateList.map((p) => (
              <tr key={p.id}>
                <td data-label="Project" className="px-3 py-2 max-md:px-0">
                  <Link to={`/projects/${p.id}`} className={btn.textLink}>
                    {p.name}
                  </Link>
                </td>
                <td data-label="Due" className="px-3 py-2 max-md:px-0 md:whitespace-nowrap">
                  {p.due}
                </td>
                <td data-label="Status" className="px-3 py-2 max-md:px-0">
                  {p.status}
                </td>
                <td data-label="Items" className="px-3 py-2 max-md:px-0">
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
