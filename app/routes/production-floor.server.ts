import { data } from "react-router";
import { listStations } from "~/models/production-floor.server";
import { can, requirePermission } from "~/services/permissions.server";
import type { Route } from "./+types/production-floor";

export function loader({ request }: Route.LoaderArgs) {
  const user = requirePermission(request, "screen:production");
  return data({ stations: listStations(), canSettings: can(user, "settings:write") }, { headers: { "Cache-Control": "no-store" } });
}
