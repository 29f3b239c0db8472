import { PrintLabelSchema } from "~/schemas/settings";
import { actorFrom } from "~/services/actor.server";
import { PrinterUnreachable, printLabelsFor } from "~/services/label-print.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, jsonError, parseBody, parseId } from "~/http/api.server";
import type { Route } from "./+types/print-labels";
import type { RouteMethods } from "~/services/route-rules.server";

// POST /api/items/{id}/print-label and POST /api/projects/{id}/print-labels: the label(s) as ZPL
// straight to a label printer of Global Settings ({ "printerId": n }). A printer that does not answer is a 504
// with a sentence saying which one; the print is recorded in the audit log.

/** The methods this module answers (services/route-rules.server); anything else gets 405 with Allow. */
export const methods: RouteMethods = ["POST"];

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    if (request.method.toUpperCase() !== "POST") return jsonError(405, "Method not allowed");
    const user = requirePermission(request, "read");
    const { printerId } = await parseBody(request, PrintLabelSchema);
    const onItem = new URL(request.url).pathname.endsWith("/print-label");
    const target = onItem ? { itemId: parseId(params.id, "Item") } : { projectId: parseId(params.id, "Project") };
    try {
      return json(await printLabelsFor(request, actorFrom(request, user), target, printerId));
    } catch (error) {
      if (error instanceof PrinterUnreachable) return jsonError(504, error.message);
      throw error;
    }
  });
}

export async function loader() {
  return jsonError(405, "Method not allowed");
}
