import { useRef, type ReactNode } from "react";
import { useDismissibleDetails } from "~/hooks/use-dismissible-details";
import { btn } from "./ui";

/**
 * A button that opens a small panel of controls under it. A <details>, so it opens and closes without JavaScript;
 * with it, Escape and a click outside close it too, so a panel covering the next button of a wrapped row is one
 * tap away from gone. Pop-ups of one `group` (the <details> name) are exclusive: opening one closes the other,
 * script or not.
 *
 * Below lg a page's buttons wrap from the left, and a panel hung from its button's right edge ran off a phone's
 * screen: there the panel spans the nearest positioned ancestor instead (give the row of buttons `relative`), up to
 * max-w-sm. From lg, where a page's actions sit on the right, it hangs from its button's right edge.
 */
export function Popover({ label, group, children }: { label: string; group?: string; children: ReactNode }) {
  const details = useRef<HTMLDetailsElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useDismissibleDetails(details, panel);
  return (
    <details ref={details} name={group} className="group lg:relative">
      {/* Pressed while open: below lg the panel may sit under another button of the row, not under this one. */}
      <summary className={`${btn.secondary} cursor-pointer group-open:border-slate-400 group-open:bg-slate-100`}>{label}</summary>
      <div
        ref={panel}
        data-testid="popover-panel"
        className="absolute right-0 left-0 z-20 mt-2 rounded-xl border border-line bg-white p-4 shadow-lg sm:max-w-sm lg:left-auto lg:w-72"
      >
        {children}
      </div>
    </details>
  );
}
