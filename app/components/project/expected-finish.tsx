import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Form, Link } from "react-router";
import { btn, cardClass } from "~/components/ui";
import type { ForecastPanel } from "~/views/forecast-view.server";

// The project page's expected finish (docs/decisions/0038-finish-date-forecast.md): one sentence against the due date,
// what holds the project up, the items that decide it, and 'Preview as rush' (a link: ?preview=rush, nothing saved).

export function ExpectedFinish({
  panel,
  here,
  canPreview,
  canMakeRush = false,
}: {
  panel: ForecastPanel | null;
  here: string;
  canPreview: boolean;
  /** 'Make it rush' beside the preview: projects:write, and not rush already. */
  canMakeRush?: boolean;
}) {
  const { t } = useLingui();
  if (!panel) return null;
  const { summary, preview } = panel;
  return (
    <section aria-labelledby="expected-finish" className={`mt-6 p-4 sm:p-5 ${cardClass} ${summary.atRisk ? "border-l-4 border-l-danger-700" : ""}`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id="expected-finish" className="sr-only">
            {t`Expected finish`}
          </h2>
          <p className={`text-lg font-semibold ${summary.atRisk ? "text-danger-700" : "text-ink"}`} data-testid="expected-finish">
            {summary.text}
          </p>
          {summary.heldUp ? <p className="mt-1 text-base text-ink-muted">{summary.heldUp}</p> : null}
        </div>
        {canPreview && !preview ? (
          <Link to={`${here}?preview=rush`} preventScrollReset className={`${btn.secondary} shrink-0`}>
            {t`Preview as rush`}
          </Link>
        ) : null}
      </div>
      {preview ? <RushPreview preview={preview} here={here} canMakeRush={canMakeRush} /> : null}
      {panel.items.length > 0 ? (
        <details className="mt-3">
          <summary className="inline-flex min-h-tap cursor-pointer items-center text-sm font-semibold text-brand-800">{t`How this is worked out`}</summary>
          <p className="mt-2 text-sm text-ink-muted">
            {t`Each item's remaining departments, in order: when its work there is expected to start and end, from the shop's timed sessions, the queue ahead of it and each department's capacity.`}
          </p>
          <ul className="mt-2 space-y-3">
            {panel.items.map((i) => (
              <li key={i.id} className="text-sm text-ink">
                <p className="font-semibold wrap-anywhere">{t`${i.name}: done ${i.finish}`}</p>
                <ol className="mt-1 list-decimal space-y-0.5 pl-6">
                  {i.steps.map((s, k) => (
                    <li key={`${i.id}-${k}`}>
                      {s.name}: {s.start} – {s.finish}
                      {s.wait ? <span className="text-ink-muted">{t` (waits ${s.wait})`}</span> : null}
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ul>
          {panel.moreItems > 0 ? <p className="mt-2 text-sm text-ink-muted">{t`…and ${panel.moreItems} more items that finish earlier.`}</p> : null}
        </details>
      ) : null}
    </section>
  );
}

function RushPreview({ preview, here, canMakeRush }: { preview: NonNullable<ForecastPanel["preview"]>; here: string; canMakeRush: boolean }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="rush-preview" className="mt-4 rounded-lg border border-warning-300 bg-warning-50 p-4 text-warning-900">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <h3 id="rush-preview" className="text-base font-semibold">
          {t`If this project were rush (a preview: nothing is saved)`}
        </h3>
        <div className="flex shrink-0 flex-wrap gap-2">
          {/* A real form: saved (and audited) with or without JavaScript, back on the project page. */}
          {canMakeRush ? (
            <Form method="post" action={here} preventScrollReset>
              <input type="hidden" name="intent" value="make-rush" />
              <button type="submit" className={btn.primary}>
                {t`Make it rush`}
              </button>
            </Form>
          ) : null}
          <Link to={here} preventScrollReset className={btn.secondary}>
            {t`Close preview`}
          </Link>
        </div>
      </div>
      <p className="mt-2 text-base font-semibold" data-testid="rush-preview-finish">
        {preview.summary.text}
      </p>
      {preview.slippedTotal === 0 ? (
        <p className="mt-2 text-base">{t`No other project would finish later.`}</p>
      ) : (
        <>
          <p className="mt-2 text-base">
            {plural(preview.slippedTotal, { one: "# other project would finish later:", other: "# other projects would finish later:" })}
          </p>
          <ul className="mt-1 space-y-1 text-base">
            {preview.slipped.map((s) => (
              <li key={s.id} className="wrap-anywhere">
                <Link to={`/projects/${s.id}`} className={btn.link}>
                  {s.name}
                </Link>
                : {s.before} → {s.after}
                {s.nowLate ? <strong>{t` (would be late)`}</strong> : null}
              </li>
            ))}
          </ul>
          {preview.slippedTotal > preview.slipped.length ? (
            <p className="mt-1 text-sm">{t`…and ${preview.slippedTotal - preview.slipped.length} more, each later by less.`}</p>
          ) : null}
        </>
      )}
    </section>
  );
}
