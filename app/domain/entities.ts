// The shapes of the records screens receive (docs/product.md §3), taken from the drizzle schema as types only:
// `import type` is erased before anything runs, so a browser module using these loads nothing from db/.
import type * as Db from "#db/schema";
import type { Language } from "./languages";

export type Category = Db.Category;
export type Department = Db.Department;
export type Subdepartment = Db.Subdepartment;
export type Material = Db.Material;
export type Workflow = Db.Workflow;

/** What any API or screen may see of a member: never the PIN or its hash. */
export type PublicTeamMember = Omit<Db.TeamMember, "pinHash"> & { hasPin: true };

/**
 * The signed-in user of docs/product.md §3, as verify-pin answers it. On /api it may instead be a program with an
 * API token (`apiToken`, decision 0041): no member, no keys; what it may do comes from the token's scopes.
 */
export type SignedInUser = Pick<Db.TeamMember, "id" | "name" | "email" | "department" | "subdepartment" | "skills" | "accessibleDepartments"> & {
  /** The member's own language; null (or absent) follows the device (docs/product.md, Languages). */
  language?: Language | null;
  /** `language`: the token's setting for its /api messages; null follows each request's Accept-Language. */
  apiToken?: { id: number; name: string; scopes: readonly string[]; language?: Language | null };
};
