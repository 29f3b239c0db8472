import { t } from "@lingui/core/macro";
import { getProject } from "~/models/project.server";
import { projectLabels } from "~/services/label-print.server";
import { fileMissing, fileRefusal } from "~/pipeline/file-refusal.server";
import { contentDisposition } from "~/domain/content-disposition";
import type { ErrorPageLink } from "~/http/error-page.server";
import { parseIdParam } from "~/domain/ids";
import { labelFileName, labelPdf, type SheetLayout } from "~/infra/label-pdf.server";
import { PAPERS, paperName, sheetPositions, type Paper } from "~/domain/label-sheets";
import type { Route } from "./+types/project-labels";

// GET /projects/{id}/labels.pdf: every item's 2 in × 2 in label (docs/product.md §9), a page each in item id order, for a
// roll label printer; with ?layout=sheet, 20 to a US Letter or 15 to an A4 sheet. Two queries whatever the number of
// items.
//
// A browser opens it in a tab, from a link or from the 'Labels on sheets…' form: a refusal there is a plain page
// with the sentence and a way back (pipeline/file-refusal.server.ts).
export async function loader({ request, params }: Route.LoaderArgs) {
  const refused = fileRefusal(request, "read", t`these labels`);
  if (refused) return refused;
  const PROJECTS: ErrorPageLink = { href: "/projects", text: t`Back to Projects` };
  const refuse = (status: number, title: string, message: string, back: ErrorPageLink) => fileMissing(request, status, title, message, back);
  const id = parseIdParam(params.id);
  const project = id === null ? undefined : getProject(id);
  if (!project) return refuse(404, t`Project not found`, t`Project not found`, PROJECTS);
  const projectName = project.name;
  const back: ErrorPageLink = { href: `/projects/${project.id}`, text: t`Back to ${projectName}` };
  const labels = projectLabels(request, project);
  if (labels.length === 0) return refuse(404, t`No labels to print`, t`This project has no items to label.`, back);
  // ?layout=sheet[&paper=letter|a4][&start=1..N]: office sheets of 2 in labels, from a given free position (N is 20
  // on Letter, 15 on A4: label-sheets.ts).
  const url = new URL(request.url);
  let sheet: SheetLayout | undefined;
  if (url.searchParams.get("layout") === "sheet") {
    const paper = url.searchParams.get("paper") ?? "letter";
    const start = Number(url.searchParams.get("start") ?? "1");
    if (!(PAPERS as string[]).includes(paper)) return refuse(400, t`Labels not made`, t`Choose the paper: letter (US Letter) or a4 (A4).`, back);
    const positions = sheetPositions(paper as Paper);
    if (!Number.isInteger(start) || start < 1 || start > positions) {
      const sheetName = paperName(paper as Paper);
      return refuse(
        400,
        t`Labels not made`,
        t`A sheet of ${sheetName} has ${positions} label positions: choose a first free position from 1 to ${positions}.`,
        back,
      );
    }
    sheet = { paper: paper as Paper, start };
  }
  const pdf = await labelPdf(labels, project.name, sheet);
  return new Response(pdf, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition("inline", labelFileName("labels", project.name, `project-${project.id}`)),
      "Cache-Control": "private, no-cache",
    },
  });
}
