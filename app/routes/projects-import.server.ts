import { t } from "@lingui/core/macro";
import { data } from "react-router";
import { decodeCsvBytes, isCsvFile, runStepsPausing } from "~/domain/csv-read";
import { type OrderPlan, type OrderRow, parseOrderCsvSteps, planCounts, planSummary } from "~/domain/order-plan";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { importChoices, importOrders, previewOrderImport } from "~/models/order-import.server";
import { pause } from "~/models/batches.server";
import { ConfirmedRowsSchema } from "~/schemas/order-rows";
import { actorFrom } from "~/services/actor.server";
import { formIntent, readForm } from "~/views/form-action.server";
import { issuesJson, issuesMessage, planJson } from "~/views/order-import-view.server";
import { can, refuseMissing, requirePermission } from "~/services/permissions.server";
import { getImportDateOrder } from "~/models/shop-settings.server";
import type { Route } from "./+types/projects-import";

// The order import screen's loader and action (routes/projects-import.tsx holds the page, decision 0045). Upload
// posts the file and answers the preview; Confirm posts back the rows the preview read (a hidden field, so it works
// without JavaScript and the file need not be sent twice) with the import's id, which makes a second click harmless.

/** The preview lists at most this many items and bad lines on the page; the counts cover them all. */
const ITEMS_SHOWN = 1000;
const ISSUES_SHOWN = 500;

export function loader({ request }: Route.LoaderArgs) {
  const user = requirePermission(request, "projects:write");
  return data(
    { choices: importChoices(), dayFirst: getImportDateOrder().dayFirst, canChangeDateOrder: can(user, "settings:write") },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type Toast = { title: string; description: string; variant: "destructive" | "default" };
export type ImportAnswer = {
  toast: Toast | null;
  fileName: string | null;
  encoding: string | null;
  summary: string | null;
  preview: (ReturnType<typeof planJson> & { itemsHidden: number }) | null;
  issues: ReturnType<typeof issuesJson>;
  issueCount: number;
  /** The rows the preview read, for Confirm to post back; only when there is nothing wrong with them. */
  rows: string | null;
  importId: string | null;
};

const empty: ImportAnswer = {
  toast: null,
  fileName: null,
  encoding: null,
  summary: null,
  preview: null,
  issues: [],
  issueCount: 0,
  rows: null,
  importId: null,
};
const refusal = (description: string, status = 400) =>
  data<ImportAnswer>({ ...empty, toast: { title: t`Error`, description, variant: "destructive" } }, { status });

/** The preview of `rows`: what will be created or updated, the bad lines, and, when there are none, Confirm's fields. */
function previewAnswer(rows: OrderRow[], plan: OrderPlan, file: { name: string; encoding: string | null }, status = 200) {
  const json = planJson(plan);
  // A long file's preview is cut at ITEMS_SHOWN items, so an old PC's browser is not handed a page of megabytes.
  let budget = ITEMS_SHOWN;
  let hidden = 0;
  const projects = json.projects.map((p) => {
    const shown = p.items.slice(0, Math.max(0, budget));
    budget -= shown.length;
    hidden += p.items.length - shown.length;
    return { ...p, items: shown };
  });
  const ok = plan.issues.length === 0;
  return data<ImportAnswer>(
    {
      toast: ok ? null : { title: t`Nothing imported`, description: issuesMessage(plan.issues, "Line"), variant: "destructive" },
      fileName: file.name,
      encoding: file.encoding,
      summary: planSummary(planCounts(plan), "will"),
      preview: { ...json, projects, itemsHidden: hidden },
      issues: issuesJson(plan.issues.slice(0, ISSUES_SHOWN)),
      issueCount: plan.issues.length,
      rows: ok ? JSON.stringify(rows) : null,
      importId: ok ? crypto.randomUUID() : null,
    },
    { status, headers: { "Cache-Control": "no-store" } },
  );
}

const ENCODING_NAMES: Record<string, string> = { "utf-8": "UTF-8", "utf-16le": "UTF-16", "utf-16be": "UTF-16", "windows-1252": "Windows-1252" };

export async function action({ request }: Route.ActionArgs) {
  const user = requirePermission(request, "projects:write");
  const form = await readForm(request);
  if (!form) return refusal(t`The form could not be read.`);
  const intent = formIntent(form, ["preview", "confirm"]);
  if (intent === "preview") {
    const file = form.get("csv");
    if (!(file instanceof File) || file.size === 0) return refusal(t`Please select a CSV file first`);
    if (!isCsvFile(file.name, file.type)) return refusal(t`Please select a CSV file`);
    const decoded = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
    if ("error" in decoded) return refusal(decoded.error);
    // A 10,000-line file is read in slices, the server answering other requests between them.
    const parsed = await runStepsPausing(parseOrderCsvSteps(decoded.text), pause);
    if ("problem" in parsed) return refusal(parsed.problem);
    const plan = await previewOrderImport(parsed.rows);
    return previewAnswer(parsed.rows, plan, { name: file.name, encoding: ENCODING_NAMES[decoded.encoding] ?? decoded.encoding });
  }
  if (intent === "confirm") {
    let rows: OrderRow[];
    try {
      const parsed = ConfirmedRowsSchema.safeParse(JSON.parse(String(form.get("rows") ?? "")));
      if (!parsed.success) return refusal(t`The preview could not be read: upload the file again.`);
      rows = parsed.data;
    } catch {
      return refusal(t`The preview could not be read: upload the file again.`);
    }
    const importId = String(form.get("importId") ?? "").slice(0, 100) || null;
    const fileName = String(form.get("fileName") ?? "").slice(0, 255);
    // Items are an item write (the same keys as projects for a member today): asked as the API asks it.
    const result = await importOrders(rows, actorFrom(request, user), { importId, itemsWritable: can(user, "items:write") });
    if (result.status === "items-refused") refuseMissing(request, user, "items:write");
    // The shop's data changed between the preview and Confirm (a workflow deleted, a reference taken): the new
    // preview says what is wrong now.
    if (result.status === "refused") return previewAnswer(rows, result.plan, { name: fileName, encoding: null }, 409);
    // The page makes a new id for each preview; only a form kept from another file's preview gets here.
    if (result.status === "reused") return refusal(t`This preview was already imported with other lines: upload the file again.`, 409);
    const summary = planSummary(result.counts);
    const description = result.status === "already" ? t`This import was already done: ${summary}` : summary;
    // Newest first, so the projects just imported head the list.
    return redirectWithToast(request, "/projects?sort=created&dir=desc", { title: t`Import complete`, description });
  }
  return refusal(t`Unknown button`);
}
