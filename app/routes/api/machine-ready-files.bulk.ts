import { saveMachineFilesInBatches } from "~/models/machine-file.server";
import { MachineFileBulkSchema } from "~/schemas/machine-file";
import { actorFrom } from "~/services/actor.server";
import { CSV_BODY_LIMIT } from "~/pipeline/http.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, parseBody } from "~/http/api.server";
import { filesSavedSkippedMessage } from "~/domain/machine-file-messages";
import type { Route } from "./+types/machine-ready-files.bulk";
import type { RouteBody, RouteMethods } from "~/pipeline/route-rules.server";

// POST /api/machine-ready-files/bulk: many files at once, all or nothing (the spreadsheet's save; over 1,000 files in
// short batches, models/machine-file.server saveMachineFilesInBatches); files already there (same project, name and
// machine) are skipped.

export const methods: RouteMethods = ["POST"];

/** Thousands of files in one body by design (pipeline/route-rules.server). */
export const body: RouteBody = { POST: { limit: "csv", permission: "machine-files:write" } };

export async function action({ request }: Route.ActionArgs) {
  return api(async () => {
    const user = requirePermission(request, "machine-files:write");
    const { files } = await parseBody(request, MachineFileBulkSchema, CSV_BODY_LIMIT);
    const { created, skipped } = await saveMachineFilesInBatches(files, actorFrom(request, user));
    return json(
      { message: filesSavedSkippedMessage(created.length, skipped), files: created, saved: created.length, skipped },
      { status: created.length ? 201 : 200 },
    );
  });
}
