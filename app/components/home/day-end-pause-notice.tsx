import { Link } from "react-router";

export type DayEndPauseLine = { id: number; name: string; department: string; until: string };

/**
 * Home, after a member signs in: the timers they left running that were paused at the end of the working day
 * (docs/product.md, Decisions: The end of a job), each with where it stays and until when its session counted.
 */
export function DayEndPauseNotice({ items, className = "" }: { items: DayEndPauseLine[]; className?: string }) {
  if (items.length === 0) return null;
  return (
    <section
      role="status"
      aria-labelledby="day-end-pause-heading"
      data-testid="day-end-pause-notice"
      className={`rounded-lg border border-warning-300 bg-warning-50 px-4 py-3 text-left text-base text-warning-900 ${className}`}
    >
      <h2 id="day-end-pause-heading" className="font-semibold">
        Paused at the end of the working day
      </h2>
      <p className="mt-1 text-sm">
        {items.length === 1 ? "A timer you started was" : `${items.length} timers you started were`} still running after the day ended, so{" "}
        {items.length === 1 ? "it was" : "they were"} paused at the day's end. Start again when you go on.
      </p>
      <ul className="mt-2 space-y-1">
        {items.map((i) => (
          <li key={`${i.id}-${i.until}`} className="wrap-break-word">
            <Link to={`/items/${i.id}`} className="inline-flex min-h-tap items-center font-semibold underline underline-offset-2">
              {i.name}
            </Link>{" "}
            stays in {i.department} · counted until {i.until}
          </li>
        ))}
      </ul>
    </section>
  );
}
