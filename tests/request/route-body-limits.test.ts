import { describe, expect, test } from "bun:test";
import { build, createApp, hooks } from "../helpers/app";

const { routeRules } = hooks;

// Every route that takes a write, with the largest body it takes and from whom. A new route that must take
// more than 64 KB (an upload, an import) declares it in its own module (`body`, pipeline/route-rules.server);
// this list makes the choice visible, so a new upload route cannot silently get 64 KB, nor a JSON route 5 MB.
const EXPECTED = `
api-categories POST: 64 KB
api-categories-id PATCH: 64 KB
api-categories-id DELETE: 64 KB
api-departments POST: 64 KB
api-departments-id PATCH: 64 KB
api-departments-id DELETE: 64 KB
api-design POST: MAX_UPLOAD_MB (multipart upload) for projects:write [application/json, multipart/form-data]
api-design DELETE: 64 KB
api-design-upload-url POST: 64 KB
api-items POST: 64 KB
api-items-assign-file POST: 64 KB
api-items-end-timer POST: 64 KB
api-items-id PATCH: 64 KB
api-items-id DELETE: 64 KB
api-items-pause-timer POST: 64 KB
api-items-print-label POST: 64 KB
api-items-reopen POST: 64 KB
api-items-reset-timer POST: 64 KB
api-items-start-timer POST: 64 KB
api-items-unassign-file DELETE: 64 KB
api-items-undo-advance POST: 64 KB
api-label-printers POST: 64 KB
api-label-printers-id PATCH: 64 KB
api-label-printers-id DELETE: 64 KB
api-machine-files POST: 64 KB
api-machine-files-bulk POST: 5 MB for machine-files:write
api-machine-files-id PATCH: 64 KB
api-machine-files-id DELETE: 64 KB
api-machine-files-reorder POST: 5 MB for machine-files:operate
api-machine-files-upload-csv POST: 5 MB for machine-files:write
api-machines POST: 64 KB
api-machines-id PATCH: 64 KB
api-machines-id DELETE: 64 KB
api-materials POST: 64 KB
api-materials-id PATCH: 64 KB
api-materials-id DELETE: 64 KB
api-projects POST: 64 KB
api-projects-id PATCH: 64 KB
api-projects-id DELETE: 64 KB
api-projects-import POST: 5 MB for projects:write
api-projects-print-labels POST: 64 KB
api-projects-reopen POST: 64 KB
api-step-templates POST: 64 KB
api-step-templates-id PATCH: 64 KB
api-step-templates-id DELETE: 64 KB
api-subdepartments POST: 64 KB
api-subdepartments-id PATCH: 64 KB
api-subdepartments-id DELETE: 64 KB
api-team-members POST: 64 KB
api-team-members-id PATCH: 64 KB
api-team-members-id DELETE: 64 KB
api-uploads PUT: MAX_UPLOAD_MB (raw upload) for projects:write [application/pdf, application/octet-stream, (none)]
api-workflow-assign POST: 64 KB
api-workflow-refresh POST: 64 KB
api-workflow-reorder POST: 64 KB
api-workflow-step PATCH: 64 KB
api-workflows POST: 64 KB
api-workflows-id PATCH: 64 KB
api-workflows-id DELETE: 64 KB
routes/api/auth.logout POST: 64 KB
routes/api/auth.verify-pin POST: 64 KB
routes/api/not-found POST: 64 KB
routes/api/scans POST: 64 KB
routes/api/shop-settings PATCH: 64 KB
routes/api/webhooks POST: 64 KB
routes/api/webhooks.$id PATCH: 64 KB
routes/api/webhooks.$id DELETE: 64 KB
routes/api/webhooks.$id.deliveries.$deliveryId.send-again POST: 64 KB
routes/home POST: 64 KB
routes/item-detail POST: 64 KB
routes/items POST: 64 KB
routes/language POST: 64 KB
routes/login POST: 64 KB
routes/logout POST: 64 KB
routes/machine-files-spreadsheet POST: 5 MB for projects:write
routes/machine-queue POST: 64 KB
routes/not-found POST: 64 KB
routes/project-detail POST: MAX_UPLOAD_MB (multipart upload) for projects:write
routes/project-machine-files POST: 64 KB
routes/projects POST: 64 KB
routes/projects-import POST: 5 MB for projects:write
routes/qr-item POST: 64 KB
routes/qr-scanner POST: 64 KB
routes/settings POST: 64 KB
routes/settings-api-tokens POST: 64 KB
routes/settings-backups POST: 64 KB
routes/settings-boards POST: 64 KB
routes/settings-calendars POST: 64 KB
routes/settings-capacity POST: 64 KB
routes/settings-customer-page POST: MAX_UPLOAD_MB (multipart upload) for settings:write
routes/settings-imports POST: 64 KB
routes/settings-printers POST: 64 KB
routes/settings-shop-address POST: 64 KB
routes/settings-sign-in POST: 64 KB
routes/settings-webhook POST: 64 KB
routes/settings-webhooks POST: 64 KB
routes/work-list POST: 64 KB
`.trim();

/** The route's full path with each parameter filled in, as a request for it would be. */
function samplePath(id: string): string {
  const full = (rid: string): string => {
    const r = build.routes[rid]!;
    const parent = r.parentId ? full(r.parentId) : "";
    return r.path ? `${parent}/${r.path}` : parent;
  };
  return (full(id) || "/").replace(/:[A-Za-z]+\??/g, "1").replace(/\*$/, "anything");
}

describe("body limits by route", () => {
  test("every route that takes a write lists its body limit, and the routes that take more than 64 KB say who may send it", () => {
    createApp();
    const rulesOf = routeRules(build);
    const lines: string[] = [];
    for (const id of Object.keys(build.routes).sort()) {
      if (id === "root") continue;
      const path = samplePath(id);
      const rules = rulesOf(path);
      expect(rules?.id, `${path} is matched to its own route`).toBe(id);
      const writes = (rules!.methods ?? ["POST"]).filter((m) => !["GET", "HEAD", "OPTIONS"].includes(m));
      for (const method of writes) {
        const rule = rules!.body(method);
        const types = rule?.types ? ` [${rule.types.map((t) => t || "(none)").join(", ")}]` : "";
        lines.push(
          rule
            ? `${id} ${method}: ${rule.limit === "csv" ? "5 MB" : "MAX_UPLOAD_MB"}${rule.upload ? ` (${rule.upload} upload)` : ""} for ${rule.permission}${types}`
            : `${id} ${method}: 64 KB`,
        );
      }
    }
    expect(lines.join("\n")).toBe(EXPECTED);
  });
});
