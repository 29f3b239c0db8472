import { activeHoldersOf, type SignedInUser } from "~/models/team-member.server";
import type { WhoCanAdd } from "~/domain/words";
import { can } from "~/services/permissions.server";

/**
 * For a form that picks a product or a material: a manager is offered the link to add one; anyone else is told
 * which managers to ask. `formShown`: the page can show that form at all (no query otherwise).
 */
export function whoCanAdd(user: SignedInUser | null, formShown: boolean): WhoCanAdd {
  const canManage = can(user, "settings:write");
  return { canManage, managers: canManage || !formShown ? [] : activeHoldersOf("management") };
}
