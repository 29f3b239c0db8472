import {
  countCompletedFiles,
  countMachineFiles,
  listCompletedFiles,
  listMachineChoices,
  listMachineFilesWithDetails,
  reorderMachineFiles,
} from "~/models/machine-file.server";
import { ReorderSchema } from "~/schemas/machine-file";
import { actorFrom } from "~/services/actor.server";
import { CSV_BODY_LIMIT } from "~/services/http.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, jsonError, listPage, pageParams, parseBody } from "~/http/api.server";
import { contentDisposition } from "~/domain/content-disposition";
import { machineFileCsvTemplate } from "~/domain/machine-file-csv";
import type { Route } from "./+types/machine-files-queue";
import type { RouteMethods } from "~/services/route-rules.server";

// docs/product.md §7 'Machine files': GET /api/machine-files-with-details?machine=, GET /api/completed-files-analytics
// [?machine=], GET /api/machine-ready-files/csv-template, POST /api/machine-files/reorder.

const path = (request: Request) => new URL(request.url).pathname;

/** The methods this module answers (services/route-rules.server); anything else gets 405 with Allow. */
export const methods: RouteMethods = (id) => (id === "api-machine-files-reorder" ? ["POST"] : ["GET"]);

export async function loader({ request }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const url = new URL(request.url);
    const machine = url.searchParams.get("machine")?.trim() || undefined;
    switch (path(request)) {
      case "/api/machine-files-with-details":
        if (!machine) return jsonError(400, "Name the machine: ?machine={machine value}");
        return listPage(url, pageParams(url), listMachineFilesWithDetails(machine, pageParams(url)), countMachineFiles({ machine }));
      case "/api/completed-files-analytics":
        return listPage(url, pageParams(url), listCompletedFiles({ machine, ...pageParams(url) }), countCompletedFiles({ machine }));
      case "/api/machine-ready-files/csv-template":
        // The shop's own active machines in the example rows, so the template imports as it is.
        return new Response(
          machineFileCsvTemplate(
            listMachineChoices()
              .filter((m) => m.isActive)
              .map((m) => m.name),
          ),
          {
            headers: {
              "Content-Type": "text/csv; charset=utf-8",
              "Content-Disposition": contentDisposition("attachment", "machine-files-template.csv"),
              "Cache-Control": "no-store",
            },
          },
        );
      default:
        return jsonError(405, "Method not allowed");
    }
  });
}

export async function action({ request }: Route.ActionArgs) {
  return api(async () => {
    const user = requirePermission(request, "machine-files:operate");
    if (request.method.toUpperCase() !== "POST" || path(request) !== "/api/machine-files/reorder") return jsonError(405, "Method not allowed");
    const { files } = await parseBody(request, ReorderSchema, CSV_BODY_LIMIT);
    return json({ message: "Files reordered", files: reorderMachineFiles(files, actorFrom(request, user)) });
  });
}
