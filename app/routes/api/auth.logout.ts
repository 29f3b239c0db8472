import { writeAudit } from "~/models/audit.server";
import { api, json, jsonError, methodNotAllowed } from "~/utils/api.server";
import { actorFrom } from "~/services/actor.server";
import { requireUser } from "~/services/permissions.server";
import { endSession } from "~/services/session.server";
import type { Route } from "./+types/auth.logout";

export async function action({ request }: Route.ActionArgs) {
  return api(() => {
    if (request.method !== "POST") return jsonError(405, "Method not allowed");
    const user = requireUser(request);
    writeAudit(actorFrom(request, user), { action: "logout", entity: "session", entityId: user.id });
    return json({ message: "Logged out" }, { headers: { "Set-Cookie": endSession(request) } });
  });
}

export const loader = methodNotAllowed;
