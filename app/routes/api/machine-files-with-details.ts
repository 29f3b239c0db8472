import { countMachineFiles, listMachineFilesWithDetails } from "~/models/machine-file.server";
import { requirePermission } from "~/services/permissions.server";
import { api, jsonError, listPage, pageParams } from "~/http/api.server";
import type { Route } from "./+types/machine-files-with-details";

// GET /api/machine-files-with-details?machine=: one machine's queue with each file's project and item
// (docs/product.md §7 'Machine files').

export async function loader({ request }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const url = new URL(request.url);
    const machine = url.searchParams.get("machine")?.trim() || undefined;
    if (!machine) return jsonError(400, "Name the machine: ?machine={machine value}");
    const page = pageParams(url);
    return listPage(url, page, listMachineFilesWithDetails(machine, page), countMachineFiles({ machine }));
  });
}
