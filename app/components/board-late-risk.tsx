import { useLingui } from "@lingui/react/macro";
import type { LateRiskRow } from "~/views/forecast-view.server";

// The TV board's 'Late risk' strip (docs/decisions/0038-finish-date-forecast.md): the projects expected to finish
// latest after their due date, on one line under the columns, so the columns keep their room at 720 px. Entries
// that do not fit wrap onto a second line, which the strip's height hides: none is shown cut. Shown only when
// there are any.

export function BoardLateRisk({ rows, total }: { rows: LateRiskRow[]; total: number }) {
  const { t } = useLingui();
  if (total === 0) return null;
  return (
    <section
      aria-labelledby="late-risk-strip"
      className="mt-2 flex h-8 shrink-0 flex-wrap items-baseline gap-x-6 overflow-hidden rounded-xl border border-red-500 bg-red-950 px-3 py-0.5 text-base leading-7"
      data-testid="board-late-risk"
    >
      <h2 id="late-risk-strip" className="font-bold text-red-200">
        {t`Late risk (${total})`}
      </h2>
      <ul className="contents">
        {rows.map((r) => (
          <li key={r.id} className="whitespace-nowrap">
            <span className="font-semibold">{r.name}</span> <span className="text-red-200">{r.finish}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
