import { parseWithZod } from "@conform-to/zod/v4";
import { t } from "@lingui/core/macro";
import { data } from "react-router";
import { ADD_ROWS, blankRow, blankRows, rowStatus, type SheetAnswer, type SheetRow } from "~/components/machine-files/sheet-rows";
import { formatLogTime } from "~/domain/dates";
import { parseIdParam } from "~/domain/ids";
import { isCsvFile, summarizeCsvErrors } from "~/domain/machine-file-csv";
import { csvImportRefused, entriesHadIssues, filesSavedSkippedMessage, nothingSavedEveryRow } from "~/domain/machine-file-messages";
import { getEnv } from "~/infra/env.server";
import {
  deleteMachineFile,
  describeFileUse,
  importMachineFilesCsv,
  listMachineChoices,
  listMachineFiles,
  saveMachineFiles,
  type MachineFile,
} from "~/models/machine-file.server";
import { getProject } from "~/models/project.server";
import { bothRequiredMessage, SpreadsheetFormSchema, selectedRowsRequiredMessage, type SpreadsheetRow } from "~/schemas/machine-file";
import { actorFrom } from "~/services/actor.server";
import { domainError, readForm, unreadableForm } from "~/views/form-action.server";
import { requirePermission } from "~/services/permissions.server";
import type { Route } from "./+types/machine-files-spreadsheet";

// The Machine Files Spreadsheet's loader and action (routes/machine-files-spreadsheet.tsx holds the page). One
// form holds every row, so each button posts the rows and says what to do with them: the answer is the rows as
// they should show now, and a toast.

const MAX_ROWS_SHOWN = 5000;
const CSV_ERRORS_SHOWN = 50;

function toSheetRow(f: MachineFile, tz: string): SheetRow {
  const saved = { fileName: f.fileName, machine: f.machine, material: f.description };
  return { key: `file-${f.id}`, id: f.id, ...saved, saved, updated: formatLogTime(f.updatedAt ?? f.createdAt, tz) };
}

function loadProject(request: Request, rawId: string) {
  const user = requirePermission(request, "projects:write");
  const id = parseIdParam(rawId);
  const project = id === null ? undefined : getProject(id);
  return { user, project };
}

const storedRows = (projectId: number, tz: string) => listMachineFiles({ projectId, limit: MAX_ROWS_SHOWN }).map((f) => toSheetRow(f, tz));

export function loader({ request, params }: Route.LoaderArgs) {
  const { project } = loadProject(request, params.projectId);
  if (!project) return data({ project: null }, { status: 404, headers: { "Cache-Control": "no-store" } });
  const rows = storedRows(project.id, getEnv().SHOP_TIMEZONE);
  return data(
    {
      project: { id: project.id, name: project.name },
      machines: listMachineChoices(),
      rows: [...rows, ...(rows.length === 0 ? blankRows(ADD_ROWS) : [])],
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const answer = (body: SheetAnswer, status?: number) => data<SheetAnswer>(body, status ? { status } : undefined);
const refusedAnswer = (description: string, extra: Partial<SheetAnswer> = {}, status = 400) =>
  answer({ rows: null, toast: { title: t`Error`, description, variant: "destructive" }, ...extra }, status);

/** CSV import: its own small form (a file input), read in whatever encoding Excel or LibreOffice saved (decision 0023). */
async function uploadCsv(form: FormData, projectId: number, actor: ReturnType<typeof actorFrom>, tz: string) {
  const file = form.get("csv");
  if (!(file instanceof File) || file.size === 0) return refusedAnswer(t`Please select a CSV file first`);
  if (!isCsvFile(file.name, file.type)) return refusedAnswer(t`Please select a CSV file`);
  const result = await importMachineFilesCsv({ bytes: new Uint8Array(await file.arrayBuffer()) }, { projectId }, actor);
  const shown = { csvErrors: result.errors.slice(0, CSV_ERRORS_SHOWN), csvErrorCount: result.errors.length };
  if (result.problem) return refusedAnswer(result.problem);
  if (csvImportRefused(result))
    return refusedAnswer(result.errors.length ? summarizeCsvErrors(result.errors) : t`Failed to upload CSV`, {
      ...shown,
      csvErrorsTitle: nothingSavedEveryRow(),
    });
  const done = filesSavedSkippedMessage(result.saved, result.skipped);
  return answer({
    rows: storedRows(projectId, tz),
    toast: result.errors.length
      ? { title: entriesHadIssues(result.errors.length), description: `${done}. ${summarizeCsvErrors(result.errors)}` }
      : { title: t`Success`, description: done },
    ...(result.errors.length ? { ...shown, csvErrorsTitle: entriesHadIssues(result.errors.length) } : {}),
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, project } = loadProject(request, params.projectId);
  if (!project) throw data(t`Project not found`, { status: 404 });
  const actor = actorFrom(request, user);
  const tz = getEnv().SHOP_TIMEZONE;
  const form = await readForm(request);
  if (!form) return unreadableForm();
  if (form.get("intent") === "upload-csv") return uploadCsv(form, project.id, actor, tz);

  const submission = parseWithZod(form, { schema: SpreadsheetFormSchema });
  if (submission.status !== "success") {
    return answer(
      {
        rows: null,
        toast: { title: t`Validation Error`, description: t`Some cells are too long or not valid. Check the highlighted rows.`, variant: "destructive" },
      },
      400,
    );
  }
  const { intent, rows: posted } = submission.value;
  const stored = new Map(listMachineFiles({ projectId: project.id, limit: MAX_ROWS_SHOWN }).map((f) => [f.id, f]));
  // The rows as the user left them: what was typed, against what is stored.
  const current = (errors: Map<number, string> = new Map()): SheetRow[] =>
    posted.map((r, i) => {
      const f = r.id !== undefined ? stored.get(r.id) : undefined;
      const base = f ? toSheetRow(f, tz) : { ...blankRow(), key: `new-${i}` };
      return { ...base, fileName: r.fileName, machine: r.machine, material: r.material, error: errors.get(i) ?? null };
    });
  const validation = (description: string, errors: Map<number, string>) =>
    answer({ rows: current(errors), toast: { title: t`Validation Error`, description, variant: "destructive" } }, 400);
  // A save the models refused (a DomainError): its message on the row it is about, and in the toast.
  const failure = (fallback: string, error: unknown, at?: number) => {
    const e = domainError(error);
    return answer(
      {
        rows: current(at === undefined ? new Map() : new Map([[at, e.message]])),
        toast: { title: t`Error`, description: e.message || fallback, variant: "destructive" },
      },
      e.status,
    );
  };
  const complete = (r: SpreadsheetRow) => r.fileName !== "" && r.machine !== "";
  const isStored = (r: SpreadsheetRow) => r.id !== undefined && stored.has(r.id);
  const fields = (r: SpreadsheetRow) => ({ fileName: r.fileName, machine: r.machine, description: r.material });
  /** One transaction for every row of the save (decision 0023): all saved, or none. */
  const save = (rows: { r: SpreadsheetRow; i: number }[], editUnchanged = false) => {
    const creates = rows.filter(({ r }) => !isStored(r));
    const edits = rows.filter(
      ({ r }) => isStored(r) && (editUnchanged || rowStatus({ ...toSheetRow(stored.get(r.id!)!, tz), ...r, id: r.id! }) === "Modified"),
    );
    const result = saveMachineFiles(
      { creates: creates.map(({ r }) => ({ ...fields(r), projectId: project.id })), edits: edits.map(({ r }) => ({ id: r.id!, patch: fields(r) })) },
      actor,
    );
    return { n: result.created.length + result.updated.length, skipped: result.skipped };
  };
  const fresh = (keep: (r: SpreadsheetRow, i: number) => boolean) => {
    // Saved rows come back as stored; rows the save did not touch keep what was typed.
    const files = storedRows(project.id, tz);
    const unsaved = current().filter((_, i) => keep(posted[i]!, i) && posted[i]!.id === undefined);
    return [
      ...files.map((f) => {
        const i = posted.findIndex((r) => r.id === f.id);
        return i >= 0 && keep(posted[i]!, i) ? { ...f, fileName: posted[i]!.fileName, machine: posted[i]!.machine, material: posted[i]!.material } : f;
      }),
      ...unsaved,
    ];
  };
  const gone = (i: number) =>
    answer(
      {
        rows: fresh((_, j) => j !== i),
        toast: { title: t`Error`, description: t`This file was already deleted. The list shows the project's files now.`, variant: "destructive" },
      },
      404,
    );

  const [verb, arg] = intent.split(":");
  switch (verb) {
    case "add-rows":
      return answer({ rows: [...current(), ...blankRows(ADD_ROWS)], toast: null });
    case "keep":
      return answer({ rows: current(), toast: null });
    case "save-row": {
      const i = Number(arg);
      const r = posted[i];
      if (!r) return validation(bothRequiredMessage(), new Map());
      if (!complete(r)) return validation(bothRequiredMessage(), new Map([[i, bothRequiredMessage()]]));
      let n: { n: number; skipped: number };
      try {
        n = save([{ r, i }], true);
      } catch (error) {
        return failure(isStored(r) ? t`Failed to update machine file` : t`Failed to add machine file`, error, i);
      }
      return answer({ rows: fresh((_, j) => j !== i), toast: { title: t`Success`, description: filesSavedSkippedMessage(n.n, n.skipped) } });
    }
    case "save-selected":
    case "save-all": {
      const chosen = posted.map((r, i) => ({ r, i })).filter(({ r }) => (verb === "save-selected" ? r.selected : r.fileName !== "" || r.machine !== ""));
      if (verb === "save-selected") {
        if (chosen.length === 0) return validation(t`Select the rows to save first.`, new Map());
        const incomplete = chosen.filter(({ r }) => !complete(r));
        if (incomplete.length) return validation(selectedRowsRequiredMessage(), new Map(incomplete.map(({ i }) => [i, selectedRowsRequiredMessage()])));
      }
      // docs/product.md §5: a bulk save saves only rows with a name and a machine; the others stay, marked, not lost.
      const ready = chosen.filter(({ r }) => complete(r));
      const skipped = chosen.filter(({ r }) => !complete(r));
      let n: { n: number; skipped: number };
      try {
        n = save(ready);
      } catch (error) {
        return failure(t`Failed to save files. Please try again.`, error);
      }
      const chosenIdx = new Set(ready.map(({ i }) => i));
      const rows = fresh((_, i) => !chosenIdx.has(i)).map((row) => {
        const i = posted.findIndex((r, j) => r.id === undefined && `new-${j}` === row.key);
        return i >= 0 && skipped.some((s) => s.i === i) ? { ...row, error: bothRequiredMessage() } : row;
      });
      const done = filesSavedSkippedMessage(n.n, n.skipped);
      return answer({
        rows,
        toast: skipped.length
          ? { title: t`Validation Error`, description: `${done}. ${selectedRowsRequiredMessage()}.`, variant: "destructive" }
          : { title: t`Success`, description: done },
      });
    }
    case "confirm-delete": {
      // Ask first, naming what goes with the file (its machine queue, the items it is assigned to).
      const i = Number(arg);
      const r = posted[i];
      if (r?.id === undefined) return answer({ rows: current(), toast: null });
      const use = describeFileUse(r.id);
      if (!use || use.projectId !== project.id) return gone(i);
      return answer({ rows: current(), toast: null, confirmDelete: { index: i, use } });
    }
    case "delete": {
      const i = Number(arg);
      const r = posted[i];
      if (r?.id !== undefined) {
        if (!isStored(r)) return gone(i);
        try {
          deleteMachineFile(r.id, actor);
        } catch (error) {
          return failure(t`Failed to delete machine file`, error, i);
        }
      }
      return answer({
        rows: fresh((_, j) => j !== i),
        toast: r?.id !== undefined ? { title: t`Success`, description: t`Machine file deleted successfully.` } : null,
      });
    }
    default:
      return answer({ rows: current(), toast: { title: t`Error`, description: t`Unknown button`, variant: "destructive" } }, 400);
  }
}
