import { useEffect, useState } from "react";
import { formatHMS } from "~/utils/format";

// Spec §9: running timers refresh every second. The server renders the value at request time, so the page
// is right with JavaScript off; with it on, the clock ticks.
export const TIMER_REFRESH_MS = 1000;

export function LiveDuration({ totalSeconds, sessionStart, serverNow }: { totalSeconds: number; sessionStart: number | null; serverNow: number }) {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (sessionStart === null) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), TIMER_REFRESH_MS);
    return () => clearInterval(t);
  }, [sessionStart]);
  const running = sessionStart === null ? 0 : Math.max(0, (now - sessionStart) / 1000);
  return <span className="font-mono tabular-nums">{formatHMS(totalSeconds + running)}</span>;
}
