import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useRef } from "react";
import { Link } from "react-router";
import { useDismissibleDetails } from "~/hooks/use-dismissible-details";
import { Icon, type IconName } from "./icons";

// The menu is management's alone, and management opens every screen: each entry leads somewhere it may go. Main
// Page is the department tiles: 'Overview & Analytics' would promise what Home does not have, so its hint says what
// is there, and those words label the entry that has them (docs/decisions/0028-newcomer-ways-in.md).
const ENTRIES: { to: string; label: MessageDescriptor; hint: MessageDescriptor; icon: IconName }[] = [
  { to: "/", label: msg`Main Page`, hint: msg`Department tiles`, icon: "home" },
  { to: "/projects", label: msg`Projects`, hint: msg`Manage Projects`, icon: "folder" },
  { to: "/items", label: msg`Items`, hint: msg`Every item, its label and time`, icon: "products" },
  { to: "/workflows", label: msg`Workflows`, hint: msg`Items moving through each workflow`, icon: "workflows" },
  { to: "/department-views", label: msg`Department Views`, hint: msg`Each department's screen`, icon: "departments" },
  { to: "/analytics", label: msg`Flow analytics`, hint: msg`Overview & Analytics`, icon: "clock" },
  { to: "/schedule", label: msg`Schedule`, hint: msg`Booked work and projects at risk`, icon: "workflows" },
  { to: "/settings", label: msg`Global Settings`, hint: msg`Configure the shop`, icon: "settings" },
];

// A <details> element: the menu opens and closes with JavaScript off too (the trigger stays above the
// backdrop, so a second tap on it closes the menu). JavaScript adds Escape and a click outside to close it.
export function SideMenu() {
  const { t, i18n } = useLingui();
  const ref = useRef<HTMLDetailsElement>(null);
  const panel = useRef<HTMLElement>(null);
  useDismissibleDetails(ref, panel);

  return (
    <details ref={ref} className="group shrink-0">
      <summary
        aria-label={t`Open menu`}
        className="relative z-10 flex h-11 w-11 cursor-pointer items-center justify-center rounded-lg text-ink hover:bg-slate-100 group-open:bg-slate-100"
      >
        <Icon name="menu" className="h-6 w-6" />
      </summary>
      <div className="fixed inset-x-0 top-16 bottom-0 bg-slate-900/50" aria-hidden="true" data-testid="side-menu-backdrop" />
      <nav
        ref={panel}
        aria-label={t`Main menu`}
        className="fixed top-16 bottom-0 left-0 flex w-[min(20rem,85vw)] flex-col overflow-y-auto border-r border-line bg-white p-3 shadow-2xl"
      >
        <ul className="space-y-1">
          {ENTRIES.map((e) => (
            <li key={e.to}>
              <Link to={e.to} className="flex min-h-12 items-center gap-3 rounded-lg px-3 py-2 hover:bg-brand-50">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-ink-muted">
                  <Icon name={e.icon} />
                </span>
                <span className="min-w-0">
                  <span className="block text-base font-semibold text-ink">{i18n._(e.label)}</span>
                  <span className="block text-sm text-ink-muted">{i18n._(e.hint)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-auto rounded-lg border border-green-200 bg-success-50 p-3" role="status">
          <p className="flex items-center gap-2 text-sm font-semibold text-success-800">
            <span className="inline-block h-2.5 w-2.5 rounded-full bg-green-600" aria-hidden="true" />
            {t`online`}
          </p>
          <p className="mt-1 text-sm text-success-800">{t`Manufacturing flow operational`}</p>
        </div>
      </nav>
    </details>
  );
}
