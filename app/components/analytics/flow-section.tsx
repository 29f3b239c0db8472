import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { btn, cardClass } from "../ui";

// Narrower cell padding below lg: the departments table has nine columns, and at 768 px they must fit without
// scrolling sideways.
export const th = "px-1.5 py-2 text-left font-medium text-ink-muted lg:px-3";
export const td = "px-1.5 py-2 tabular-nums max-md:px-0 md:whitespace-nowrap lg:px-3";

/**
 * A card of Flow analytics: its heading, the CSV download of its table (`table`: /analytics/{table}.csv for the
 * same range, `query`; `label` names it for a screen reader), then its charts and tables.
 */
export function FlowSection({
  id,
  title,
  table,
  query,
  label,
  children,
}: {
  id: string;
  title: string;
  table: string;
  query: string;
  label: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <section className={`mt-6 p-4 sm:p-5 ${cardClass}`} aria-labelledby={id}>
      <div id={id}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 className="text-lg font-semibold text-ink">{title}</h2>
          <a href={`/analytics/${table}.csv?${query}`} download className={`${btn.secondary} shrink-0`}>
            {t`Download CSV`}
            <span className="sr-only"> {t`of ${label}`}</span>
          </a>
        </div>
      </div>
      {children}
    </section>
  );
}
