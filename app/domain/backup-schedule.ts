import { plural, t } from "@lingui/core/macro";

// Automatic backups (docs/decisions/0044-automatic-backups.md): the schedule's words and rules, shared by the
// environment check, the scheduler and Global Settings → Backups.

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** Shortest schedule: seconds are for trying it out (and the tests); a shop sets hours. */
export const MIN_BACKUP_EVERY_MS = 2_000;
/** Longest: a year; past that a 'schedule' is a typo. */
export const MAX_BACKUP_EVERY_MS = 366 * UNIT_MS.d;

export const BACKUP_EVERY_HINT = "must be a whole number with s, m, h or d, from 2s to 366d, e.g. 24h, 6h or 30m";

/** '24h', '30m', '2s', '7d' (also '24 h', '24H') → milliseconds; null when it is not one of those. */
export function parseBackupEvery(text: string): number | null {
  const m = /^\s*(\d{1,9})\s*([smhd])\s*$/i.exec(text);
  if (!m) return null;
  const ms = Number(m[1]) * UNIT_MS[m[2]!.toLowerCase() as keyof typeof UNIT_MS];
  return ms >= MIN_BACKUP_EVERY_MS && ms <= MAX_BACKUP_EVERY_MS ? ms : null;
}

/** A schedule in the server's log: 'every 24 hours', 'every 30 minutes', 'every day' (always English). */
export function everyWords(ms: number): string {
  for (const [unit, size] of [
    ["day", UNIT_MS.d],
    ["hour", UNIT_MS.h],
    ["minute", UNIT_MS.m],
    ["second", UNIT_MS.s],
  ] as const) {
    if (ms % size === 0) {
      const n = ms / size;
      return n === 1 ? `every ${unit}` : `every ${n} ${unit}s`;
    }
  }
  return `every ${(ms / 1000).toFixed(1)} seconds`;
}

/** Sizes as a manager reads them: '288.2 MB', '1.3 GB', '12 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** How long a backup took: '850 ms', '6.2 s', '2 min 5 s'. */
export function formatTook(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** The error a backup that was cut short by the server stopping (or crashing) is recorded with. */
export const BACKUP_INTERRUPTED = "The server stopped before this backup finished; it was not kept.";

/** A schedule as people say it, in the reader's language: 'every 24 hours', 'every 30 minutes', 'every day'. */
export function everyText(ms: number): string {
  if (ms % UNIT_MS.d === 0) {
    const n = ms / UNIT_MS.d;
    return plural(n, { one: "every day", other: `every ${n} days` });
  }
  if (ms % UNIT_MS.h === 0) {
    const n = ms / UNIT_MS.h;
    return plural(n, { one: "every hour", other: `every ${n} hours` });
  }
  if (ms % UNIT_MS.m === 0) {
    const n = ms / UNIT_MS.m;
    return plural(n, { one: "every minute", other: `every ${n} minutes` });
  }
  if (ms % UNIT_MS.s === 0) {
    const n = ms / UNIT_MS.s;
    return plural(n, { one: "every second", other: `every ${n} seconds` });
  }
  const seconds = (ms / 1000).toFixed(1);
  return t`every ${seconds} seconds`;
}

/** How long until the next backup: 'in 45 seconds', 'in 20 minutes', 'in 6 hours', 'in 3 days'. */
export function untilText(ms: number): string {
  if (ms < 1000) return t`any moment now`;
  if (ms < 60_000) {
    const n = Math.round(ms / 1000);
    return plural(n, { one: `in ${n} second`, other: `in ${n} seconds` });
  }
  if (ms < 3_600_000) {
    const n = Math.round(ms / 60_000);
    return plural(n, { one: `in ${n} minute`, other: `in ${n} minutes` });
  }
  if (ms < 48 * 3_600_000) {
    const n = Math.round(ms / 3_600_000);
    return plural(n, { one: `in ${n} hour`, other: `in ${n} hours` });
  }
  const n = Math.round(ms / 86_400_000);
  return plural(n, { one: `in ${n} day`, other: `in ${n} days` });
}
