import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { btn, cardClass } from "~/components/ui";
import type { LateRiskRow } from "~/views/forecast-view.server";

// 'Late risk' (docs/decisions/0038-finish-date-forecast.md): the projects expected to finish after their due date,
// the latest first, each with its expected finish and what holds it up.

export function LateRiskList({ rows, total, empty, link = true }: { rows: LateRiskRow[]; total: number; empty: string; link?: boolean }) {
  const { t } = useLingui();
  const more = total - rows.length;
  return (
    <section aria-labelledby="late-risk" className={`p-4 sm:p-5 ${cardClass}`}>
      <h2 id="late-risk" className="text-lg font-semibold text-ink">
        {t`Late risk`}
        {total > 0 ? <span className="ml-2 text-base font-normal text-ink-muted">({total})</span> : null}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-base text-ink-muted">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              {link ? (
                <Link to={`/projects/${r.id}`} className={`${btn.textLink} min-w-0 wrap-anywhere`}>
                  {r.name}
                </Link>
              ) : (
                <span className="min-w-0 font-semibold text-ink wrap-anywhere">{r.name}</span>
              )}
              <span className="text-sm text-danger-700 sm:shrink-0 sm:text-right">
                {r.finish}
                {r.heldUp ? <span className="block text-ink-muted">{r.heldUp}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      {total > rows.length ? <p className="mt-2 text-sm text-ink-muted">{t`…and ${more} more.`}</p> : null}
    </section>
  );
}
