import { requirePermission } from "~/services/permissions.server";
import { api, jsonError } from "~/utils/api.server";
import { openEventStream } from "~/utils/event-stream.server";
import type { Route } from "./+types/events";

// GET /api/events (issue "Step 8"): the change notices as server-sent events, for the live pages. Notices carry
// ids, the action and the department, nothing a signed-in member could not read on the pages themselves.

export async function loader({ request }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    return openEventStream(request);
  });
}

export async function action() {
  return jsonError(405, "Method not allowed");
}
