import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { formatHMS } from "~/domain/format";

// docs/product.md §9: running timers refresh every second. The server renders the value at request time, so the page
// is right with JavaScript off; with it on, the clock ticks.
export const TIMER_REFRESH_MS = 1000;

/**
 * The elapsed time of a running timer, counted on the server's clock: an old floor PC whose clock is minutes off
 * would otherwise show a wrong (even negative) session. `serverNow` is the server's time when it sent the data;
 * the difference to this browser's clock at that moment is kept and applied to every tick.
 */
/** The server's clock, ticking every second while `sessionStart` is set (see LiveDuration). */
function useServerNow(sessionStart: number | null, serverNow: number): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (sessionStart === null) return;
    const offset = serverNow - Date.now();
    const tick = () => setNow(Date.now() + offset);
    tick();
    const t = setInterval(tick, TIMER_REFRESH_MS);
    return () => clearInterval(t);
  }, [sessionStart, serverNow]);
  return now;
}

/**
 * A running item's time on the work lists: 'This session 00:12:03' and 'Total 01:59:08' beside it (the total
 * includes the session), so a worker sees what this sitting added.
 */
export function LiveSession({ totalSeconds, sessionStart, serverNow }: { totalSeconds: number; sessionStart: number; serverNow: number }) {
  const { t } = useLingui();
  const now = useServerNow(sessionStart, serverNow);
  const session = Math.max(0, (now - sessionStart) / 1000);
  return (
    <span className="flex flex-wrap gap-x-4 gap-y-1">
      <span>
        <span className="text-sm text-ink-muted">{t`This session`}</span> <span className="font-mono font-semibold tabular-nums">{formatHMS(session)}</span>
      </span>
      <span>
        <span className="text-sm text-ink-muted">{t`Total`}</span> <span className="font-mono tabular-nums">{formatHMS(totalSeconds + session)}</span>
      </span>
    </span>
  );
}

export function LiveDuration({ totalSeconds, sessionStart, serverNow }: { totalSeconds: number; sessionStart: number | null; serverNow: number }) {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (sessionStart === null) return;
    const offset = serverNow - Date.now();
    const tick = () => setNow(Date.now() + offset);
    tick();
    const t = setInterval(tick, TIMER_REFRESH_MS);
    return () => clearInterval(t);
  }, [sessionStart, serverNow]);
  const running = sessionStart === null ? 0 : Math.max(0, (now - sessionStart) / 1000);
  return <span className="font-mono tabular-nums">{formatHMS(totalSeconds + running)}</span>;
}
