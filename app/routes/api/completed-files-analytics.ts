import { countCompletedFiles, listCompletedFiles } from "~/models/machine-file.server";
import { requirePermission } from "~/services/permissions.server";
import { api, listPage, pageParams } from "~/http/api.server";
import type { Route } from "./+types/completed-files-analytics";

// GET /api/completed-files-analytics[?machine=]: the completed file log (docs/product.md §7 'Machine files').

export async function loader({ request }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const url = new URL(request.url);
    const machine = url.searchParams.get("machine")?.trim() || undefined;
    const page = pageParams(url);
    return listPage(url, page, listCompletedFiles({ machine, ...page }), countCompletedFiles({ machine }));
  });
}
