import { data } from "react-router";
import { getFabrication } from "~/models/production-floor.server";
import { can, requirePermission } from "~/services/permissions.server";
import { isExterior, isInterior } from "~/domain/fabrication";
import type { Route } from "./+types/fabrication";

export function loader({ request }: Route.LoaderArgs) {
  const user = requirePermission(request, "screen:fabrication");
  const { department, stations } = getFabrication();
  return data(
    {
      department,
      interior: stations.filter((s) => isInterior(s.name)),
      exterior: stations.filter((s) => isExterior(s.name)),
      canSettings: can(user, "settings:write"),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
