import { getProject } from "~/models/project.server";
import { projectLabels } from "~/services/label-print.server";
import { requirePermission } from "~/services/permissions.server";
import { jsonError, parseId } from "~/utils/api.server";
import { labelFileName, labelPdf, type SheetLayout } from "~/utils/label-pdf.server";
import { PAPERS, SHEETS, sheetPositions, type Paper } from "~/utils/label-sheets";
import type { Route } from "./+types/project-labels";

// GET /projects/{id}/labels.pdf: every item's 2 in × 2 in label (spec §9), a page each in item id order, for a
// roll label printer; with ?layout=sheet, 20 to a US Letter or 15 to an A4 sheet. Two queries whatever the number of
// items.
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
  // ?layout=sheet[&paper=letter|a4][&start=1..N]: office sheets of 2 in labels, from a given free position (N is 20
  // on Letter, 15 on A4: label-sheets.ts).
  const url = new URL(request.url);
  let sheet: SheetLayout | undefined;
  if (url.searchParams.get("layout") === "sheet") {
    const paper = url.searchParams.get("paper") ?? "letter";
    const start = Number(url.searchParams.get("start") ?? "1");
    if (!(PAPERS as string[]).includes(paper)) return jsonError(400, "Choose the paper: letter (US Letter) or a4 (A4).");
    const positions = sheetPositions(paper as Paper);
    if (!Number.isInteger(start) || start < 1 || start > positions) {
      return jsonError(400, `A sheet of ${SHEETS[paper as Paper].name} has ${positions} label positions: choose a first free position from 1 to ${positions}.`);
    }
    sheet = { paper: paper as Paper, start };
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
