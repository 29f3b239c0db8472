import { asc, eq } from "drizzle-orm";
import { projects, projectWorkflowInstances, projectWorkflowSteps } from "#db/schema";
import { noonInZone, zoneDate } from "~/domain/dates";
import { BadRequestError } from "~/domain/errors";
import { sessionHandsOn } from "~/domain/forecast";
import { type DepartmentWork, departmentWork, forecastSpans, planSteps, planStepsSummary, type PlannedStep } from "~/domain/step-plan";
import { hasWorkingTime, workingTime } from "~/domain/working-calendar";
import { announce } from "~/infra/change-notices.server";
import { getDb } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { writeAudit, type Actor } from "./audit.server";
import { forecastSnapshot, itemOutlooks } from "./project-forecast.server";

// 'Plan the steps' (docs/product.md, Decisions: Due dates): fills a project's empty step dates backwards from its
// due date (domain/step-plan.ts) with the forecast's own figures (hands-on estimates, queues, capacity, calendar),
// in one transaction with an audit row per step it dates. A date already there is never written over: the update
// itself only fills a column that is still empty.

export const PLAN_AUDIT_ACTION = "plan-steps";

export type PlanStepsResult = { changed: PlannedStep[]; summary: string };

/** The departments' work with the forecast's spans where it has them. */
function withSpans(work: Map<string, DepartmentWork>, spans: ReadonlyMap<string, number>): Map<string, DepartmentWork> {
  for (const [department, spanSeconds] of spans) {
    const w = work.get(department);
    work.set(department, { handsOnSeconds: w?.handsOnSeconds ?? 0, queueSeconds: w?.queueSeconds ?? 0, spanSeconds });
  }
  return work;
}

/** Plans project `projectId`'s empty step dates; undefined when there is no such project. Refusals are BadRequestErrors. */
export function planProjectSteps(projectId: number, actor: Actor, now = Date.now()): PlanStepsResult | undefined {
  const tz = getEnv().SHOP_TIMEZONE;
  // The forecast's figures as they are now: read before the transaction (it keeps its own state, and may read).
  const snap = forecastSnapshot(now);
  const wt = hasWorkingTime(snap.calendar) ? workingTime(snap.calendar) : null;
  // How long the forecast expects this project's open items to spend in each department: the steps' lengths.
  const spans = wt ? forecastSpans(itemOutlooks(projectId, now), (at) => wt.position(at), now) : new Map<string, number>();
  const result = getDb().transaction((tx) => {
    const project = tx
      .select({ id: projects.id, startDate: projects.startDate, endDate: projects.endDate, dueAt: projects.dueAt, priority: projects.priority })
      .from(projects)
      .where(eq(projects.id, projectId))
      .get();
    if (!project) return undefined;
    const steps = tx
      .select({ s: projectWorkflowSteps })
      .from(projectWorkflowSteps)
      .innerJoin(projectWorkflowInstances, eq(projectWorkflowInstances.id, projectWorkflowSteps.projectWorkflowInstanceId))
      .where(eq(projectWorkflowInstances.projectId, projectId))
      .orderBy(asc(projectWorkflowSteps.sortOrder), asc(projectWorkflowSteps.id))
      .all()
      .map((r) => r.s);
    const day = (d: Date | null) => (d && !Number.isNaN(d.getTime()) ? zoneDate(d, tz) : null);
    const plan = planSteps({
      calendar: snap.calendar,
      due: day(project.endDate),
      steps: steps.map((s) => ({ id: s.id, department: s.department, start: day(s.startDate), end: day(s.endDate) })),
      departments: snap.departments,
      work: withSpans(
        departmentWork({
          projectId,
          // Its place in each department's queue, as the forecast orders its items (project-forecast.server.ts).
          project: { rush: project.priority === "rush", dueAt: project.dueAt ? project.dueAt.getTime() : null },
          items: snap.items(),
          handsOn: snap.handsOn,
          ranFor: (since) => sessionHandsOn(wt, now, (now - since) / 1000),
        }),
        spans,
      ),
      now,
      earliest: day(project.startDate),
    });
    if (!plan.ok) throw new BadRequestError(plan.reason);
    const byId = new Map(steps.map((s) => [s.id, s]));
    for (const p of plan.changed) {
      const before = byId.get(p.id)!;
      const values: Partial<typeof projectWorkflowSteps.$inferInsert> = {};
      if (p.setsStart) values.startDate = noonInZone(p.start, tz);
      if (p.setsEnd) values.endDate = noonInZone(p.end, tz);
      const after = tx
        .update(projectWorkflowSteps)
        .set({ ...values, version: before.version + 1 })
        .where(eq(projectWorkflowSteps.id, p.id))
        .returning()
        .get();
      writeAudit(
        actor,
        {
          action: PLAN_AUDIT_ACTION,
          entity: "workflow-step",
          entityId: p.id,
          before: { startDate: before.startDate, endDate: before.endDate },
          after: { startDate: after.startDate, endDate: after.endDate, workHours: Math.round(p.workSeconds / 36) / 100 },
        },
        tx,
      );
    }
    return { changed: plan.changed, summary: planStepsSummary(plan) };
  });
  for (const p of result?.changed ?? []) announce({ entity: "workflow-step", id: p.id, action: "update", projectId, department: p.department });
  return result;
}
