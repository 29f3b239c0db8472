import { reorderMachineFiles } from "~/models/machine-file.server";
import { ReorderSchema } from "~/schemas/machine-file";
import { actorFrom } from "~/services/actor.server";
import { CSV_BODY_LIMIT } from "~/pipeline/http.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, parseBody } from "~/http/api.server";
import type { Route } from "./+types/machine-files.reorder";
import type { RouteBody, RouteMethods } from "~/pipeline/route-rules.server";

// POST /api/machine-files/reorder: a machine's queue in its new order (docs/product.md §7 'Machine files').

export const methods: RouteMethods = ["POST"];

/** A machine's queue reordered whole: thousands of ids (pipeline/route-rules.server). */
export const body: RouteBody = { POST: { limit: "csv", permission: "machine-files:operate" } };

export async function action({ request }: Route.ActionArgs) {
  return api(async () => {
    const user = requirePermission(request, "machine-files:operate");
    const { files } = await parseBody(request, ReorderSchema, CSV_BODY_LIMIT);
    return json({ message: "Files reordered", files: reorderMachineFiles(files, actorFrom(request, user)) });
  });
}
