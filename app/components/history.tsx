import { cardClass } from "./ui";

export type HistoryEntry = { id: number; when: string; who: string; action: string; changes: string[] };

/** A record's own changes (issue "Step 9"): closed by default, so it costs no space until asked for. */
export function History({ entries, what }: { entries: HistoryEntry[]; what: string }) {
  return (
    <section className={`mt-6 p-4 sm:p-5 ${cardClass}`} aria-labelledby="history-heading">
      <details>
        <summary className="flex min-h-10 cursor-pointer items-center">
          <h2 id="history-heading" className="text-lg font-semibold text-ink">
            History
          </h2>
          <span className="ml-2 text-sm text-ink-muted">({entries.length === 20 ? "the last 20 changes" : `${entries.length} ${entries.length === 1 ? "change" : "changes"}`})</span>
        </summary>
        {entries.length === 0 ? (
          <p className="mt-2 text-sm text-ink-muted">No changes to this {what} are recorded yet.</p>
        ) : (
          <ol className="mt-2 divide-y divide-line" data-testid="history">
            {entries.map((e) => (
              <li key={e.id} className="py-2 text-sm">
                <span className="text-ink-muted tabular-nums">{e.when}</span> · <span className="font-medium text-ink">{e.who}</span> · {e.action}
                {e.changes.length ? <span className="block text-ink-muted wrap-anywhere">{e.changes.join("; ")}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </details>
    </section>
  );
}
