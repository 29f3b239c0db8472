import { t } from "@lingui/core/macro";
import { isStationSide, workFilterOf } from "~/domain/work-lists";
import { api, jsonError, json, pageParams } from "~/http/api.server";
import { countWork, getWorkDepartment, listStations, listWork } from "~/models/work-list.server";
import { requireUser, requireWorkList } from "~/services/permissions.server";
import type { Route } from "./+types/work.$department";

// GET /api/work/{department}: the department's work list, as the page shows it (decision 0037): running items
// first, then waiting ones by rush, the project's due date and arrival. ?station= (a station's value, or none) and
// ?side= (interior, exterior) filter it as the page's station links do; ?limit=&offset= page through it, with
// X-Total-Count and a Link to the next page like every /api list.

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Why the address's ?station= or ?side= names no filter of this list, or null. The page falls back to the whole
 * list for an old link; a program is told, since answering the whole list would pass for the filtered one.
 */
function filterRefusal(params: URLSearchParams, stations: readonly { value: string }[]): string | null {
  const station = params.get("station");
  if (station && station !== "none" && !stations.some((s) => s.value === station)) {
    const values = [...stations.map((s) => s.value), "none"].join(", ");
    return t`station must be one of this department's stations or none: ${values}.`;
  }
  const side = params.get("side");
  if (side && !isStationSide(side)) return t`side must be interior or exterior.`;
  return null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requireUser(request);
    const department = getWorkDepartment(params.department);
    if (!department) return jsonError(404, t`Department not found: no process department has this value`);
    requireWorkList(request, department.value);
    const url = new URL(request.url);
    const page = pageParams(url);
    const stations = listStations(department.id);
    const refusal = filterRefusal(url.searchParams, stations);
    if (refusal) return jsonError(400, refusal);
    const filter = workFilterOf(url.searchParams, stations);
    const counts = countWork(department.value, filter, stations);
    const total = counts.running + counts.waiting;
    const rows = listWork(department.value, filter, stations, page);
    const headers = new Headers({ "X-Total-Count": String(total) });
    const next = page.offset + rows.length;
    if (rows.length > 0 && next < total) {
      const query = new URLSearchParams(url.searchParams);
      query.set("limit", String(page.limit));
      query.set("offset", String(next));
      headers.set("Link", `</api/work/${encodeURIComponent(department.value)}?${query}>; rel="next"`);
    }
    return json(
      {
        department: { value: department.value, name: department.name },
        stations,
        filter,
        running: counts.running,
        waiting: counts.waiting,
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          category: r.category,
          material: r.material,
          quantity: r.quantity,
          isTimerActive: r.running,
          currentSessionStart: iso(r.sessionStart),
          startedBy: r.startedBy,
          totalTimeSeconds: r.totalSeconds,
          arrivedAt: iso(r.arrivedAt),
          station: r.station,
          project: {
            id: r.project.id,
            name: r.project.name,
            priority: r.project.priority,
            endDate: iso(r.project.dueDate),
            design: r.project.design
              ? { fileName: r.project.design.fileName, url: `/api/pdf-proxy?url=${encodeURIComponent(r.project.design.filePath)}` }
              : null,
          },
          machineFiles: r.files.map((f) => ({
            id: f.id,
            fileName: f.fileName,
            fileType: f.fileType,
            machine: f.machine,
            machineName: f.machineName,
            isCompleted: f.isCompleted,
          })),
        })),
      },
      { headers },
    );
  });
}
