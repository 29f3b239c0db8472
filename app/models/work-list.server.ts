import { t } from "@lingui/core/macro";
import { and, asc, eq, sql } from "drizzle-orm";
import { departments, items, subdepartments } from "#db/schema";
import { BadRequestError, NotFoundError } from "~/domain/errors";
import { itemSequence, nextDepartment, type NextDepartment } from "~/domain/rules";
import { stationSide, type StationSide, type WorkFilter } from "~/domain/work-lists";
import { announce } from "~/infra/change-notices.server";
import { getDb } from "~/infra/db.server";
import { IN_PROGRESS } from "./analytics.server";
import { writeAudit, type Actor } from "./audit.server";
import { departmentByValue } from "./department.server";

// A department's work list (decision 0037): the items in it now, running first, then waiting by rush, the
// project's due date (projects.due_at: the due date, else the latest step end, docs/product.md, Decisions: Due
// dates) and arrival. A page is a fixed number of statements whatever it shows: the department, its
// stations, the counts, one page of rows (who started a running item and when each arrived are subqueries of that
// one statement) and the page's machine files.

export type WorkDepartment = { id: number; value: string; name: string; description: string; color: string; isActive: boolean };

/** A process department by its value; null for an unknown value or a machine station (those have their queue). */
export function getWorkDepartment(value: string): WorkDepartment | null {
  const row = departmentByValue(value);
  if (!row || row.isMachine) return null;
  const { isMachine: _, ...department } = row;
  return department;
}

/** The active process departments in the shop's order (Global Settings' sort order), for the ways in. */
export function listWorkDepartments(): { value: string; name: string }[] {
  return getDb()
    .select({ value: departments.value, name: departments.name })
    .from(departments)
    .where(and(eq(departments.isMachine, false), eq(departments.isActive, true)))
    .orderBy(asc(departments.sortOrder), sql`${departments.name} COLLATE NOCASE`)
    .all();
}

export type Station = { value: string; name: string; side: StationSide | null };

/** A department's stations: its active subdepartments in their order. */
export function listStations(departmentId: number): Station[] {
  return getDb()
    .select({ value: subdepartments.value, name: subdepartments.name })
    .from(subdepartments)
    .where(and(eq(subdepartments.departmentId, departmentId), eq(subdepartments.isActive, true)))
    .orderBy(asc(subdepartments.sortOrder), sql`${subdepartments.name} COLLATE NOCASE`)
    .all()
    .map((s) => ({ ...s, side: stationSide(s.name) }));
}

/**
 * The SQL condition of a filter on `i`. An item is at a station when its assignedMachine names one of this
 * department's stations; a value left from another department (the item moved on) is no station here.
 */
function filterSql(filter: WorkFilter, stations: readonly Station[]) {
  const values = (list: readonly Station[]) => JSON.stringify(list.map((s) => s.value));
  switch (filter.kind) {
    case "all":
      return sql`1`;
    case "station":
      return sql`i.assigned_machine = ${filter.value}`;
    case "side":
      return sql`i.assigned_machine IN (SELECT value FROM json_each(${values(stations.filter((s) => s.side === filter.side))}))`;
    case "unassigned":
      return sql`(i.assigned_machine IS NULL OR i.assigned_machine NOT IN (SELECT value FROM json_each(${values(stations)})))`;
  }
}

const inDepartment = (department: string, filter: WorkFilter, stations: readonly Station[]) =>
  sql`i.department = ${department} AND ${IN_PROGRESS} AND ${filterSql(filter, stations)}`;

export type WorkCounts = { running: number; waiting: number };

/** How many items of the list run and wait: one statement (active projects' items, by the projects' index). */
export function countWork(department: string, filter: WorkFilter, stations: readonly Station[]): WorkCounts {
  const [row] = getDb().all<{ n: number; r: number | null }>(sql`
    SELECT count(*) AS n, sum(i.is_timer_active) AS r
    FROM projects p CROSS JOIN items i ON i.project_id = p.id
    WHERE ${inDepartment(department, filter, stations)}`);
  const running = row?.r ?? 0;
  return { running, waiting: (row?.n ?? 0) - running };
}

export type WorkFile = {
  itemId: number;
  id: number;
  fileName: string;
  fileType: "print" | "cut";
  machine: string;
  machineName: string | null;
  isCompleted: boolean;
};

export type WorkRow = {
  id: number;
  name: string;
  category: string;
  material: string;
  quantity: number;
  running: boolean;
  /** The running session's start (epoch ms), else null. */
  sessionStart: number | null;
  /** Who started the running session (its start log row), else null. */
  startedBy: string | null;
  totalSeconds: number;
  /** When it came into the department: its last stop in another department, else its creation (epoch ms). */
  arrivedAt: number;
  /** Its station in this department (a subdepartment's value), else null. */
  station: string | null;
  /** `design`: the project's design PDF (its stored path, served by /api/pdf-proxy), else null. */
  project: { id: number; name: string; priority: string; dueDate: number | null; design: { fileName: string; filePath: string } | null };
  files: WorkFile[];
};

type RawRow = Omit<WorkRow, "running" | "project" | "files" | "station"> & {
  running: number;
  station: string | null;
  projectId: number;
  projectName: string;
  priority: string;
  dueDate: number | null;
  designName: string | null;
  designPath: string | null;
};

/**
 * One page of the list, in its order: running items first (rush first, then the longest running), then the waiting
 * ones by rush, the project's due date (none last) and arrival. `offset`/`limit` page through that one order.
 */
export function listWork(department: string, filter: WorkFilter, stations: readonly Station[], page: { limit: number; offset: number }): WorkRow[] {
  const db = getDb();
  const raw = db.all<RawRow>(sql`
    SELECT i.id AS id, i.name AS name, i.category AS category, i.material AS material, i.quantity AS quantity,
      i.is_timer_active AS running, i.current_session_start AS sessionStart, i.total_time_seconds AS totalSeconds,
      i.assigned_machine AS station,
      CASE WHEN i.is_timer_active = 1 THEN (
        SELECT m.name FROM timer_logs l LEFT JOIN team_members m ON m.id = l.team_member_id
        WHERE l.item_id = i.id AND l.action = 'start' ORDER BY l.timestamp DESC, l.id DESC LIMIT 1) END AS startedBy,
      coalesce((SELECT max(l.timestamp) FROM timer_logs l
        WHERE l.item_id = i.id AND l.action = 'stop' AND l.department IS NOT i.department), i.created_at) AS arrivedAt,
      p.id AS projectId, p.name AS projectName, p.priority AS priority, p.due_at AS dueDate,
      d.file_name AS designName, d.file_path AS designPath
    FROM projects p CROSS JOIN items i ON i.project_id = p.id LEFT JOIN project_designs d ON d.project_id = p.id
    WHERE ${inDepartment(department, filter, stations)}
    ORDER BY i.is_timer_active DESC, p.priority = 'rush' DESC,
      CASE WHEN i.is_timer_active = 1 THEN i.current_session_start END,
      p.due_at IS NULL, p.due_at, arrivedAt, i.id
    LIMIT ${page.limit} OFFSET ${page.offset}`);
  const ids = raw.map((r) => r.id);
  const files = ids.length
    ? db.all<Omit<WorkFile, "isCompleted"> & { isCompleted: number }>(sql`
        SELECT a.item_id AS itemId, f.id AS id, f.file_name AS fileName, a.file_type AS fileType, f.machine AS machine,
          d.name AS machineName, f.is_completed AS isCompleted
        FROM item_file_associations a JOIN machine_ready_files f ON f.id = a.machine_file_id
        LEFT JOIN departments d ON d.value = f.machine
        WHERE a.item_id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))
        ORDER BY a.item_id, a.file_type DESC`)
    : [];
  const filesOf = new Map<number, WorkFile[]>();
  for (const f of files) filesOf.set(f.itemId, [...(filesOf.get(f.itemId) ?? []), { ...f, isCompleted: f.isCompleted === 1 }]);
  const stationValues = new Set(stations.map((s) => s.value));
  return raw.map(({ projectId, projectName, priority, dueDate, designName, designPath, running, station, ...r }) => ({
    ...r,
    running: running === 1,
    sessionStart: running === 1 ? r.sessionStart : null,
    startedBy: running === 1 ? r.startedBy : null,
    station: station !== null && stationValues.has(station) ? station : null,
    project: { id: projectId, name: projectName, priority, dueDate, design: designPath && designName ? { fileName: designName, filePath: designPath } : null },
    files: filesOf.get(r.id) ?? [],
  }));
}

/** The department an item is in now, or null when there is no such item. */
export function itemDepartment(itemId: number): string | null {
  return getDb().select({ department: items.department }).from(items).where(eq(items.id, itemId)).get()?.department ?? null;
}

export const stationNotHereMessage = () => t`That station is not one of this department's. Reload to see its stations.`;
export const itemNotHereMessage = () => t`That item is no longer in this department. Reload to see the list.`;

/**
 * Puts an item at one of its department's stations (a subdepartment), or at none (`station` null): the item's
 * assignedMachine, which the list's station filters read. One transaction with its audit row.
 */
export function setStation(itemId: number, department: WorkDepartment, station: string | null, actor: Actor): { name: string; station: string | null } {
  const result = getDb().transaction((tx) => {
    const item = tx
      .select({ id: items.id, name: items.name, department: items.department, assignedMachine: items.assignedMachine, projectId: items.projectId })
      .from(items)
      .where(eq(items.id, itemId))
      .get();
    if (!item || item.department !== department.value) throw new NotFoundError(itemNotHereMessage());
    let name: string | null = null;
    if (station !== null) {
      const sub = tx
        .select({ name: subdepartments.name })
        .from(subdepartments)
        .where(and(eq(subdepartments.departmentId, department.id), eq(subdepartments.value, station), eq(subdepartments.isActive, true)))
        .get();
      if (!sub) throw new BadRequestError(stationNotHereMessage());
      name = sub.name;
    }
    tx.update(items)
      .set({ assignedMachine: station, version: sql`${items.version} + 1` })
      .where(eq(items.id, itemId))
      .run();
    writeAudit(actor, { action: "set-station", entity: "item", entityId: itemId, before: { station: item.assignedMachine }, after: { station } }, tx);
    return { name: item.name, station: name, projectId: item.projectId };
  });
  announce({ entity: "item", id: itemId, action: "update", projectId: result.projectId, department: department.value });
  return { name: result.name, station: result.station };
}

/**
 * Where a stop would send each row's item (docs/product.md, Decisions: Next department), for the list's 'Done →'
 * buttons: one statement for the page's categories, whatever the number of rows.
 */
export function nextDepartmentsOf(rows: readonly { id: number; category: string }[], department: string): Map<number, NextDepartment> {
  const names = [...new Set(rows.map((r) => r.category))];
  const found = names.length
    ? getDb().all<{ name: string; sequence: string }>(sql`
        SELECT name, department_sequence AS sequence FROM categories
        WHERE name COLLATE NOCASE IN (SELECT value FROM json_each(${JSON.stringify(names)}))`)
    : [];
  const sequences = new Map(found.map((c) => [c.name.toLowerCase(), JSON.parse(c.sequence) as string[]]));
  return new Map(rows.map((r) => [r.id, nextDepartment(itemSequence(sequences.get(r.category.toLowerCase())), department)]));
}
