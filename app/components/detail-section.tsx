import type { ReactNode } from "react";
import { Icon, type IconName } from "./icons";
import { cardClass } from "./ui";

/** A card of a detail page (an item, a product): an icon and a heading over its content. */
export function Section({ title, icon, children, className = "" }: { title: string; icon: IconName; children: ReactNode; className?: string }) {
  return (
    <section className={`p-5 ${cardClass} ${className}`}>
      <h2 className="flex items-center gap-2 text-base font-semibold text-ink">
        <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon name={icon} className="h-5 w-5" />
        </span>
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The label–value list of a Section. */
export function Rows({ children }: { children: ReactNode }) {
  return <dl className="space-y-3 text-base">{children}</dl>;
}

/** One label and its value: side by side from 640 px, the label above on a phone. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-ink-muted sm:text-base sm:font-normal">{label}</dt>
      <dd className="min-w-0 text-ink wrap-anywhere">{children}</dd>
    </div>
  );
}
