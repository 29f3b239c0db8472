import { useLingui } from "@lingui/react/macro";
import { useId } from "react";

// Charts drawn as SVG in the server's HTML (/analytics): they need no JavaScript and no chart
// library on an old floor PC. Shapes only inside the SVGs, which stretch to any width; every label and value is
// real text beside them (or in the SVG's <title>/<desc> for a screen reader), so it stays readable on a phone.

export type Bar = { key: string; label: string; value: number; display: string; highlight?: boolean };

const BAR = "fill-brand-700";
const BAR_HIGHLIGHT = "fill-danger-700";
const TRACK = "fill-slate-100";

/** Horizontal bars, one row each: label, bar, value. A screen reader reads the rows as a list. */
export function BarChart({ title, bars, empty, note }: { title: string; bars: Bar[]; empty: string; note?: string }) {
  const id = useId();
  const max = Math.max(0, ...bars.map((b) => b.value));
  return (
    <figure aria-labelledby={id} className="min-w-0">
      <figcaption id={id} className="text-sm font-semibold text-ink">
        {title}
      </figcaption>
      {note ? <p className="text-sm text-ink-muted">{note}</p> : null}
      {bars.length === 0 || max === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{empty}</p>
      ) : (
        <ul className="mt-2 space-y-1.5">
          {bars.map((b) => (
            <li key={b.key} className="grid grid-cols-[minmax(6rem,9rem)_1fr_auto] items-center gap-2 text-sm">
              <span className="truncate text-ink" title={b.label}>
                {b.label}
              </span>
              <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-4 w-full" aria-hidden="true" focusable="false">
                <rect x="0" y="0" width="100" height="10" className={TRACK} />
                <rect x="0" y="0" width={(100 * b.value) / max} height="10" className={b.highlight ? BAR_HIGHLIGHT : BAR} />
              </svg>
              <span className="whitespace-nowrap text-right tabular-nums text-ink">{b.display}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

export type Column = { key: string; label: string; value: number };

/**
 * Columns over time. The SVG is one image to a screen reader: its title names it and its description lists every
 * period's value; under it, the first and last periods and the highest value as text.
 */
export function ColumnChart({ title, columns, unit, empty }: { title: string; columns: Column[]; unit: string; empty: string }) {
  const { t } = useLingui();
  const id = useId();
  const max = Math.max(0, ...columns.map((c) => c.value));
  const total = columns.reduce((s, c) => s + c.value, 0);
  if (columns.length === 0 || max === 0) {
    return (
      <figure className="min-w-0">
        <figcaption className="text-sm font-semibold text-ink">{title}</figcaption>
        <p className="mt-2 text-sm text-ink-muted">{empty}</p>
      </figure>
    );
  }
  const w = 1000;
  const h = 200;
  const step = w / columns.length;
  const gap = columns.length > 60 ? 0 : step * 0.2;
  const desc = columns.map((c) => `${c.label}: ${c.value}`).join("; ");
  return (
    <figure className="min-w-0">
      <figcaption className="text-sm font-semibold text-ink">{title}</figcaption>
      {/* A grid, so the period labels under the chart start where the chart does, whatever the axis's width. */}
      <div className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div className="flex flex-col justify-between text-right text-sm tabular-nums text-ink-muted" aria-hidden="true">
          <span>{max}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${w} ${h}`}
          preserveAspectRatio="none"
          className="h-40 w-full border-b border-l border-field"
          role="img"
          aria-labelledby={`${id}-t ${id}-d`}
        >
          <title id={`${id}-t`}>{t`${title}: ${total} ${unit} in all`}</title>
          <desc id={`${id}-d`}>{desc}</desc>
          {columns.map((c, i) => {
            const ch = (h * c.value) / max;
            return (
              <rect key={c.key} x={i * step + gap / 2} y={h - ch} width={Math.max(step - gap, 1)} height={ch} className={BAR}>
                <title>{`${c.label}: ${c.value}`}</title>
              </rect>
            );
          })}
        </svg>
        <div className="col-start-2 mt-1 flex justify-between gap-2 text-sm text-ink-muted" aria-hidden="true">
          <span>{columns[0]!.label}</span>
          <span className="text-right">{columns[columns.length - 1]!.label}</span>
        </div>
      </div>
    </figure>
  );
}

export type Segment = { key: string; label: string; value: number; className: string };

/** One bar split into parts (projects on time, late, …), with a legend that gives each part's count. */
export function StackedBar({ title, segments, empty }: { title: string; segments: Segment[]; empty: string }) {
  const id = useId();
  const total = segments.reduce((s, x) => s + x.value, 0);
  let x = 0;
  return (
    <figure className="min-w-0">
      <figcaption id={`${id}-c`} className="text-sm font-semibold text-ink">
        {title}
      </figcaption>
      {total === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{empty}</p>
      ) : (
        <>
          <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="mt-2 h-6 w-full" role="img" aria-labelledby={`${id}-t`}>
            <title id={`${id}-t`}>{`${title}: ${segments.map((s) => `${s.label} ${s.value}`).join(", ")}`}</title>
            {segments.map((s) => {
              const w = (100 * s.value) / total;
              const rect = <rect key={s.key} x={x} y="0" width={w} height="10" className={s.className} />;
              x += w;
              return rect;
            })}
          </svg>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink">
            {segments.map((s) => (
              <li key={s.key} className="flex items-center gap-1.5">
                <svg viewBox="0 0 10 10" className="h-3 w-3" aria-hidden="true" focusable="false">
                  <rect width="10" height="10" className={s.className} />
                </svg>
                {s.label}: <span className="font-semibold tabular-nums">{s.value}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </figure>
  );
}
