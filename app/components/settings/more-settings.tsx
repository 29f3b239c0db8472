import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { btn } from "~/components/ui";

// Global Settings' own pages, grouped by what a manager comes for. On a phone eleven buttons pushed the tabs below
// the fold, so there they fold into one 'More settings' disclosure (a plain <details>: no JavaScript needed).
function useGroups() {
  const { t } = useLingui();
  return [
    {
      label: t`The shop`,
      pages: [
        { to: "/settings/shop-address", label: t`Shop address` },
        { to: "/settings/sign-in", label: t`Sign-in` },
        { to: "/settings/capacity", label: t`Capacity and calendar` },
        { to: "/settings/customer-page", label: t`Customer page` },
      ],
    },
    {
      label: t`Screens and devices`,
      pages: [
        { to: "/settings/printers", label: t`Label printers` },
        { to: "/settings/boards", label: t`TV board links` },
        { to: "/settings/calendars", label: t`Calendar feeds` },
      ],
    },
    {
      label: t`Other programs`,
      pages: [
        { to: "/settings/api-tokens", label: t`API tokens` },
        { to: "/settings/webhooks", label: t`Webhooks` },
        { to: "/settings/imports", label: t`Imported files` },
      ],
    },
    {
      label: t`Records and safety`,
      pages: [
        { to: "/settings/audit", label: t`Audit trail` },
        { to: "/settings/backups", label: t`Backups` },
      ],
    },
  ];
}

function Groups() {
  const groups = useGroups();
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {groups.map((g) => (
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
  const { t } = useLingui();
  return (
    <nav aria-label={t`More settings`} className="mb-6">
      <div className="hidden sm:block">
        <Groups />
      </div>
      <details className="sm:hidden">
        <summary className={`${btn.secondary} cursor-pointer`}>
          {t`More settings`} <span aria-hidden="true">▾</span>
        </summary>
        <div className="mt-3">
          <Groups />
        </div>
      </details>
    </nav>
  );
}
