import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { HISTORY_LIMIT as LIMIT, type HistoryLine } from "~/domain/audit-words";
import { Icon } from "./icons";
import { btn, cardClass } from "./ui";

export type HistoryEntry = HistoryLine;

/**
 * A record's own changes: closed by default, so it costs no space until asked for.
 * `auditTrail`: the full audit trail filtered to this record, for those who may open it (management).
 */
export function History({ entries, what, auditTrail }: { entries: HistoryEntry[]; what: "project" | "item"; auditTrail?: string | null }) {
  const { t } = useLingui();
  const full = entries.length >= LIMIT;
  const count = entries.length;
  return (
    <section className={`mt-6 p-4 sm:p-5 ${cardClass}`} aria-labelledby="history-heading">
      {/* A flex summary loses the browser's disclosure triangle: the chevron shows that it opens. */}
      <details className="group">
        <summary className="flex min-h-tap cursor-pointer items-center">
          <h2 id="history-heading" className="text-lg font-semibold text-ink">
            {t`History`}
          </h2>
          <span className="ml-2 text-sm text-ink-muted">({full ? t`the last ${LIMIT} changes` : plural(count, { one: "# change", other: "# changes" })})</span>
          <Icon name="chevron-down" className="ml-auto h-5 w-5 text-ink-muted group-open:rotate-180 motion-safe:transition-transform" />
        </summary>
        {entries.length === 0 ? (
          <p className="mt-2 text-sm text-ink-muted">
            {what === "project" ? t`No changes to this project are recorded yet.` : t`No changes to this item are recorded yet.`}
          </p>
        ) : (
          <ol className="mt-2 divide-y divide-line" data-testid="history">
            {entries.map((e) => (
              <li key={e.id} className="py-2 text-sm">
                <span className="text-ink-muted tabular-nums">{e.when}</span> · <span className="font-medium text-ink">{e.who}</span> · {e.action}
                {e.subject ? ` · ${e.subject}` : null}
                {e.changes.length ? <span className="block text-ink-muted wrap-anywhere">{e.changes.join("; ")}</span> : null}
              </li>
            ))}
          </ol>
        )}
        {auditTrail ? (
          <p className="mt-2 text-sm">
            {full ? <span className="text-ink-muted">{t`Older changes are in the audit trail.`} </span> : null}
            <Link to={auditTrail} className={`inline-flex min-h-tap items-center ${btn.link}`}>
              {what === "project" ? t`Every change to this project in the audit trail` : t`Every change to this item in the audit trail`}
            </Link>
          </p>
        ) : full ? (
          <p className="mt-2 text-sm text-ink-muted">{t`Only the last ${LIMIT} changes are shown here.`}</p>
        ) : null}
      </details>
    </section>
  );
}
