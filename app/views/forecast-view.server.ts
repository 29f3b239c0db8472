import { t } from "@lingui/core/macro";
import { formatListDate } from "~/domain/dates";
import { expectedFinishText, finishShortText, heldUpShortText, heldUpText, intlLocale, queueWaitText } from "~/domain/forecast-words";
import { getEnv } from "~/infra/env.server";
import {
  atRiskProjects,
  itemOutlooks,
  type ProjectOutlook,
  projectOutlook,
  projectOutlooks,
  previewRush,
  SLIPPED_LISTED,
} from "~/models/project-forecast.server";
import { getWorkingCalendar } from "~/models/shop-settings.server";

// A project's expected finish as the project page and GET /api/projects/{id}/forecast show it
// (docs/decisions/0038-finish-date-forecast.md): the numbers, and the sentences staff read.

const itemName = (id: number) => t`Item ${id}`;
const projectName = (id: number) => t`Project ${id}`;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export type ForecastSummary = {
  /** 'Expected to finish Tue, Dec 8 — 2 working days after the due date', or why it is unknown. */
  text: string;
  /** 'Held up by Installation: about 2 working days in its queue'. */
  heldUp: string | null;
  atRisk: boolean;
  known: boolean;
};

/** The sentences for an outlook (null: nothing left to do). */
export function forecastSummary(outlook: ProjectOutlook | null): ForecastSummary | null {
  if (!outlook) return null;
  const { dayHours } = getWorkingCalendar();
  return {
    text: expectedFinishText(outlook, getEnv().SHOP_TIMEZONE),
    heldUp: outlook.finishAt === null ? null : heldUpText(outlook.heldUpName, outlook.heldUpSeconds, dayHours),
    atRisk: outlook.atRisk,
    known: outlook.finishAt !== null,
  };
}

/** The JSON of GET /api/projects/{id}/forecast: the project's forecast and each open item's remaining steps. */
export function projectForecastJson(projectId: number, now = Date.now()) {
  const outlook = projectOutlook(projectId, now);
  const summary = forecastSummary(outlook);
  return {
    projectId,
    openItems: outlook?.openItems ?? 0,
    expectedFinish: iso(outlook?.finishAt ?? null),
    expectedFinishDate: outlook?.finishDate ?? null,
    dueDate: outlook?.dueDate ?? null,
    relation: outlook?.relation ?? null,
    workingDays: outlook?.workingDays ?? 0,
    atRisk: outlook?.atRisk ?? false,
    text: summary?.text ?? t`Nothing left to do: every item has finished its last department.`,
    reason: outlook?.reason ?? null,
    heldUpBy: outlook?.heldUpBy
      ? { department: outlook.heldUpBy, name: outlook.heldUpName, waitWorkingSeconds: outlook.heldUpSeconds, text: summary?.heldUp ?? null }
      : null,
    items: itemOutlooks(projectId, now).map((i) => ({
      id: i.id,
      expectedFinish: iso(i.finishAt),
      blockedBy: i.blockedBy,
      heldUpBy: i.heldUpBy,
      steps: i.steps.map((s) => ({
        department: s.department,
        name: s.name,
        start: iso(s.startAt),
        finish: iso(s.finishAt),
        waitWorkingSeconds: s.waitSeconds,
        handsOnSeconds: s.handsOnSeconds,
      })),
    })),
  };
}

/** How many open items the project page explains step by step (the latest to finish first). */
const ITEMS_EXPLAINED = 10;

export type ForecastPanel = {
  summary: ForecastSummary;
  /** The items that finish last, each with its remaining departments: when each starts and ends, and its wait. */
  items: { id: number; name: string; finish: string; steps: { name: string; start: string; finish: string; wait: string | null }[] }[];
  moreItems: number;
  preview: RushPreviewView | null;
};

export type RushPreviewView = {
  summary: ForecastSummary;
  /** Projects that would finish later, by name, with their expected finish before and after. */
  slipped: { id: number; name: string; before: string; after: string; nowLate: boolean }[];
  slippedTotal: number;
  slippedListed: number;
};

const when = (ms: number | null, tz: string) =>
  ms === null
    ? t`Unknown`
    : new Intl.DateTimeFormat(intlLocale(), { timeZone: tz, weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }).format(ms);

/**
 * The project page's 'Expected to finish' card: the sentence, what holds it up, the items that decide it, and with
 * `preview` the same as if the project were rush, with the projects that would slip. Null: nothing left to do.
 */
export function forecastPanel(projectId: number, names: ReadonlyMap<number, string>, preview: boolean): ForecastPanel | null {
  const tz = getEnv().SHOP_TIMEZONE;
  const outlook = projectOutlook(projectId);
  const summary = forecastSummary(outlook);
  if (!summary) return null;
  const { dayHours } = getWorkingCalendar();
  const items = itemOutlooks(projectId).reverse();
  const explained = items.slice(0, ITEMS_EXPLAINED).map((i) => ({
    id: i.id,
    name: names.get(i.id) ?? itemName(i.id),
    finish: when(i.finishAt, tz),
    steps: i.steps.map((s) => ({
      name: s.name,
      start: when(s.startAt, tz),
      finish: when(s.finishAt, tz),
      wait: s.waitSeconds >= 60 ? queueWaitText(s.waitSeconds, dayHours) : null,
    })),
  }));
  let previewView: RushPreviewView | null = null;
  if (preview) {
    const p = previewRush(projectId);
    previewView = {
      summary: forecastSummary(p.outlook) ?? summary,
      slipped: p.slipped.map((s) => ({
        id: s.projectId,
        name: s.name,
        before: formatListDate(s.before, tz),
        after: formatListDate(s.after, tz),
        nowLate: s.afterStanding.atRisk && !s.beforeStanding.atRisk,
      })),
      slippedTotal: p.slippedTotal,
      slippedListed: SLIPPED_LISTED,
    };
  }
  return { summary, items: explained, moreItems: Math.max(0, items.length - ITEMS_EXPLAINED), preview: previewView };
}

export type LateRiskRow = { id: number; name: string; finish: string; heldUp: string | null };

/** The projects expected to finish after their due date, the latest first: shop-wide, or among `only` (id → name). */
export function lateRisk(limit: number, only?: ReadonlyMap<number, string>): { total: number; rows: LateRiskRow[] } {
  const tz = getEnv().SHOP_TIMEZONE;
  const row = (o: ProjectOutlook, name: string): LateRiskRow => ({
    id: o.projectId,
    name,
    finish: finishShortText(o, tz),
    heldUp: o.heldUpName ? heldUpShortText(o.heldUpName) : null,
  });
  if (!only) {
    const risky = atRiskProjects(limit);
    return { total: risky.total, rows: risky.projects.map((p) => row(p, p.name)) };
  }
  const risky = [...projectOutlooks([...only.keys()]).values()]
    .filter((o) => o.atRisk)
    .sort((a, b) => b.workingDays - a.workingDays || (b.finishAt ?? 0) - (a.finishAt ?? 0) || a.projectId - b.projectId);
  return { total: risky.length, rows: risky.slice(0, limit).map((o) => row(o, only.get(o.projectId) ?? projectName(o.projectId))) };
}
