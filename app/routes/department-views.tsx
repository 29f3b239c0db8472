import { Link, redirect } from "react-router";
import { Icon, type IconName } from "~/components/icons";
import { cardClass, PageHeader } from "~/components/ui";
import { requireUser } from "~/services/permissions.server";
import type { Route } from "./+types/department-views";

export function meta() {
  return [{ title: "Department Views · Shopflow" }];
}

/** Spec §2 Department Views: what a signed-out visitor is told. */
export const DEPARTMENT_VIEWS_SIGNED_OUT = "Please login first using the Login button in the header to access department views.";

const VIEWS: { title: string; to: string; icon: IconName; text: string }[] = [
  { title: "Pre-Production", to: "/pre-production", icon: "edit", text: "Design, estimating and the projects assigned to you" },
  { title: "Production", to: "/production", icon: "production", text: "Machine queues and the production floor" },
  { title: "Fabrication", to: "/fabrication", icon: "fabrication", text: "Interior and exterior fabrication stations" },
  { title: "Project Management", to: "/projects", icon: "folder", text: "Every project, its steps, items and progress" },
];

const slug = (s: string | null | undefined) => (s ?? "").trim().toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

export function loader({ request }: Route.LoaderArgs) {
  const user = requireUser(request, DEPARTMENT_VIEWS_SIGNED_OUT);
  // Spec §2: a member of Pre-Production goes straight to their dashboard.
  if (slug(user.department) === "pre-production") throw redirect("/pre-production");
  return null;
}

export default function DepartmentViews() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      <PageHeader title="Department Views" subtitle="Open the screen of a department." />
      <ul className="grid gap-4 sm:grid-cols-2">
        {VIEWS.map((v) => (
          <li key={v.to}>
            <Link to={v.to} className={`flex min-h-24 items-start gap-4 p-5 hover:border-brand-300 hover:bg-brand-50 ${cardClass}`}>
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={v.icon} className="h-6 w-6" />
              </span>
              <span className="min-w-0">
                <span className="block text-lg font-semibold text-ink">{v.title}</span>
                <span className="mt-1 block text-sm text-ink-muted">{v.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
