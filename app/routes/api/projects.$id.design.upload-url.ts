import { createUploadUrl } from "~/models/design.server";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, parseId } from "~/http/api.server";
import type { Route } from "./+types/projects.$id.design.upload-url";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// POST /api/projects/{id}/design/upload-url: a one-time address (/api/uploads/{token}) to PUT the design PDF to.

export const methods: RouteMethods = ["POST"];

export async function action({ request, params }: Route.ActionArgs) {
  return api(() => {
    const actor = actorFrom(request, requirePermission(request, "projects:write"));
    return json(createUploadUrl(parseId(params.id, "Project"), actor));
  });
}
