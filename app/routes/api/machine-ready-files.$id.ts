import { deleteMachineFile, getMachineFile, isOperatePatch, updateMachineFile } from "~/models/machine-file.server";
import { MachineFilePatchSchema } from "~/schemas/machine-file";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, noBody, json, jsonError, parseBody, parseId } from "~/http/api.server";
import type { Route } from "./+types/machine-ready-files.$id";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// GET, PATCH and DELETE /api/machine-ready-files/{id}. Opening a file's QR and completing it are floor work that
// any member with the machine keys does; other changes and deletes are project work (docs/product.md (Decisions)).

export const methods: RouteMethods = ["GET", "PATCH", "DELETE"];

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const file = getMachineFile(parseId(params.id, "Machine file"));
    return file ? json(file) : jsonError(404, "Machine file not found");
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const id = parseId(params.id, "Machine file");
    if (request.method.toUpperCase() === "DELETE") {
      await noBody(request);
      const user = requirePermission(request, "machine-files:write");
      return deleteMachineFile(id, actorFrom(request, user))
        ? json({ message: "Machine file deleted successfully.", id })
        : jsonError(404, "Machine file not found");
    }
    // The lesser of the two rights before the body is read, so a call that has neither is refused as such (an API
    // token: 403 naming machine-files:write, not 'read' nor a complaint about its body); the body then says which.
    const user = requirePermission(request, "machine-files:operate");
    const { completedBy: _ignored, ...patch } = await parseBody(request, MachineFilePatchSchema);
    requirePermission(request, isOperatePatch(patch) ? "machine-files:operate" : "machine-files:write");
    const file = updateMachineFile(id, patch, actorFrom(request, user));
    return file ? json(file) : jsonError(404, "Machine file not found");
  });
}
