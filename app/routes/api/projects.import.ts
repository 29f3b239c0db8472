import { t } from "@lingui/core/macro";
import { planCounts, planSummary, touchesItems } from "~/domain/order-plan";
import { api, json, jsonError, parseBody } from "~/http/api.server";
import { importOrders, previewOrderImport } from "~/models/order-import.server";
import { numberedRows, OrderImportBodySchema } from "~/schemas/order-rows";
import { actorFrom } from "~/services/actor.server";
import { CSV_BODY_LIMIT } from "~/pipeline/http.server";
import { issuesJson, issuesMessage, planJson } from "~/views/order-import-view.server";
import { can, requirePermission, refuseMissing } from "~/services/permissions.server";
import type { RouteBody, RouteMethods } from "~/pipeline/route-rules.server";
import type { Route } from "./+types/projects.import";

// POST /api/projects/import (README 'API', decision 0045): `{ "rows": [...] }`, one row per item. With
// `?dryRun=1` (or `"dryRun": true`) the answer is the preview and nothing is written; otherwise every project and
// item is imported (in short batches, all or nothing), or, with any bad row, nothing (400 with `issues`). Adding or
// changing an item is an item write: an import that does needs `items:write` besides `projects:write`, its dry run
// alike (the preview answers what the import would, 403 included), so a token's scopes hold here as on /api/items.

export const methods: RouteMethods = ["POST"];

/** An order export of thousands of lines is a large body by design (pipeline/route-rules.server). */
export const body: RouteBody = { POST: { limit: "csv", permission: "projects:write" } };

const DRY = new Set(["1", "true", "yes"]);

export async function action({ request }: Route.ActionArgs) {
  return api(async () => {
    const user = requirePermission(request, "projects:write");
    const input = await parseBody(request, OrderImportBodySchema, CSV_BODY_LIMIT);
    const rows = numberedRows(input.rows);
    const dryRun = input.dryRun ?? DRY.has((new URL(request.url).searchParams.get("dryRun") ?? "").toLowerCase());
    const itemsWritable = can(user, "items:write");
    if (dryRun) {
      const plan = await previewOrderImport(rows);
      if (!itemsWritable && touchesItems(planCounts(plan))) refuseMissing(request, user, "items:write");
      const preview = { dryRun: true, ...planJson(plan), issues: issuesJson(plan.issues) };
      if (plan.issues.length) return json({ message: issuesMessage(plan.issues, "Row"), ...preview }, { status: 400 });
      return json({ message: planSummary(preview.counts, "will"), ...preview });
    }
    const result = await importOrders(rows, actorFrom(request, user), { importId: input.importId, itemsWritable });
    if (result.status === "items-refused") refuseMissing(request, user, "items:write");
    if (result.status === "refused") {
      return jsonError(400, issuesMessage(result.plan.issues, "Row"), { issues: issuesJson(result.plan.issues) });
    }
    if (result.status === "reused") {
      return jsonError(409, t`This importId was already used for other rows: nothing was imported. Send these rows with a new importId.`);
    }
    if (result.status === "already") {
      return json({
        message: alreadyDone(planSummary(result.counts)),
        counts: result.counts,
        projectIds: result.projectIds,
        repeated: true,
      });
    }
    const created = result.counts.create > 0;
    return json({ message: planSummary(result.counts), ...planJson(result.plan), projectIds: result.projectIds }, { status: created ? 201 : 200 });
  });
}

/** The answer to an import sent again with the same id. */
function alreadyDone(summary: string) {
  return t`This import was already done: ${summary}`;
}
