import { type SQL, sql } from "drizzle-orm";
import { projects } from "#db/schema";

// The date a project is promised for (docs/product.md, Decisions: Due dates): its own due date (projects.end_date)
// when it has one, else the latest end date among its workflow steps, the rule before projects had due dates, so a
// shop that planned by step loses nothing. Every promise reads it from here: the forecast (and with it 'At risk',
// /schedule, the Pre-Production dashboard's late risk and the customer page), the projects list's due-date order
// and the calendar feeds. One expression inside the caller's statement: no query of its own, per page or per row.

/**
 * The due instant (ms) of the project row `alias` names in a raw statement (`p` → p.end_date, p.id), or of the
 * `projects` table itself in a drizzle query when no alias is given.
 */
export function projectDueSql(alias?: string): SQL {
  const endDate = alias ? sql.raw(`${alias}.end_date`) : sql`${projects.endDate}`;
  const id = alias ? sql.raw(`${alias}.id`) : sql`${projects.id}`;
  return sql`coalesce(${endDate}, (SELECT max(due_s.end_date) FROM project_workflow_instances due_i
    JOIN project_workflow_steps due_s ON due_s.project_workflow_instance_id = due_i.id WHERE due_i.project_id = ${id}))`;
}
