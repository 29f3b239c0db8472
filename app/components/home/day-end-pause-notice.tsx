import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";

export type DayEndPauseLine = { id: number; name: string; department: string; until: string };

/**
 * Home, after a member signs in: the timers they left running that were paused at the end of the working day
 * (docs/product.md, Decisions: The end of a job), each with where it stays and until when its session counted.
 */
export function DayEndPauseNotice({ items, className = "" }: { items: DayEndPauseLine[]; className?: string }) {
  const { t } = useLingui();
  if (items.length === 0) return null;
  const count = items.length;
  return (
    <section
      role="status"
      aria-labelledby="day-end-pause-heading"
      data-testid="day-end-pause-notice"
      className={`rounded-lg border border-warning-300 bg-warning-50 px-4 py-3 text-left text-base text-warning-900 ${className}`}
    >
      <h2 id="day-end-pause-heading" className="font-semibold">
        {t`Paused at the end of the working day`}
      </h2>
      <p className="mt-1 text-sm">
        {plural(count, {
          one: "A timer you started was still running after the day ended, so it was paused at the day's end. Start again when you go on.",
          other: "# timers you started were still running after the day ended, so they were paused at the day's end. Start again when you go on.",
        })}
      </p>
      <ul className="mt-2 space-y-1">
        {items.map((i) => (
          <PausedLine key={`${i.id}-${i.until}`} line={i} />
        ))}
      </ul>
    </section>
  );
}

/** One paused timer: the item, where it stays and until when its session counted. */
function PausedLine({ line }: { line: DayEndPauseLine }) {
  const { id, name, department, until } = line;
  return (
    <li className="wrap-break-word">
      <Trans>
        <Link to={`/items/${id}`} className="inline-flex min-h-tap items-center font-semibold underline underline-offset-2">
          {name}
        </Link>{" "}
        stays in {department} · counted until {until}
      </Trans>
    </li>
  );
}
