import { t } from "@lingui/core/macro";
import { ANALYTICS_TABLES, type AnalyticsTable } from "~/schemas/analytics";
import { readAnalytics } from "~/views/analytics-range.server";
import { fileRefusal } from "~/pipeline/file-refusal.server";
import { toCsv } from "~/domain/csv";
import { contentDisposition } from "~/domain/content-disposition";
import { zoneDate } from "~/domain/dates";
import { getEnv } from "~/infra/env.server";
import type { Route } from "./+types/analytics-csv";

// GET /analytics/{table}.csv?from&to: each /analytics table as a spreadsheet, the same figures as the page, with
// raw seconds and plain dates so a spreadsheet can sum them. Text cells that look like formulas are defused
// (domain/csv.ts): a project named '=HYPERLINK(…)' stays text.

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export function loader({ request }: Route.LoaderArgs) {
  const refused = fileRefusal(request, "analytics:read", t`these figures`);
  if (refused) return refused;
  const table = new URL(request.url).pathname.match(/\/analytics\/([a-z]+)\.csv$/)?.[1] as AnalyticsTable | undefined;
  if (!table || !(ANALYTICS_TABLES as readonly string[]).includes(table)) return text(404, t`Not found`);
  const a = readAnalytics(new URL(request.url));
  if (a.rangeError) return text(400, a.rangeError);
  const tz = getEnv().SHOP_TIMEZONE;
  const day = (ms: number | null) => (ms === null ? "" : zoneDate(ms, tz));
  let csv: string;
  switch (table) {
    case "departments":
      csv = toCsv(
        [
          "Department",
          "Hands-on seconds",
          "Sessions",
          "Median session seconds",
          "Hand-offs",
          "Median wait seconds",
          "Average wait seconds",
          "Waiting now",
          "Running now",
          "Bottleneck",
        ],
        a.flow.departments.map((d) => [
          d.label,
          d.handsOnSeconds,
          d.sessions,
          d.medianSessionSeconds,
          d.waits,
          d.medianWaitSeconds,
          d.averageWaitSeconds,
          d.wipWaiting,
          d.wipRunning,
          a.flow.bottleneck?.department === d.department ? "yes" : "",
        ]),
      );
      break;
    case "finished":
      csv = toCsv(
        [a.granularity === "day" ? "Day" : a.granularity === "week" ? "Week starting" : "Month starting", "Items finished"],
        a.finished.map((p) => [p.key, p.value]),
      );
      break;
    case "projects":
      csv = toCsv(
        ["Project id", "Project", "Due", "Status", "Items", "Items finished", "Finished"],
        a.flow.projects.all.map((p) => [p.id, p.name, day(p.dueAt), p.status, p.items, p.finishedItems, day(p.finishedAt)]),
      );
      break;
    case "machines":
      csv = toCsv(
        ["Machine", "Files completed", "Median processing seconds"],
        a.flow.machines.map((m) => [m.label, m.completed, m.medianProcessingSeconds]),
      );
      break;
  }
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition("attachment", `shopflow-${table}-${a.from}-to-${a.to}.csv`),
      "Cache-Control": "no-store",
    },
  });
}
