import { listTeamMembers } from "~/models/team-member.server";
import { api, json } from "~/utils/api.server";
import { requirePermission } from "~/utils/permissions.server";
import type { Route } from "./+types/team-members";

export async function loader({ request }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    return json(listTeamMembers());
  });
}
