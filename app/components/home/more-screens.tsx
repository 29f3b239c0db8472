import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { Icon, type IconName } from "../icons";
import { btn } from "../ui";

/** The screens every signed-in member may open that no tile leads to (the side menu is management's alone). */
export function MoreScreens({ canAnalytics }: { canAnalytics: boolean }) {
  const { t } = useLingui();
  const links: { to: string; label: string; icon: IconName }[] = [
    { to: "/department-views", label: t`Department Views`, icon: "departments" },
    { to: "/items", label: t`Items`, icon: "products" },
    { to: "/workflows", label: t`Workflows`, icon: "workflows" },
    // The schedule is for the same people as the analytics: the Project Management key (or management).
    ...(canAnalytics
      ? [
          { to: "/analytics", label: t`Flow analytics`, icon: "clock" as IconName },
          { to: "/schedule", label: t`Schedule`, icon: "workflows" as IconName },
        ]
      : []),
  ];
  return (
    <nav aria-label={t`More screens`} className="mt-8">
      <ul className="flex flex-wrap justify-center gap-3">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={btn.secondary}>
              <Icon name={l.icon} />
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
