import { Link, redirect } from "react-router";
import { Icon, type IconName } from "~/components/icons";
import { cardClass, PageHeader } from "~/components/ui";
import { activeHoldersOf } from "~/models/team-member.server";
import { can, requireUser, type Permission } from "~/services/permissions.server";
import { DEPARTMENT_KEY_LABELS } from "~/domain/departments";
import { orList } from "~/domain/words";
import type { Route } from "./+types/department-views";

export function meta() {
  return [{ title: "Department Views · Shopflow" }];
}

/** docs/product.md §2 Department Views: what a signed-out visitor is told. */
export const DEPARTMENT_VIEWS_SIGNED_OUT = "Please login first using the Login button in the header to access department views.";

// Each card and what opening its screen takes: the same permission its loader asks for, so a card that opens never
// leads to 'Access Denied'. `key`: the department key that gives it (null: any signed-in member may open it).
const VIEWS: { title: string; to: string; icon: IconName; text: string; permission: Permission; key: string | null }[] = [
  {
    title: "Pre-Production",
    to: "/pre-production",
    icon: "edit",
    text: "Design, estimating and the projects assigned to you",
    permission: "screen:pre-production",
    key: "pre-production",
  },
  {
    title: "Production",
    to: "/production",
    icon: "production",
    text: "Machine queues and the production floor",
    permission: "screen:production",
    key: "production",
  },
  {
    title: "Fabrication",
    to: "/fabrication",
    icon: "fabrication",
    text: "Interior and exterior fabrication stations",
    permission: "screen:fabrication",
    key: "fabrication",
  },
  { title: "Project Management", to: "/projects", icon: "folder", text: "Every project, its steps, items and progress", permission: "read", key: null },
];

const slug = (s: string | null | undefined) =>
  (s ?? "")
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export function loader({ request }: Route.LoaderArgs) {
  const user = requireUser(request, DEPARTMENT_VIEWS_SIGNED_OUT);
  // A member of Pre-Production goes straight to their dashboard, when their keys open it (not to 'Access Denied').
  if (slug(user.department) === "pre-production" && can(user, "screen:pre-production")) throw redirect("/pre-production");
  const views = VIEWS.map(({ permission, ...v }) => ({ ...v, open: can(user, permission) }));
  return { views, keyGivers: views.some((v) => !v.open) ? activeHoldersOf("management") : [] };
}

export default function DepartmentViews({ loaderData }: Route.ComponentProps) {
  const { views, keyGivers } = loaderData;
  const ask = keyGivers.length ? orList(keyGivers) : "a manager";
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      <PageHeader title="Department Views" subtitle="Open the screen of a department." />
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
                {v.open ? null : (
                  <span className="mt-2 block text-sm font-medium text-ink">
                    Locked: it needs the {DEPARTMENT_KEY_LABELS[v.key!]} key. Ask {ask} for it.
                  </span>
                )}
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
