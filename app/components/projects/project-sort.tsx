import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Form, useSubmit } from "react-router";
import { btn, inputClass } from "~/components/ui";
import type { ProjectSort, SortDir } from "~/models/project.server";

/** The projects list's orders, each with the direction it starts in. */
export const PROJECT_SORTS: { key: ProjectSort; label: MessageDescriptor; dir: SortDir }[] = [
  { key: "created", label: msg`Newest first`, dir: "desc" },
  { key: "priority", label: msg`Priority`, dir: "desc" },
  { key: "name", label: msg`Name`, dir: "asc" },
  { key: "startDate", label: msg`Start date`, dir: "asc" },
  { key: "endDate", label: msg`Due date`, dir: "asc" },
  { key: "workflow", label: msg`Workflow`, dir: "asc" },
  { key: "expectedFinish", label: msg`Expected finish`, dir: "asc" },
];

/** Sort by and Order: a GET form (the order is the URL). With JavaScript a choice applies at once; without, 'Sort'. */
export function ProjectSortForm({ sort, dir }: { sort: ProjectSort; dir: SortDir }) {
  const submit = useSubmit();
  const { t, i18n } = useLingui();
  return (
    <Form method="get" action="/projects" className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor="sort" className="block text-sm font-semibold text-ink">
          {t`Sort by`}
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
              {i18n._(s.label)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="dir" className="block text-sm font-semibold text-ink">
          {t`Order`}
        </label>
        <select
          id="dir"
          name="dir"
          defaultValue={dir}
          key={`dir-${dir}`}
          className={`${inputClass} mt-1`}
          onChange={(e) => submit({ sort, dir: e.currentTarget.value }, { method: "get", action: "/projects" })}
        >
          <option value="asc">{t`Ascending`}</option>
          <option value="desc">{t`Descending`}</option>
        </select>
      </div>
      <noscript>
        <button type="submit" className={btn.secondary}>
          {t`Sort`}
        </button>
      </noscript>
    </Form>
  );
}
