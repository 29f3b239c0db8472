import { data } from "react-router";
import type { ScheduleCell } from "~/components/schedule/load-table";
import { formatDateTime, formatListDate } from "~/domain/dates";
import { dateRangeText, hoursNumber, hoursText, OVERLOAD_PERCENT, type Schedule } from "~/domain/schedule";
import { getEnv } from "~/infra/env.server";
import { currentSchedule, projectsAtRisk } from "~/models/booked-schedule.server";
import { requirePermission } from "~/services/permissions.server";
import type { Route } from "./+types/schedule";

// The schedule's loader (routes/schedule.tsx draws it): every figure in words here, so the page only lays them out.

/** Projects at risk listed on the page; the rest are counted. */
export const AT_RISK_LISTED = 50;

const weekdayDay = (date: string) => {
  const d = new Date(`${date}T12:00:00Z`);
  return {
    weekday: d.toLocaleString("en-US", { weekday: "short", timeZone: "UTC" }),
    day: d.toLocaleString("en-US", { month: "short", day: "numeric", timeZone: "UTC" }),
  };
};

export function scheduleRows(schedule: Schedule) {
  return schedule.departments.map((d) => ({
    value: d.value,
    name: d.name,
    capacity: hoursText(d.capacitySecondsPerDay),
    undated: hoursText(d.undatedSeconds),
    late: hoursText(d.lateSeconds),
    days: d.days.map(
      (c): ScheduleCell => ({
        date: c.date,
        booked: String(hoursNumber(c.bookedSeconds)),
        capacity: hoursText(c.capacitySeconds),
        percent: c.percent === null ? "no capacity" : `${c.percent}%`,
        level: c.overloaded ? "over" : (c.percent ?? 0) >= 80 ? "full" : (c.percent ?? 0) >= 40 ? "busy" : "free",
      }),
    ),
  }));
}

export function loadSchedule({ request }: Route.LoaderArgs) {
  requirePermission(request, "schedule:read");
  const tz = getEnv().SHOP_TIMEZONE;
  const started = performance.now();
  const { schedule, computedAt } = currentSchedule();
  const risk = projectsAtRisk(schedule, AT_RISK_LISTED);
  const ms = performance.now() - started;
  return data(
    {
      timeZone: tz,
      days: schedule.days.map((d) => ({ date: d.date, ...weekdayDay(d.date) })),
      departments: scheduleRows(schedule),
      overloads: schedule.overloads.map((r) => `${r.name} is booked ${r.percent}% on ${dateRangeText(r.from, r.to)}`),
      overloadPercent: OVERLOAD_PERCENT,
      atRisk: risk.projects.map((p) => ({
        id: p.projectId,
        name: p.name,
        priority: p.priority,
        due: p.dueAt === null ? "—" : formatListDate(p.dueAt, tz),
        expected: p.finishAt === null ? "Unknown" : formatListDate(p.finishAt, tz),
        late: `${p.workingDays} working day${p.workingDays === 1 ? "" : "s"}`,
        why: p.why,
      })),
      atRiskTotal: risk.total,
      computedAt: formatDateTime(computedAt, tz),
      ms: Math.round(ms),
    },
    { headers: { "Cache-Control": "no-store", "Server-Timing": `schedule;dur=${ms.toFixed(1)}` } },
  );
}
