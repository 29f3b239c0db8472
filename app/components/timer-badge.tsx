import { useLingui } from "@lingui/react/macro";
import { Badge } from "./ui";

/**
 * An item's timer as the screens show it. Finished (items.finished_at, decision 0048) outranks stopped: its timer
 * is off for good until Reopen, and 'Stopped' read as work still to come.
 */
export type TimerState = "running" | "stopped" | "finished";

export const timerState = (running: boolean, finished: boolean): TimerState => (finished ? "finished" : running ? "running" : "stopped");

// Finished has a hue of its own (blue, 7.23:1 in docs/design.md), so a finished row stands out from a paused one.
export const TIMER_COLORS: Record<TimerState, string> = { running: "green", stopped: "gray", finished: "blue" };

/** The three words: a table takes them once per render and draws each row's badge itself. */
export function useTimerWords(): Record<TimerState, string> {
  const { t } = useLingui();
  return { running: t`Running`, stopped: t`Stopped`, finished: t`Finished` };
}

export function TimerBadge({ state }: { state: TimerState }) {
  return <TimerWordBadge state={state} words={useTimerWords()} />;
}

/** With the words a table took once (`useTimerWords`): no translation lookups per row. */
export function TimerWordBadge({ state, words }: { state: TimerState; words: Record<TimerState, string> }) {
  return <Badge color={TIMER_COLORS[state]}>{words[state]}</Badge>;
}
