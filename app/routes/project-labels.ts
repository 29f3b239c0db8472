import { getProject } from "~/models/project.server";
import { projectLabels } from "~/services/label-print.server";
import { requirePermission } from "~/services/permissions.server";
import { jsonError, parseId } from "~/utils/api.server";
import { labelFileName, labelPdf, SHEET_POSITIONS, type SheetLayout } from "~/utils/label-pdf.server";
import type { Route } from "./+types/project-labels";

// GET /projects/{id}/labels.pdf: every item's 2 in × 2 in label (spec §9), a page each in item id order, for a
// roll label printer; with ?layout=sheet, 20 to a US Letter or A4 sheet. Two queries whatever the number of items.
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    requirePermission(request, "read");
  } catch (refusal) {
    // A PDF has no page to show 'Access Denied' on: the refusal's status, as plain text (like routes/item-qr.ts).
    const status = refusal instanceof Response ? refusal.status : ((refusal as { init?: { status?: number } }).init?.status ?? 401);
    return new Response(status === 401 ? "Authentication required" : "Access denied", {
      status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  let id: number;
  try {
    id = parseId(params.id, "Project");
  } catch (notFound) {
    if (notFound instanceof Response) return notFound;
    throw notFound;
  }
  const project = getProject(id);
  if (!project) return jsonError(404, "Project not found");
  const labels = projectLabels(request, project);
  if (labels.length === 0) return jsonError(404, "This project has no items to label.");
  // ?layout=sheet[&paper=letter|a4][&start=1..20]: office sheets of 2 in labels, from a given free position.
  const url = new URL(request.url);
  let sheet: SheetLayout | undefined;
  if (url.searchParams.get("layout") === "sheet") {
    const paper = url.searchParams.get("paper") ?? "letter";
    const start = Number(url.searchParams.get("start") ?? "1");
    if (paper !== "letter" && paper !== "a4") return jsonError(400, "paper must be letter or a4");
    if (!Number.isInteger(start) || start < 1 || start > SHEET_POSITIONS) return jsonError(400, `start must be a label position from 1 to ${SHEET_POSITIONS}`);
    sheet = { paper, start };
  }
  const pdf = await labelPdf(labels, project.name, sheet);
  return new Response(pdf, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${labelFileName("labels", project.name, `project-${project.id}`)}"`,
      "Cache-Control": "private, no-cache",
    },
  });
}
