import { and, asc, eq, like, or, sql } from "drizzle-orm";
import { departments, subdepartments } from "#db/schema";
import { getDb } from "~/infra/db.server";

// docs/product.md §2 'Production Floor' and 'Fabrication Department': read-only views of the stations.

export type Station = { value: string; name: string; description: string; color: string; machineStatus: string; waiting: number };

/** Departments that are machines and active, by name, each with how many files wait on it: one query. */
export function listStations(): Station[] {
  return getDb()
    .select({
      value: departments.value,
      name: departments.name,
      description: departments.description,
      color: departments.color,
      machineStatus: departments.machineStatus,
      waiting: sql<number>`(SELECT count(*) FROM machine_ready_files AS f WHERE f.machine = ${departments.value} AND f.is_completed = 0)`,
    })
    .from(departments)
    .where(and(eq(departments.isMachine, true), eq(departments.isActive, true)))
    .orderBy(sql`${departments.name} COLLATE NOCASE`, asc(departments.id))
    .all();
}

export type FabricationStation = { id: number; value: string; name: string; description: string; color: string };

/**
 * The department whose name or value contains 'fabrication' (the first by sort order), and its active
 * subdepartments by sort order: two queries.
 */
export function getFabrication(): { department: { id: number; value: string; name: string } | null; stations: FabricationStation[] } {
  const db = getDb();
  const department = db
    .select({ id: departments.id, value: departments.value, name: departments.name })
    .from(departments)
    .where(or(like(departments.name, "%fabrication%"), like(departments.value, "%fabrication%")))
    .orderBy(asc(departments.sortOrder), asc(departments.id))
    .limit(1)
    .get();
  if (!department) return { department: null, stations: [] };
  const stations = db
    .select({
      id: subdepartments.id,
      value: subdepartments.value,
      name: subdepartments.name,
      description: subdepartments.description,
      color: subdepartments.color,
    })
    .from(subdepartments)
    .where(and(eq(subdepartments.departmentId, department.id), eq(subdepartments.isActive, true)))
    .orderBy(asc(subdepartments.sortOrder), sql`${subdepartments.name} COLLATE NOCASE`)
    .all();
  return { department, stations };
}
