import { api, json, jsonError, methodNotAllowed } from "~/http/api.server";
import { requireUser } from "~/services/permissions.server";
import { signOut } from "~/services/session.server";
import type { Route } from "./+types/auth.logout";
import type { RouteMethods } from "~/pipeline/route-rules.server";

/** The methods this module answers (pipeline/route-rules.server); anything else gets 405 with Allow. */
export const methods: RouteMethods = ["POST"];

export async function action({ request }: Route.ActionArgs) {
  return api(() => {
    if (request.method !== "POST") return jsonError(405, "Method not allowed");
    requireUser(request);
    return json({ message: "Logged out" }, { headers: { "Set-Cookie": signOut(request) } });
  });
}

export const loader = methodNotAllowed;
