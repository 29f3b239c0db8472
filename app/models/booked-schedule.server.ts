import { sql } from "drizzle-orm";
import { buildSchedule, riskReason, type Schedule } from "~/domain/schedule";
import { type DB, getDb } from "~/infra/db.server";
import { type KeptSchedule, processState } from "~/infra/process-state.server";
import { atRiskProjects, forecastSnapshot, type ProjectOutlook } from "./project-forecast.server";

// The schedule of the next working days (docs/decisions/0040-schedule.md), worked out from the forecast's own
// inputs and kept until the forecast is computed again: /schedule and its CSV read it without touching the database.

type Kept = KeptSchedule;
const kept = () => processState.schedules;

/** The schedule from now, as of the forecast's last computation. */
export function currentSchedule(now?: number): Kept & { computedAt: number; dayHours: number } {
  const snap = forecastSnapshot(now);
  const db = getDb();
  let k = kept().get(db);
  if (!k || k.generation !== snap.generation) {
    const started = performance.now();
    // Machine stations have their own queues (/production/{machine}); items move through process departments.
    const machines = new Set(db.all<{ value: string }>(sql`SELECT value FROM departments WHERE is_machine = 1`).map((r) => r.value));
    const schedule = buildSchedule({
      now: snap.computedAt,
      calendar: snap.calendar,
      departments: snap.departments.filter((d) => !machines.has(d.value)),
      items: snap.items(),
      handsOn: snap.handsOn,
    });
    k = { generation: snap.generation, schedule, ms: performance.now() - started };
    kept().set(db, k);
  }
  return { ...k, computedAt: snap.computedAt, dayHours: snap.calendar.dayHours };
}

export type RiskyProject = ProjectOutlook & { name: string; priority: string; why: string };

/** The projects expected to finish after their due date, the latest first, each with why (from `schedule`). */
export function projectsAtRisk(schedule: Schedule, limit: number, now?: number): { total: number; projects: RiskyProject[] } {
  const risky = atRiskProjects(limit, now);
  return {
    total: risky.total,
    projects: risky.projects.map((p) => ({
      ...p,
      why: riskReason(p, schedule, (value) => (value === p.heldUpBy ? (p.heldUpName ?? value) : value), p.dueDate),
    })),
  };
}
