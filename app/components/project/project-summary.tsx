import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Icon, type IconName } from "~/components/icons";
import { cardClass } from "~/components/ui";
import { colorClass } from "~/domain/colors";
import { formatHMS } from "~/domain/format";

// The project screen's summary cards (docs/product.md §4): timeline, priority, steps, files, items, total time.

export type ProjectMetrics = {
  completedSteps: number;
  totalSteps: number;
  stepPercent: number;
  totalFiles: number;
  itemsWithFilesPercent: number;
  completedItems: number;
  totalItems: number;
  itemsWithFiles: number;
  activeTimers: number;
  totalSeconds: number;
  runningSeconds: number;
  runningCount: number;
};

function SummaryCard({ title, icon, children }: { title: string; icon: IconName; children: React.ReactNode }) {
  return (
    <div className={`min-w-0 p-3 sm:p-4 ${cardClass}`}>
      <h2 className="flex items-center gap-2 text-sm font-semibold text-ink-muted">
        <Icon name={icon} className="h-4 w-4" />
        {title}
      </h2>
      <div className="mt-2 text-base text-ink wrap-break-word">{children}</div>
    </div>
  );
}

/** The project's total time: the items' totals plus every running session, ticking each second (docs/product.md §4). */
function LiveTotal({ base, runningSeconds, runningCount, serverNow }: { base: number; runningSeconds: number; runningCount: number; serverNow: number }) {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (runningCount === 0) return;
    // Counted from the server's clock: the floor PC's own clock may be off.
    const offset = serverNow - Date.now();
    const tick = () => setElapsed(Math.max(0, (Date.now() + offset - serverNow) / 1000));
    const t = setInterval(tick, 1000);
    return () => clearInterval(t);
  }, [runningCount, serverNow]);
  return <span className="font-mono text-xl font-semibold tabular-nums sm:text-2xl">{formatHMS(base + runningSeconds + runningCount * elapsed)}</span>;
}

const PRIORITY_COLORS: Record<string, string> = { rush: "red", high: "orange", medium: "blue", low: "green" };
// Lower case as stored: the badge capitalises it.
const PRIORITY_WORDS: Record<string, MessageDescriptor> = { rush: msg`rush`, high: msg`high`, medium: msg`medium`, low: msg`low` };

export function ProjectSummary({
  timeline,
  starts,
  due,
  priority,
  metrics,
  serverNow,
}: {
  timeline: { start: string; end: string } | null;
  /** The project's own start date ('Mar 2, 2026'), or null. */
  starts?: string | null;
  /** The project's due date ('Mar 31, 2026'), or null. */
  due?: string | null;
  priority: string;
  metrics: ProjectMetrics;
  serverNow: number;
}) {
  const { t, i18n } = useLingui();
  return (
    // Two cards a row on a phone too: six cards one under the other were two screens of a 360 px phone.
    <div className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
      <SummaryCard title={t`Timeline`} icon="clock">
        {timeline ? (
          <p>
            {timeline.start} – {timeline.end}
          </p>
        ) : (
          <p className="text-ink-muted">{t`Not scheduled`}</p>
        )}
        {/* The project's own start and due dates beside the steps' range (Decisions: Due dates): the steps may
            not be dated yet, and the dates the project was promised with are what Create and Edit Project set. */}
        {starts ? (
          <p className="font-semibold" data-testid="timeline-start">
            {t`Starts ${starts}`}
          </p>
        ) : null}
        {due ? (
          <p className="font-semibold" data-testid="timeline-due">
            {t`Due ${due}`}
          </p>
        ) : null}
      </SummaryCard>
      <SummaryCard title={t`Priority`} icon="alert">
        <span className={`inline-block rounded-full border px-3 py-0.5 text-sm font-semibold capitalize ${colorClass(PRIORITY_COLORS[priority] ?? "gray")}`}>
          {PRIORITY_WORDS[priority] ? i18n._(PRIORITY_WORDS[priority]!) : priority}
        </span>
      </SummaryCard>
      <SummaryCard title={t`Workflow Steps`} icon="workflows">
        <p className="text-xl font-semibold tabular-nums sm:text-2xl">
          {metrics.completedSteps} / {metrics.totalSteps}
        </p>
        <p className="text-sm text-ink-muted">{t`${metrics.stepPercent}% complete · ${metrics.totalSteps - metrics.completedSteps} remaining`}</p>
      </SummaryCard>
      <SummaryCard title={t`Files`} icon="file">
        <p className="text-xl font-semibold tabular-nums sm:text-2xl">{metrics.totalFiles}</p>
        <p className="text-sm text-ink-muted">{t`${metrics.itemsWithFilesPercent}% of items have files`}</p>
      </SummaryCard>
      <SummaryCard title={t`Items`} icon="products">
        <p className="text-xl font-semibold tabular-nums sm:text-2xl">
          {metrics.completedItems} / {metrics.totalItems}
        </p>
        <p className="text-sm text-ink-muted">
          {t`in installation or finished · ${metrics.itemsWithFiles} with files / ${metrics.totalItems - metrics.itemsWithFiles} without files`}
        </p>
      </SummaryCard>
      <SummaryCard title={t`Total Time`} icon="clock">
        <LiveTotal base={metrics.totalSeconds} runningSeconds={metrics.runningSeconds} runningCount={metrics.runningCount} serverNow={serverNow} />
        <p className="text-sm text-ink-muted">{plural(metrics.activeTimers, { one: "# timer running", other: "# timers running" })}</p>
      </SummaryCard>
    </div>
  );
}
