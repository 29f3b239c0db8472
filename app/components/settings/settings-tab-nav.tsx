import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Icon } from "../icons";
import { TABS, type TabKey } from "./tabs";

/** Global Settings' tabs: one row that scrolls sideways on phones (the edge fades to show there is more); it fits from 768 px. */
export function SettingsTabNav({ tab }: { tab: TabKey }) {
  const { i18n, t } = useLingui();
  const tabsRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // Phones: bring the current tab into the sideways-scrolling row.
    const current = tabsRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const row = current?.closest("ul");
    if (current && row) row.scrollLeft = current.offsetLeft - row.clientWidth / 2 + current.clientWidth / 2;
  }, [tab]);
  return (
    <nav aria-label={t`Settings tabs`} ref={tabsRef} className="relative -mx-4 border-b border-line sm:mx-0">
      <ul className="flex gap-1 overflow-x-auto px-4 [scrollbar-width:none] sm:px-0">
        {TABS.map((tb) => (
          <li key={tb.key} className="shrink-0">
            <Link
              to={`/settings?tab=${tb.key}`}
              aria-current={tb.key === tab ? "page" : undefined}
              className={`flex min-h-12 items-center gap-2 border-b-[3px] px-3 text-base font-semibold whitespace-nowrap ${tb.key === tab ? "border-brand-700 text-brand-800" : "border-transparent text-ink-muted hover:border-slate-300 hover:text-ink"}`}
            >
              <Icon name={tb.icon} className="h-5 w-5" />
              {i18n._(tb.label)}
            </Link>
          </li>
        ))}
      </ul>
      <span aria-hidden="true" className="pointer-events-none absolute top-0 right-0 h-full w-10 bg-gradient-to-l from-canvas md:hidden" />
    </nav>
  );
}
