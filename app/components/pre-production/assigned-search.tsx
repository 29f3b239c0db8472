import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { Form, useSubmit } from "react-router";
import { PRIORITIES } from "~/domain/constants";
import { Icon } from "../icons";
import { btn, inputClass } from "../ui";
import { PRIORITY_LABELS, type SortDir, type SortKey } from "./assigned-table";

/**
 * Search and the priority filter: a GET form (Search sends it without JavaScript); with JavaScript the list
 * follows the typing after a pause, and the priority as soon as it is chosen. The sort order is kept.
 */
export function AssignedSearch({ q, priority, sort, dir }: { q: string; priority: string | null; sort: SortKey | null; dir: SortDir | null }) {
  const { t, i18n } = useLingui();
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
      {sort ? <input type="hidden" name="sort" value={sort} /> : null}
      {dir ? <input type="hidden" name="dir" value={dir} /> : null}
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor="q" className="block text-sm font-semibold text-ink">
          {t`Search`}
        </label>
        <input
          id="q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder={t`Search projects...`}
          className={`${inputClass} mt-1`}
          onChange={(e) => {
            const target = e.currentTarget.form;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => target && submit(target, { replace: true, preventScrollReset: true }), 300);
          }}
        />
      </div>
      <div>
        <label htmlFor="priority" className="block text-sm font-semibold text-ink">
          {t`Priority`}
        </label>
        <select
          id="priority"
          name="priority"
          defaultValue={priority ?? ""}
          className={`${inputClass} mt-1`}
          onChange={(e) => e.currentTarget.form && submit(e.currentTarget.form, { replace: true, preventScrollReset: true })}
        >
          <option value="">{t`All Priorities`}</option>
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {PRIORITY_LABELS[p] ? i18n._(PRIORITY_LABELS[p]) : p}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={btn.secondary}>
        <Icon name="search" />
        {t`Search`}
      </button>
    </Form>
  );
}
