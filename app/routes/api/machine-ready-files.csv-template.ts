import { listMachineChoices } from "~/models/machine-file.server";
import { requirePermission } from "~/services/permissions.server";
import { api } from "~/http/api.server";
import { contentDisposition } from "~/domain/content-disposition";
import { machineFileCsvTemplate } from "~/domain/machine-file-csv";
import type { Route } from "./+types/machine-ready-files.csv-template";

// GET /api/machine-ready-files/csv-template: an example CSV with the shop's own active machines in its rows, so the
// template imports as it is.

export async function loader({ request }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const machines = listMachineChoices()
      .filter((m) => m.isActive)
      .map((m) => m.name);
    return new Response(machineFileCsvTemplate(machines), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": contentDisposition("attachment", "machine-files-template.csv"),
        "Cache-Control": "no-store",
      },
    });
  });
}
