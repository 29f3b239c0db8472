import { t as translate } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { Icon } from "~/components/icons";
import { cardClass, PageHeader } from "~/components/ui";
import { departmentKeyLabel } from "~/domain/departments";
import { orList } from "~/domain/words";
import type { Route } from "./+types/department-views";
export { loader } from "./department-views.server";

export function meta() {
  return [{ title: translate`Department Views · Shopflow` }];
}

export default function DepartmentViews({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { views, keyGivers } = loaderData;
  const ask = keyGivers.length ? orList(keyGivers) : t`a manager`;
  const lockedText = (key: string) => t`Locked: it needs the ${key} key. Ask ${ask} for it.`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      <PageHeader title={t`Department Views`} subtitle={t`Open the screen of a department.`} />
      <ul className="grid gap-4 sm:grid-cols-2">
        {views.map((v) => {
          const body = (
            <>
              <span
                className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-xl ${v.open ? "bg-brand-50 text-brand-700" : "bg-slate-100 text-ink-muted"}`}
              >
                <Icon name={v.open ? v.icon : "lock"} className="h-6 w-6" />
              </span>
              <span className="min-w-0">
                <span className="block text-lg font-semibold text-ink">{v.title}</span>
                <span className="mt-1 block text-sm text-ink-muted">{v.text}</span>
                {v.open ? null : <span className="mt-2 block text-sm font-medium text-ink">{lockedText(departmentKeyLabel(v.key!) ?? v.key!)}</span>}
              </span>
            </>
          );
          return (
            <li key={v.to} data-testid="department-view" data-open={v.open ? "true" : "false"}>
              {v.open ? (
                <Link to={v.to} className={`flex min-h-24 items-start gap-4 p-5 hover:border-brand-300 hover:bg-brand-50 ${cardClass}`}>
                  {body}
                </Link>
              ) : (
                <div className="flex min-h-24 items-start gap-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-5">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
