import { Form, useSubmit } from "react-router";
import { btn, inputClass } from "~/components/ui";
import type { ProjectSort, SortDir } from "~/models/project.server";

/** The projects list's orders, each with the direction it starts in. */
export const PROJECT_SORTS: { key: ProjectSort; label: string; dir: SortDir }[] = [
  { key: "created", label: "Newest first", dir: "desc" },
  { key: "priority", label: "Priority", dir: "desc" },
  { key: "name", label: "Name", dir: "asc" },
  { key: "startDate", label: "Start date", dir: "asc" },
  { key: "endDate", label: "Due date", dir: "asc" },
  { key: "workflow", label: "Workflow", dir: "asc" },
  { key: "expectedFinish", label: "Expected finish", dir: "asc" },
];

/** Sort by and Order: a GET form (the order is the URL). With JavaScript a choice applies at once; without, 'Sort'. */
export function ProjectSortForm({ sort, dir }: { sort: ProjectSort; dir: SortDir }) {
  const submit = useSubmit();
  return (
    <Form method="get" action="/projects" className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor="sort" className="block text-sm font-semibold text-ink">
          Sort by
        </label>
        <select
          id="sort"
          name="sort"
          defaultValue={sort}
          key={`sort-${sort}`}
          className={`${inputClass} mt-1`}
          onChange={(e) => {
            const choice = PROJECT_SORTS.find((s) => s.key === e.currentTarget.value);
            submit({ sort: e.currentTarget.value, dir: choice?.dir ?? "asc" }, { method: "get", action: "/projects" });
          }}
        >
          {PROJECT_SORTS.map((s) => (
            <option key={s.key} value={s.key}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="dir" className="block text-sm font-semibold text-ink">
          Order
        </label>
        <select
          id="dir"
          name="dir"
          defaultValue={dir}
          key={`dir-${dir}`}
          className={`${inputClass} mt-1`}
          onChange={(e) => submit({ sort, dir: e.currentTarget.value }, { method: "get", action: "/projects" })}
        >
          <option value="asc">Ascending</option>
          <option value="desc">Descending</option>
        </select>
      </div>
      <noscript>
        <button type="submit" className={btn.secondary}>
          Sort
        </button>
      </noscript>
    </Form>
  );
}
