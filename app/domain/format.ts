import { t } from "@lingui/core/macro";
import { DEFAULT_MATERIAL, STANDARD_DEPARTMENTS } from "~/domain/constants";
import { currentI18n } from "~/domain/i18n-runtime";
import { intlLocaleFor } from "~/domain/languages";

// Shared by browser and server: the number formats of docs/product.md §9. Dates are in ./dates.ts.

/**
 * The Intl locale of the language being spoken (the request's on the server, the page's in the browser): Spanish is
 * written as in the US ('es-US'); English and the pseudo-locale are 'en-US', as every date and number always was.
 */
export function intlLocale(): string {
  return intlLocaleFor(currentI18n().locale);
}

const counts = new Map<string, Intl.NumberFormat>();
/** A count with the language's digit grouping: '1,234' (and '1,234' in es-US too). */
export function formatCount(n: number): string {
  const locale = intlLocale();
  let f = counts.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale);
    counts.set(locale, f);
  }
  return f.format(n);
}

/** HH:MM:SS for the item and project detail screens. */
export function formatHMS(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return [h, m, sec].map((n) => String(n).padStart(2, "0")).join(":");
}

/** Projects list: 'Xh Ym', 'Xm Ys' or 'Xs'; nothing yet reads '0h'. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  if (s === 0) return "0h";
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${s % 60}s`;
  return `${s}s`;
}

/** A wait or a total that may run to days: '3d 4h', '5h 12m', '7m 30s', '45s'. */
export function formatSpan(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${s % 60}s`;
  return `${s}s`;
}

/** Processing time: whole minutes and the remaining seconds. */
export function formatMinutesSeconds(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}m ${s % 60}s`;
}

/** File sizes in MB with 2 decimals (docs/product.md §9). */
export const formatMB = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;

const LABELS: Record<string, string> = Object.fromEntries(STANDARD_DEPARTMENTS.map((d) => [d.value, d.name]));

/** Department value → label; items without one read 'Pre-production' (docs/product.md §4). */
export function departmentLabel(value: string | null | undefined): string {
  if (!value) return t`Pre-production`;
  return (
    LABELS[value] ??
    value
      .split("-")
      .map((w) => (w[0] ?? "").toUpperCase() + w.slice(1))
      .join(" ")
  );
}

/** Names sort by the shop's locale: accented names sort in place, not after Z. */
const collator = new Intl.Collator("en-US", { sensitivity: "base", numeric: true });
export const compareNames = (a: string, b: string) => collator.compare(a, b);

/**
 * An item's material as a person reads it: the material an item gets when none is given is stored as 'Unknown'
 * (DEFAULT_MATERIAL, a value the import and the API match), and said in the reader's language.
 */
export function materialName(material: string): string {
  return material === DEFAULT_MATERIAL ? t({ message: "Unknown", comment: "The material of an item whose material is not known" }) : material;
}
