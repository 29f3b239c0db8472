import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { btn, inputClass } from "~/components/ui";

export type ItemFilter = { category: string; projectId: number | null; q: string };

/**
 * The items list's filters: a name search, a category and a project. A GET form: the filters are the URL. With
 * JavaScript a change applies at once and the search waits until typing pauses; without, 'Filter' sends it.
 */
export function ItemFilters({
  filter,
  categories,
  projects,
  filtered,
}: {
  filter: ItemFilter;
  categories: string[];
  projects: { id: number; name: string }[];
  filtered: boolean;
}) {
  const { t } = useLingui();
  const submit = useSubmit();
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(typing.current ?? undefined), []);
  // The search field keeps what is being typed while its results load; it follows the URL otherwise (Back, Clear).
  const searchField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (searchField.current && document.activeElement !== searchField.current) searchField.current.value = filter.q;
  }, [filter.q]);
  // The search replaces the history entry, so Back does not step through every letter.
  const onFilterChange = (e: React.FormEvent<HTMLFormElement>) => {
    const form = e.currentTarget;
    clearTimeout(typing.current ?? undefined);
    if ((e.target as HTMLElement).id === "filter-q") {
      typing.current = setTimeout(() => submit(form, { preventScrollReset: true, replace: true }), 350);
    } else {
      submit(form, { preventScrollReset: true });
    }
  };

  return (
    <Form
      method="get"
      action="/items"
      role="search"
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
      onChange={onFilterChange}
      onSubmit={() => clearTimeout(typing.current ?? undefined)}
    >
      <div className="min-w-0 sm:w-64">
        <label htmlFor="filter-q" className="block text-sm font-medium text-ink">
          {t`Search by name`}
        </label>
        <input
          ref={searchField}
          id="filter-q"
          name="q"
          type="search"
          defaultValue={filter.q}
          maxLength={100}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t`e.g. channel letters`}
          className={`mt-1 ${inputClass}`}
        />
      </div>
      <div className="min-w-0 sm:w-64">
        <label htmlFor="filter-category" className="block text-sm font-medium text-ink">
          {t`Category`}
        </label>
        <select id="filter-category" name="category" defaultValue={filter.category} className={`mt-1 ${inputClass}`} key={`c-${filter.category}`}>
          <option value="">{t`All categories`}</option>
          {categories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0 sm:w-80">
        <label htmlFor="filter-project" className="block text-sm font-medium text-ink">
          {t`Project`}
        </label>
        <select id="filter-project" name="project" defaultValue={filter.projectId ?? ""} className={`mt-1 ${inputClass}`} key={`p-${filter.projectId}`}>
          <option value="">{t`All projects`}</option>
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <noscript>
        <button type="submit" className={btn.secondary}>
          {t`Filter`}
        </button>
      </noscript>
      {filtered ? (
        <Link to="/items" className={`${btn.link} min-h-tap inline-flex items-center`}>
          {t`Clear filters`}
        </Link>
      ) : null}
    </Form>
  );
}
