import { t } from "@lingui/core/macro";
import { data, redirect } from "react-router";
import type { QueueAnalytics, QueueQr } from "~/components/machine-files/queue-dialogs";
import type { QueueFile } from "~/components/machine-files/queue-table";
import { formatDateTime, formatRelative } from "~/domain/dates";
import { formatMinutesSeconds } from "~/domain/format";
import { parseIdParam } from "~/domain/ids";
import { machineFileMaterial, machineFileQrPayload } from "~/domain/machine-file-rules";
import { pageOf, requestedPage } from "~/domain/paging";
import { getEnv } from "~/infra/env.server";
import { qrImage } from "~/infra/qr.server";
import {
  countCompletedFiles,
  countMachineQueue,
  getMachineFile,
  getMachineFileLabel,
  listCompletedFiles,
  listMachineFilesWithDetails,
  type MachineFileWithDetails,
  reorderMachineQueue,
  updateMachineFile,
} from "~/models/machine-file.server";
import { departmentByValue } from "~/models/department.server";
import { actorFrom } from "~/services/actor.server";
import { domainError, type FormReply, formIntent, readForm, refused } from "~/views/form-action.server";
import { requirePermission } from "~/services/permissions.server";
import type { Route } from "./+types/machine-queue";

// A machine's queue (routes/machine-queue.tsx holds the page): its loader and action. Files completed more than a
// day ago leave the queue; the analytics keep them.

export const PAGE_SIZE = 100;
// What a cell without a value says: a value the record does not have, and a person no longer known.
const notAvailable = () => t({ message: "N/A", comment: "A table cell with no value" });
const unknownPerson = () => t({ message: "Unknown", comment: "Who a file belongs to or who completed it, when not known" });
const RECENT_COMPLETED_MS = 24 * 3600 * 1000;
const ANALYTICS_ROWS = 200;

/** The QR dialog's file: from this page's rows, else (a link to a file on another page, or reloaded later) read alone, if on this machine. */
async function qrOf(fileId: number | null, rows: MachineFileWithDetails[], machine: { value: string; name: string }): Promise<QueueQr | null> {
  if (fileId === null) return null;
  const alone = () => {
    const file = getMachineFileLabel(fileId);
    return file && file.machine === machine.value ? file : undefined;
  };
  const file = rows.find((r) => r.id === fileId) ?? alone();
  if (!file) return null;
  const na = notAvailable();
  return {
    id: file.id,
    name: file.fileName,
    svg: String((await qrImage(machineFileQrPayload(file, machine.name), "svg")).body),
    machine: machine.name,
    project: file.projectName ?? na,
    material: machineFileMaterial(file),
    priority: file.projectPriority ?? file.priority ?? na,
    fileOwner: file.fileOwnerName ?? na,
  };
}

/** docs/product.md §7: the completion analytics, read only when their dialog opens. */
function analyticsOf(machine: string, tz: string): QueueAnalytics {
  const na = notAvailable();
  const [yes, no, unknown] = [t`Yes`, t`No`, unknownPerson()];
  return {
    total: countCompletedFiles({ machine }),
    rows: listCompletedFiles({ machine, limit: ANALYTICS_ROWS }).map((r) => ({
      id: r.id,
      fileName: r.fileName,
      project: r.projectName ?? na,
      item: r.itemName ?? na,
      material: r.itemMaterial ?? na,
      qrClicked: r.qrCodeClicked ? yes : no,
      qrClickedAt: r.qrCodeClickedAt ? formatDateTime(r.qrCodeClickedAt, tz) : na,
      completedBy: r.completedByName ?? unknown,
      completedAt: r.completedAt ? formatDateTime(r.completedAt, tz) : na,
      processing: r.processingTimeSeconds === null ? na : formatMinutesSeconds(r.processingTimeSeconds),
    })),
  };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  requirePermission(request, "screen:production");
  const value = params.machine;
  const machine = departmentByValue(value);
  if (!machine || !machine.isMachine) return data({ machine: null, value }, { status: 404, headers: { "Cache-Control": "no-store" } });
  const url = new URL(request.url);
  const now = Date.now();
  const since = new Date(now - RECENT_COMPLETED_MS);
  const total = countMachineQueue(value, since);
  const { page, pages, offset, limit } = pageOf(requestedPage(url.searchParams.get("page")), total, PAGE_SIZE);
  const rows = listMachineFilesWithDetails(value, { completedSince: since, limit, offset });
  const tz = getEnv().SHOP_TIMEZONE;
  const na = notAvailable();
  const unknown = unknownPerson();
  const files: QueueFile[] = rows.map((f) => ({
    id: f.id,
    fileName: f.fileName,
    projectId: f.projectId,
    projectName: f.projectName,
    itemId: f.itemId,
    // docs/product.md §2: the item, else its category, else N/A.
    item: f.itemName ?? f.itemCategory ?? na,
    material: machineFileMaterial(f),
    fileOwner: f.fileOwnerName ?? unknown,
    added: formatRelative(f.fileAssignedAt ?? f.createdAt, now),
    addedTitle: formatDateTime(f.fileAssignedAt ?? f.createdAt, tz),
    qrCodeClicked: f.qrCodeClicked,
    isCompleted: f.isCompleted,
  }));
  return data(
    {
      machine: { value: machine.value, name: machine.name, description: machine.description },
      total,
      page,
      pages,
      offset,
      files,
      qr: await qrOf(parseIdParam(url.searchParams.get("qr") ?? undefined), rows, machine),
      analytics: url.searchParams.get("analytics") === "1" ? analyticsOf(value, tz) : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const INTENTS = ["open-qr", "complete", "reorder"] as const;
const notHereMessage = () => t`That file is no longer on this machine. Reload to see the queue.`;

export async function action({ request, params }: Route.ActionArgs) {
  const user = requirePermission(request, "screen:production");
  const actor = actorFrom(request, user);
  const form = await readForm(request);
  const intent = form && formIntent(form, INTENTS);
  const fail = (status: number, description: string) => refused(intent ?? "", status, { title: t`Error`, description });
  if (!form || !intent) return fail(400, t`Unknown form`);
  const here = new URL(request.url);
  const back = (extra: Record<string, string> = {}) => {
    const search = new URLSearchParams();
    const page = here.searchParams.get("page");
    if (page) search.set("page", page);
    for (const [k, v] of Object.entries(extra)) search.set(k, v);
    const qs = search.toString();
    return `/production/${encodeURIComponent(params.machine)}${qs ? `?${qs}` : ""}`;
  };
  // A fetcher stays on the page (and revalidates); a plain form post comes back to the same place.
  const done = () => (form.get("js") === "1" ? data<FormReply>({ formId: intent, result: null, toast: null, reauth: false }) : redirect(back()));
  const fileId = parseIdParam(String(form.get("fileId") ?? ""));
  try {
    switch (intent) {
      case "open-qr": {
        if (fileId === null || getMachineFile(fileId)?.machine !== params.machine) return fail(404, notHereMessage());
        updateMachineFile(fileId, { qrCodeClicked: true }, actor);
        return redirect(back({ qr: String(fileId) }));
      }
      case "complete": {
        if (fileId === null || getMachineFile(fileId)?.machine !== params.machine) return fail(404, notHereMessage());
        updateMachineFile(fileId, { isCompleted: form.get("completed") === "true" }, actor);
        return done();
      }
      case "reorder": {
        const ids = form.getAll("ids").map((v) => parseIdParam(String(v)));
        if (ids.length < 2 || ids.some((id) => id === null)) return fail(400, t`The new order names no files.`);
        reorderMachineQueue(params.machine, ids as number[], actor);
        return done();
      }
    }
  } catch (error) {
    const e = domainError(error);
    return fail(e.status, e.message);
  }
}
