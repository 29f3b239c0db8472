import { t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { LiveIndicator, useLiveData } from "~/components/live";
import { workListHref } from "~/domain/work-lists";
import { LiveDuration } from "~/components/live-duration";
import { BoardLateRisk } from "~/components/board-late-risk";
import { BOARD_ENTITIES } from "~/domain/board-messages";
import { formatHMS } from "~/domain/format";
import type { Route } from "./+types/board";
import { RUNNING_PER_COLUMN } from "~/domain/board-messages";
import { intlLocaleFor } from "~/domain/languages";
export { loader } from "./board.server";

// /board: the floor on a wall TV at 1920×1080 or 1280×720 — per department what is being worked
// on now (live timers), what waits (rush projects first), today's completed count, and each machine's queue. It
// follows the event stream by itself; nothing on it needs a mouse or a keyboard. A TV opens it with a board link
// (?key=…, made in Global Settings → Board links); a signed-in member may open it too.

export const meta = () => [{ title: `${t`Floor Board`} · Shopflow` }];

/** Items sent running per department, at most (the count says how many there are in all). */

export default function Board({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const { board, key } = loaderData;
  const numberLocale = intlLocaleFor(i18n.locale);
  const rush = t`RUSH`;
  const machineStatus = (status: string) => (status === "maintenance" ? t`maintenance` : status === "offline" ? t`offline` : status);
  const live = useLiveData((n) => BOARD_ENTITIES.has(n.entity), key ? `/api/events?key=${encodeURIComponent(key)}` : "/api/events");
  return (
    // One screen, no scrolling (a TV has no mouse). Each column shows what fits whole: a list leaves out the items
    // below its last whole one (FIT_LIST), so nothing is shown cut in half, and 'Next up' keeps its share of the
    // height whatever runs. The counts say how many there are in all.
    <div className="flex h-screen flex-col overflow-hidden bg-slate-950 px-4 py-3 text-slate-50 xl:px-6 xl:py-4" data-testid="board">
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <h1 className="text-3xl font-bold tracking-tight xl:text-4xl">{t`Shop Floor`}</h1>
        {board.machines.length ? (
          <section aria-labelledby="board-machines" className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
            <h2 id="board-machines" className="text-lg font-semibold text-slate-300">
              {t`Machine queues`}
            </h2>
            <ul className="flex flex-wrap gap-2">
              {board.machines.map((m) => (
                <li key={m.value} className="rounded-xl border border-slate-700 bg-slate-900 px-3 py-1 text-base" data-testid={`board-machine-${m.value}`}>
                  <span className="font-semibold">{m.name}</span>: <span className="tabular-nums">{m.waiting}</span> {t`waiting`}
                  {m.status !== "active" ? <span className="ml-2 text-amber-300 capitalize">({machineStatus(m.status)})</span> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <div className="flex items-center gap-6 text-2xl text-slate-300 [&_[role=status]]:text-slate-300 [&_a]:text-brand-300">
          <LiveIndicator status={live} />
        </div>
      </div>
      {/* Columns of at least 11rem: six fit side by side at 1280 px; more wrap into a second row. */}
      <div className="mt-3 grid min-h-0 flex-1 auto-rows-[minmax(0,1fr)] grid-cols-[repeat(auto-fit,minmax(11rem,1fr))] gap-3">
        {board.departments.map((d) => (
          <section
            key={d.value}
            className="flex min-h-0 min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-700 bg-slate-900 p-3"
            aria-labelledby={`board-${d.value}`}
            data-testid={`board-${d.value}`}
          >
            <h2 id={`board-${d.value}`} className="shrink-0 text-xl leading-tight font-bold wrap-break-word xl:text-2xl">
              {/* A member's board leads to each department's work list; a TV's board link opens nothing else. */}
              {key ? (
                d.name
              ) : (
                <Link to={workListHref(d.value)} className="underline decoration-slate-500 underline-offset-4 hover:decoration-slate-50">
                  {d.name}
                </Link>
              )}
            </h2>
            {/* Label left, number right: fits a column of 11rem as well as 300 px. */}
            <dl className="mt-2 shrink-0 space-y-1 text-base">
              <div className="flex items-baseline justify-between gap-2 rounded-lg bg-slate-800 px-2 py-0.5">
                <dt className="text-slate-300">{t`Running`}</dt>
                <dd className="text-2xl font-bold text-emerald-300 tabular-nums" data-testid="board-working">
                  {d.runningCount}
                </dd>
              </div>
              <div className="flex items-baseline justify-between gap-2 rounded-lg bg-slate-800 px-2 py-0.5">
                <dt className="text-slate-300">{t`Waiting`}</dt>
                <dd className="text-2xl font-bold tabular-nums">{d.waitingCount.toLocaleString(numberLocale)}</dd>
              </div>
              <div className="flex items-baseline justify-between gap-2 rounded-lg bg-slate-800 px-2 py-0.5">
                <dt className="text-slate-300">{t`Done today`}</dt>
                <dd className="text-2xl font-bold text-sky-300 tabular-nums">{d.completedToday}</dd>
              </div>
            </dl>
            {/* Two rows that each take what their items need; short of room, they share it evenly. */}
            <div className="mt-2 grid min-h-0 flex-1 grid-rows-[minmax(0,max-content)_minmax(0,max-content)] gap-2">
              <ul className={FIT_LIST} aria-label={t`Running in ${d.name}`}>
                {d.running.slice(0, RUNNING_PER_COLUMN).map((i) => (
                  <li key={i.id} className={`w-full rounded-lg border px-2 py-1.5 ${i.rush ? "border-red-500 bg-red-950" : "border-slate-700 bg-slate-800"}`}>
                    <p className="text-lg leading-snug font-semibold wrap-break-word">{i.name}</p>
                    {/* The time goes to a line of its own when the project's name needs the whole width. */}
                    <p className="flex flex-wrap items-baseline justify-between gap-x-2 text-base">
                      <span className="min-w-0 text-slate-300 wrap-break-word">
                        {i.rush ? <span className="mr-2 font-bold text-red-300">{rush}</span> : null}
                        {i.project}
                      </span>
                      <span className="shrink-0 text-emerald-300">
                        <LiveDuration totalSeconds={i.totalSeconds} sessionStart={i.sessionStart} serverNow={board.now} />
                      </span>
                    </p>
                  </li>
                ))}
                {d.running.length === 0 ? <li className="w-full text-base text-slate-400">{t`Nothing running`}</li> : null}
              </ul>
              {d.waiting.length ? (
                <div className="flex min-h-0 flex-col">
                  <h3 className="shrink-0 text-lg font-semibold text-slate-300">{t`Next up`}</h3>
                  <ul className={`${FIT_LIST} mt-1 flex-1`} aria-label={t`Waiting in ${d.name}`}>
                    {d.waiting.map((i) => (
                      <li key={i.id} className="w-full text-base leading-snug wrap-break-word">
                        {i.rush ? <span className="mr-2 font-bold text-red-300">{rush}</span> : null}
                        {i.name} <span className="text-slate-400">· {i.project}</span>
                        {i.totalSeconds > 0 ? <span className="text-slate-400"> · {formatHMS(i.totalSeconds)}</span> : null}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </div>
          </section>
        ))}
      </div>
      <BoardLateRisk rows={loaderData.lateRisk.rows} total={loaderData.lateRisk.total} />
    </div>
  );
}

/**
 * A list that shows only the items that fit whole: a single column of a multi-column box whose columns fill in
 * turn, so an item that would be cut at the bottom moves into the next column, which lies outside the clipped box.
 * Its natural height is still all its items', which is what the rows above share the room by.
 */
const FIT_LIST = "h-full min-h-0 overflow-hidden [column-fill:auto] [column-count:1] gap-x-8 *:break-inside-avoid *:mb-1.5";

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useLingui();
  const message =
    typeof (error as { data?: unknown })?.data === "string"
      ? String((error as { data: string }).data)
      : t`The board could not be shown. It tries again in a minute.`;
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-950 px-6 text-center text-slate-50">
      <div>
        <h1 className="text-4xl font-bold">{t`Floor Board`}</h1>
        <p className="mt-4 text-2xl text-slate-300">{message}</p>
      </div>
    </div>
  );
}
