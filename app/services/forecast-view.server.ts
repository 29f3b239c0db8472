import { expectedFinishText, heldUpText } from "~/domain/forecast-words";
import { getEnv } from "~/infra/env.server";
import { itemOutlooks, type ProjectOutlook, projectOutlook } from "~/models/project-forecast.server";
import { getWorkingCalendar } from "~/models/shop-settings.server";

// A project's expected finish as the project page and GET /api/projects/{id}/forecast show it
// (docs/decisions/0038-finish-date-forecast.md): the numbers, and the sentences staff read.

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
    text: summary?.text ?? "Nothing left to do: every item has finished its last department.",
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
