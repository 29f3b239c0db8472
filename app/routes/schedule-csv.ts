import { t } from "@lingui/core/macro";
import { contentDisposition } from "~/domain/content-disposition";
import { toCsv } from "~/domain/csv";
import { zoneDate } from "~/domain/dates";
import { getEnv } from "~/infra/env.server";
import { speak } from "~/infra/i18n.server";
import { currentSchedule, projectsAtRisk } from "~/models/booked-schedule.server";
import { fileRefusal } from "~/pipeline/file-refusal.server";
import type { Route } from "./+types/schedule-csv";

// GET /schedule/{load,at-risk}.csv: the schedule's tables as spreadsheets, with plain hours and dates so a
// spreadsheet can sum them. Text cells that look like formulas are defused (domain/csv.ts).

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

export function loader({ request }: Route.LoaderArgs) {
  const refused = fileRefusal(request, "schedule:read", t`the schedule`);
  if (refused) return refused;
  // A spreadsheet's words stay English, whoever downloads it: the 'Why' column's sentences too.
  speak("en");
  const tz = getEnv().SHOP_TIMEZONE;
  const table = new URL(request.url).pathname.endsWith("/at-risk.csv") ? "at-risk" : "load";
  const { schedule, computedAt } = currentSchedule();
  let csv: string;
  if (table === "load") {
    // The page's 'Already late' and 'No due date' are a department's, not a day's: given once, on its first day's
    // row, so a column's sum is the shop's hours as on the page (docs/decisions/0040-schedule.md).
    csv = toCsv(
      ["Department", "Date", "Booked hours", "Capacity hours", "Percent", "Overloaded", "Already late", "No due date"],
      schedule.departments.flatMap((d) =>
        d.days.map((c, i) => [
          d.name,
          c.date,
          hours(c.bookedSeconds),
          hours(c.capacitySeconds),
          c.percent ?? "",
          c.overloaded ? "yes" : "",
          i === 0 ? hours(d.lateSeconds) : "",
          i === 0 ? hours(d.undatedSeconds) : "",
        ]),
      ),
    );
  } else {
    const risk = projectsAtRisk(schedule, Number.MAX_SAFE_INTEGER);
    csv = toCsv(
      ["Project id", "Project", "Priority", "Due", "Expected finish", "Working days late", "Why"],
      risk.projects.map((p) => [
        p.projectId,
        p.name,
        p.priority,
        p.dueAt === null ? "" : zoneDate(p.dueAt, tz),
        p.finishAt === null ? "" : zoneDate(p.finishAt, tz),
        p.workingDays,
        p.why,
      ]),
    );
  }
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition("attachment", `shopflow-schedule-${table}-${zoneDate(computedAt, tz)}.csv`),
      "Cache-Control": "no-store",
    },
  });
}
