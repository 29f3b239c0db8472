import { t } from "@lingui/core/macro";
import { data } from "react-router";
import type { CompletedLog, FilePicker } from "~/components/machine-files/assignment-dialogs";
import type { AssignmentItem, FileOption } from "~/components/machine-files/assignment-table";
import { formatDateTime } from "~/domain/dates";
import { departmentLabel, formatMinutesSeconds } from "~/domain/format";
import { parseIdParam } from "~/domain/ids";
import { fileIndicator } from "~/domain/machine-file-rules";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { getEnv } from "~/infra/env.server";
import { listProjectItems } from "~/models/item.server";
import {
  assignFile,
  countCompletedFiles,
  listCompletedFiles,
  listMachineChoices,
  listMachineFiles,
  listProjectFileAssociations,
  unassignFile,
} from "~/models/machine-file.server";
import { getProject } from "~/models/project.server";
import { FILE_TYPES, type FileType } from "~/schemas/machine-file";
import { actorFrom } from "~/services/actor.server";
import { domainError, formIntent, readForm, refused, unreadableForm } from "~/views/form-action.server";
import { can, requirePermission } from "~/services/permissions.server";
import { getUser } from "~/services/session.server";
import type { Route } from "./+types/project-machine-files";

// A project's Machine Ready Files (routes/project-machine-files.tsx holds the page): its loader and action.

const LOG_ROWS = 200;
// Up to this many files, each row offers them in a select; past it (a project with hundreds of files) a row links
// to a picker with a search, so the page does not carry every file once per item and type.
const INLINE_CHOICES = 60;
const PICKER_ROWS = 100;

export function loader({ request, params }: Route.LoaderArgs) {
  // docs/product.md §2: signed out, the screen warns that assignments would not say who made them; docs/product.md (Decisions) keeps the
  // data itself for signed-in members.
  if (!getUser(request)) return data({ signedOut: true as const, projectId: params.projectId }, { headers: { "Cache-Control": "no-store" } });
  const user = requirePermission(request, "read");
  const id = parseIdParam(params.projectId);
  const project = id === null ? undefined : getProject(id);
  if (!project) return data({ signedOut: false as const, project: null }, { status: 404, headers: { "Cache-Control": "no-store" } });
  const url = new URL(request.url);
  const tz = getEnv().SHOP_TIMEZONE;
  const items = listProjectItems(project.id);
  const files = listMachineFiles({ projectId: project.id });
  const associations = listProjectFileAssociations(project.id);
  const machineNames = new Map(listMachineChoices().map((m) => [m.value, m.name]));
  const machineName = (value: string) => machineNames.get(value) ?? value;
  const byItem = new Map<number, typeof associations>();
  for (const a of associations) byItem.set(a.itemId, [...(byItem.get(a.itemId) ?? []), a]);
  const notAvailable = t`N/A`;
  const log: CompletedLog | null =
    url.searchParams.get("log") === "1"
      ? {
          total: countCompletedFiles({ projectId: project.id }),
          rows: listCompletedFiles({ projectId: project.id, limit: LOG_ROWS }).map((r) => ({
            id: r.id,
            fileName: r.fileName,
            machine: machineName(r.machine),
            item: r.itemName ?? notAvailable,
            completedBy: r.completedByName ?? t`Unknown`,
            completedAt: r.completedAt ? formatDateTime(r.completedAt, tz) : notAvailable,
            processing: r.processingTimeSeconds === null ? notAvailable : formatMinutesSeconds(r.processingTimeSeconds),
          })),
        }
      : null;
  const assignedFileIds = new Set(associations.map((a) => a.machineFileId));
  const option = (f: (typeof files)[number]): FileOption => ({ id: f.id, fileName: f.fileName, machine: machineName(f.machine), material: f.description });
  const manyFiles = files.length > INLINE_CHOICES;
  const pickMatch = /^(\d+)-(print|cut)$/.exec(url.searchParams.get("pick") ?? "");
  const pickItem = pickMatch ? items.find((i) => i.id === Number(pickMatch[1])) : undefined;
  const q = (url.searchParams.get("q") ?? "").trim().toLowerCase();
  const matching = q ? files.filter((f) => `${f.fileName} ${f.description} ${machineName(f.machine)}`.toLowerCase().includes(q)) : files;
  const picker: FilePicker | null =
    pickMatch && pickItem
      ? {
          itemId: pickItem.id,
          itemName: pickItem.name,
          type: pickMatch[2] as FileType,
          q: url.searchParams.get("q") ?? "",
          total: matching.length,
          files: matching.slice(0, PICKER_ROWS).map(option),
        }
      : null;
  const rows: AssignmentItem[] = items.map((i) => {
    const mine = byItem.get(i.id) ?? [];
    const slot = (type: FileType) => {
      const a = mine.find((x) => x.fileType === type);
      return a ? { fileId: a.machineFileId, fileName: a.fileName, machine: machineName(a.machine), material: a.description, by: a.updatedByName } : null;
    };
    return {
      id: i.id,
      name: i.name,
      category: i.category,
      material: i.material,
      indicator: fileIndicator(
        i.material,
        mine.map((a) => a.description),
      ),
      print: slot("print"),
      cut: slot("cut"),
    };
  });
  return data(
    {
      signedOut: false as const,
      user: { name: user.name, department: user.department ? departmentLabel(user.department) : null },
      canWrite: can(user, "projects:write"),
      project: { id: project.id, name: project.name },
      stats: {
        totalFiles: files.length,
        assignedFiles: assignedFileIds.size,
        completedFiles: files.filter((f) => f.isCompleted).length,
        itemsWithFiles: items.filter((i) => byItem.has(i.id)).length,
        totalItems: items.length,
      },
      files: manyFiles ? [] : files.map(option),
      manyFiles,
      picker,
      items: rows,
      log,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const failed = () => t`Failed to update file assignment`;

export async function action({ request, params }: Route.ActionArgs) {
  const user = requirePermission(request, "projects:write");
  const projectId = parseIdParam(params.projectId);
  if (projectId === null) throw data(t`Project not found`, { status: 404 });
  const here = `/projects/${projectId}/machine-files`;
  const form = await readForm(request);
  if (!form) return unreadableForm();
  const intent = formIntent(form, ["assign", "unassign"]);
  const itemId = parseIdParam(String(form.get("itemId") ?? ""));
  const fileType = String(form.get("fileType") ?? "") as FileType;
  const formId = `${intent ?? "file"}-${itemId}-${fileType}`;
  const fail = (status: number, message: string) => refused(formId, status, { title: t`Error`, description: message || failed() });
  if (itemId === null || !FILE_TYPES.includes(fileType) || !intent) return fail(400, failed());
  try {
    const actor = actorFrom(request, user);
    if (intent === "assign") {
      const fileId = parseIdParam(String(form.get("fileId") ?? ""));
      if (fileId === null) return fail(400, t`Choose a file to assign`);
      assignFile(itemId, fileId, fileType, actor);
    } else {
      unassignFile(itemId, fileType, actor);
    }
  } catch (error) {
    const e = domainError(error);
    return fail(e.status, e.message);
  }
  return redirectWithToast(request, `${here}#item-${itemId}`, { title: t`Success`, description: t`File assignment updated successfully` });
}
