import { Link } from "react-router";
import { btn } from "~/components/ui";

// Global Settings' own pages, grouped by what a manager comes for. On a phone eleven buttons pushed the tabs below
// the fold, so there they fold into one 'More settings' disclosure (a plain <details>: no JavaScript needed).
const GROUPS = [
  {
    label: "The shop",
    pages: [
      { to: "/settings/shop-address", label: "Shop address" },
      { to: "/settings/sign-in", label: "Sign-in" },
      { to: "/settings/capacity", label: "Capacity and calendar" },
      { to: "/settings/customer-page", label: "Customer page" },
    ],
  },
  {
    label: "Screens and devices",
    pages: [
      { to: "/settings/printers", label: "Label printers" },
      { to: "/settings/boards", label: "TV board links" },
      { to: "/settings/calendars", label: "Calendar feeds" },
    ],
  },
  {
    label: "Other programs",
    pages: [
      { to: "/settings/api-tokens", label: "API tokens" },
      { to: "/settings/webhooks", label: "Webhooks" },
      { to: "/settings/imports", label: "Imported files" },
    ],
  },
  {
    label: "Records and safety",
    pages: [
      { to: "/settings/audit", label: "Audit trail" },
      { to: "/settings/backups", label: "Backups" },
    ],
  },
];

function Groups() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {GROUPS.map((g) => (
        <section key={g.label} aria-label={g.label}>
          <h2 className="text-sm font-semibold text-ink-muted">{g.label}</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {g.pages.map((p) => (
              <li key={p.to}>
                <Link to={p.to} className={btn.secondary}>
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function MoreSettings() {
  return (
    <nav aria-label="More settings" className="mb-6">
      <div className="hidden sm:block">
        <Groups />
      </div>
      <details className="sm:hidden">
        <summary className={`${btn.secondary} cursor-pointer`}>
          More settings <span aria-hidden="true">▾</span>
        </summary>
        <div className="mt-3">
          <Groups />
        </div>
      </details>
    </nav>
  );
}
