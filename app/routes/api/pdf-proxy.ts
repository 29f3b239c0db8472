import { findDesignByPath } from "~/models/design.server";
import { requirePermission } from "~/services/permissions.server";
import { api, jsonError } from "~/http/api.server";
import { contentDisposition } from "~/domain/content-disposition";
import { storedFilePath } from "~/infra/storage.server";
import type { Route } from "./+types/pdf-proxy";

// docs/product.md §7 GET /api/pdf-proxy?url=…: docs/product.md, Decisions: Uploads — only design files the database knows (by stored path),
// never a remote URL, never a path outside the data directory.
export async function loader({ request }: Route.LoaderArgs) {
  return api(async () => {
    requirePermission(request, "read");
    const url = new URL(request.url);
    const wanted = url.searchParams.get("url") ?? "";
    const design = wanted ? findDesignByPath(wanted) : undefined;
    const full = design ? storedFilePath(design.filePath) : null;
    const file = full ? Bun.file(full) : null;
    if (!design || !file || !(await file.exists())) return jsonError(404, "Design not found");
    const disposition = url.searchParams.get("download") === "1" ? "attachment" : "inline";
    return new Response(file, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": contentDisposition(disposition, design.fileName, "design.pdf"),
        "Cache-Control": "private, no-store",
        // The PDF viewer frames it from this origin only.
        "Content-Security-Policy": "default-src 'none'; frame-ancestors 'self'",
      },
    });
  });
}
