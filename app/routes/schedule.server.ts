import { plural, t } from "@lingui/core/macro";
import { data } from "react-router";
import type { ScheduleCell } from "~/components/schedule/load-table";
import { formatDateTime, formatListDate } from "~/domain/dates";
import { intlLocale } from "~/domain/forecast-words";
import { hoursNumber, hoursText, OVERLOAD_PERCENT, overloadText, type Schedule } from "~/domain/schedule";
import { getEnv } from "~/infra/env.server";
import { currentSchedule, projectsAtRisk } from "~/models/booked-schedule.server";
import { requirePermission } from "~/services/permissions.server";
import type { Route } from "./+types/schedule";

// The schedule's loader (routes/schedule.tsx draws it): every figure in words here, so the page only lays them out.

/** Projects at risk listed on the page; the rest are counted. */
export const AT_RISK_LISTED = 50;

const weekdayDay = (date: string, locale: string) => {
  const d = new Date(`${date}T12:00:00Z`);
  return {
    weekday: d.toLocaleString(locale, { weekday: "short", timeZone: "UTC" }),
    day: d.toLocaleString(locale, { month: "short", day: "numeric", timeZone: "UTC" }),
  };
};

export function scheduleRows(schedule: Schedule) {
  const noCapacity = t`no capacity`;
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
        percent: c.percent === null ? noCapacity : `${c.percent}%`,
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
      days: schedule.days.map((d) => ({ date: d.date, ...weekdayDay(d.date, intlLocale()) })),
      departments: scheduleRows(schedule),
      overloads: schedule.overloads.map(overloadText),
      overloadPercent: OVERLOAD_PERCENT,
      atRisk: risk.projects.map((p) => ({
        id: p.projectId,
        name: p.name,
        priority: p.priority,
        due: p.dueAt === null ? "—" : formatListDate(p.dueAt, tz),
        expected: p.finishAt === null ? t`Unknown` : formatListDate(p.finishAt, tz),
        late: plural(p.workingDays, { one: "# working day", other: "# working days" }),
        why: p.why,
      })),
      atRiskTotal: risk.total,
      computedAt: formatDateTime(computedAt, tz),
      ms: Math.round(ms),
    },
    { headers: { "Cache-Control": "no-store", "Server-Timing": `schedule;dur=${ms.toFixed(1)}` } },
  );
}
