// Compile-time only: the rows the database returns must fit the browser-safe shapes in ~/utils/entities, which
// the screens use without importing db/. A column added to one and not the other fails `npm run typecheck`.
import type { Category, Department, Material, Subdepartment, TeamMember, Workflow } from "#db/schema";
import type * as E from "~/domain/entities";

type Fits<Row, Shape> = Row extends Shape ? (Shape extends Omit<Row, "pinHash"> ? true : never) : never;

export const entityShapesMatch: [
  Fits<Category, E.Category>,
  Fits<Department, E.Department>,
  Fits<Subdepartment, E.Subdepartment>,
  Fits<Material, E.Material>,
  Fits<Workflow, E.Workflow>,
  Fits<TeamMember, Omit<E.PublicTeamMember, "hasPin">>,
] = [true, true, true, true, true, true];
