import { PrintLabelSchema } from "~/schemas/settings";
import { actorFrom } from "~/services/actor.server";
import { printLabelsFor } from "~/services/label-print.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, parseBody, parseId } from "~/http/api.server";
import type { Route } from "./+types/projects.$id.print-labels";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// POST /api/projects/{id}/print-labels: the label(s) as ZPL straight to a label printer of Global Settings ({ "printerId": n }). A printer
// that does not answer is a 504 with a sentence saying which one; the print is recorded in the audit log.

export const methods: RouteMethods = ["POST"];

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const user = requirePermission(request, "read");
    const { printerId } = await parseBody(request, PrintLabelSchema);
    return json(await printLabelsFor(request, actorFrom(request, user), { projectId: parseId(params.id, "Project") }, printerId));
  });
}
