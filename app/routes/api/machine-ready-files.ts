import { countMachineFiles, createMachineFile, listMachineFiles } from "~/models/machine-file.server";
import { MachineFileCreateSchema } from "~/schemas/machine-file";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, listPage, pageParams, parseBody, projectIdQuery } from "~/http/api.server";
import type { Route } from "./+types/machine-ready-files";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// docs/product.md §7 'Machine files': GET /api/machine-ready-files[?projectId=] (500 rows unless `?limit=&offset=` say
// otherwise) and POST one file. Details and new files are project work (pre-production, project-management).

export const methods: RouteMethods = ["GET", "POST"];

export async function loader({ request }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const url = new URL(request.url);
    const projectId = projectIdQuery(url);
    const page = pageParams(url);
    return listPage(url, page, listMachineFiles({ projectId, ...page }), countMachineFiles({ projectId }));
  });
}

export async function action({ request }: Route.ActionArgs) {
  return api(async () => {
    const user = requirePermission(request, "machine-files:write");
    return json(createMachineFile(await parseBody(request, MachineFileCreateSchema), actorFrom(request, user)), { status: 201 });
  });
}
