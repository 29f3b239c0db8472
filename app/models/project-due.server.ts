import { type SQL, sql } from "drizzle-orm";
import { projects } from "#db/schema";

// The date a project is promised for (docs/product.md, Decisions: Due dates): its own due date (projects.end_date)
// when it has one, else the latest end date among its workflow steps, the rule before projects had due dates, so a
// shop that planned by step loses nothing. Triggers keep it in projects.due_at (migration 0017), so the projects list
// sorts by it through an index. Every promise reads it from here: the forecast (and with it 'At risk', /schedule, the
// Pre-Production dashboard's late risk and the customer page), the projects list's due-date order and the calendar
// feeds.

/**
 * The due instant (ms) of the project row `alias` names in a raw statement (`p` → p.due_at), or of the `projects`
 * table itself in a drizzle query when no alias is given.
 */
export function projectDueSql(alias?: string): SQL {
  return alias ? sql.raw(`${alias}.due_at`) : sql`${projects.dueAt}`;
}
