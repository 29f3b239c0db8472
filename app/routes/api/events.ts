import { boardKeyId } from "~/models/board.server";
import { requirePermission, stillPermitted } from "~/services/permissions.server";
import { BOARD_ENTITIES, BOARD_LINK_INVALID } from "~/domain/board-messages";
import { api, jsonError } from "~/http/api.server";
import { openEventStream } from "~/infra/event-stream.server";
import type { Route } from "./+types/events";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// GET /api/events: the change notices as server-sent events, for the live pages. Notices carry
// ids, the action and the department, nothing a signed-in member could not read on the pages themselves.

/** The methods this module answers (pipeline/route-rules.server); anything else gets 405 with Allow. */
export const methods: RouteMethods = ["GET"];

export async function loader({ request }: Route.LoaderArgs) {
  return api(() => {
    const key = new URL(request.url).searchParams.get("key");
    if (key !== null) {
      if (boardKeyId(key) === null) return jsonError(401, BOARD_LINK_INVALID);
      // Ends once the link is revoked (at once, or at the next heartbeat at the latest).
      return openEventStream(
        request,
        (n) => BOARD_ENTITIES.has(n.entity),
        () => boardKeyId(key) !== null,
      );
    }
    requirePermission(request, "read");
    // Ends, told to reload first, once its session or token no longer may read: at the next heartbeat at the latest.
    return openEventStream(request, () => true, stillPermitted(request, "read"));
  });
}

export async function action() {
  return jsonError(405, "Method not allowed");
}
