import { parseWithZod } from "@conform-to/zod/v4";
import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useMemo, useRef, useState } from "react";
import { data, Form, Link, useActionData, useFetcher, useNavigation } from "react-router";
import { Icon } from "~/components/icons";
import { RouteError } from "~/components/route-error";
import { useToast } from "~/components/toaster";
import { btn, cardClass, checkboxClass, EmptyState, inputClass, PageHeader } from "~/components/ui";
import {
  deleteMachineFile,
  describeFileUse,
  importMachineFilesCsv,
  listMachineChoices,
  listMachineFiles,
  saveMachineFiles,
  type FileUse,
  type MachineFile,
} from "~/models/machine-file.server";
import { getProject } from "~/models/project.server";
import { BOTH_REQUIRED, SELECTED_ROWS_REQUIRED, SpreadsheetFormSchema, type SpreadsheetRow } from "~/schemas/machine-file";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { formatLogTime } from "~/domain/dates";
import { getEnv } from "~/infra/env.server";
import { BadRequestError, ConflictError, NotFoundError } from "~/domain/errors";
import { parseIdParam } from "~/domain/ids";
import { isCsvFile, summarizeCsvErrors } from "~/domain/machine-file-csv";
import { csvImportRefused, entriesHadIssues, filesSavedSkippedMessage, NOTHING_SAVED_EVERY_ROW } from "~/domain/machine-file-messages";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Route } from "./+types/machine-files-spreadsheet";

// docs/product.md §2 'Machine Files Spreadsheet': a project's print and cut files as editable rows (file name, machine,
// material) with a status (New / Modified / Saved, docs/product.md §4) and the last update time; 10 rows added at once;
// save one row, the selected rows or all; delete; CSV import and template. One form holds every row, so the
// screen works the same without JavaScript: each button posts the rows and says what to do with them.

const ADD_ROWS = 10;
const MAX_ROWS_SHOWN = 5000;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Machine Files Spreadsheet${loaderData?.project ? ` · ${loaderData.project.name}` : ""} · Shopflow` }];
}

type Saved = { fileName: string; machine: string; material: string };
type SheetRow = {
  key: string;
  id: number | null;
  fileName: string;
  machine: string;
  material: string;
  saved: Saved | null;
  updated: string | null;
  error?: string | null;
};

let keySeq = 0;
const blankRow = (): SheetRow => ({
  key: `new-${++keySeq}-${Math.random().toString(36).slice(2, 7)}`,
  id: null,
  fileName: "",
  machine: "",
  material: "",
  saved: null,
  updated: null,
});
const blankRows = (n: number) => Array.from({ length: n }, blankRow);

function toSheetRow(f: MachineFile, tz: string): SheetRow {
  const saved = { fileName: f.fileName, machine: f.machine, material: f.description };
  return { key: `file-${f.id}`, id: f.id, ...saved, saved, updated: formatLogTime(f.updatedAt ?? f.createdAt, tz) };
}

function rowStatus(r: Pick<SheetRow, "id" | "fileName" | "machine" | "material" | "saved">): "New" | "Modified" | "Saved" {
  if (r.id === null || !r.saved) return "New";
  return r.fileName.trim() !== r.saved.fileName || r.machine !== r.saved.machine || r.material.trim() !== r.saved.material ? "Modified" : "Saved";
}

function loadProject(request: Request, rawId: string) {
  const user = requirePermission(request, "projects:write");
  const id = parseIdParam(rawId);
  const project = id === null ? undefined : getProject(id);
  return { user, project };
}

export function loader({ request, params }: Route.LoaderArgs) {
  const { project } = loadProject(request, params.projectId);
  if (!project) return data({ project: null }, { status: 404, headers: { "Cache-Control": "no-store" } });
  const tz = getEnv().SHOP_TIMEZONE;
  const files = listMachineFiles({ projectId: project.id, limit: MAX_ROWS_SHOWN });
  return data(
    {
      project: { id: project.id, name: project.name },
      machines: listMachineChoices(),
      rows: [...files.map((f) => toSheetRow(f, tz)), ...(files.length === 0 ? blankRows(ADD_ROWS) : [])],
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type Toast = { title: string; description?: string; variant?: "default" | "destructive" };
/** The question asked before a saved file is deleted: which row, and what goes with the file. */
type ConfirmDelete = { index: number; use: FileUse };
type ActionResult = {
  rows: SheetRow[] | null;
  toast: Toast | null;
  /** The first CSV_ERRORS_SHOWN problems of an import, their number, and what the list is about. */
  csvErrors?: string[];
  csvErrorCount?: number;
  csvErrorsTitle?: string;
  confirmDelete?: ConfirmDelete;
};

const CSV_ERRORS_SHOWN = 50;

export async function action({ request, params }: Route.ActionArgs) {
  const { user, project } = loadProject(request, params.projectId);
  if (!project) throw data("Project not found", { status: 404 });
  const actor = actorFrom(request, user);
  const tz = getEnv().SHOP_TIMEZONE;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<ActionResult>({ rows: null, toast: { title: "Error", description: "The form could not be read.", variant: "destructive" } }, { status: 400 });
  }

  // CSV import: its own small form (a file input), with or without JavaScript. The server reads the file's bytes
  // in whatever encoding Excel or LibreOffice saved them (decision 0023).
  if (form.get("intent") === "upload-csv") {
    const file = form.get("csv");
    const fail = (description: string, extra: Partial<ActionResult> = {}) =>
      data<ActionResult>({ rows: null, toast: { title: "Error", description, variant: "destructive" }, ...extra }, { status: 400 });
    if (!(file instanceof File) || file.size === 0) return fail("Please select a CSV file first");
    if (!isCsvFile(file.name, file.type)) return fail("Please select a CSV file");
    const result = await importMachineFilesCsv({ bytes: new Uint8Array(await file.arrayBuffer()) }, { projectId: project.id }, actor);
    const shown = { csvErrors: result.errors.slice(0, CSV_ERRORS_SHOWN), csvErrorCount: result.errors.length };
    if (result.problem) return fail(result.problem);
    if (csvImportRefused(result))
      return fail(result.errors.length ? summarizeCsvErrors(result.errors) : "Failed to upload CSV", { ...shown, csvErrorsTitle: NOTHING_SAVED_EVERY_ROW });
    const rows = listMachineFiles({ projectId: project.id, limit: MAX_ROWS_SHOWN }).map((f) => toSheetRow(f, tz));
    const done = filesSavedSkippedMessage(result.saved, result.skipped);
    return data<ActionResult>({
      rows,
      toast: result.errors.length
        ? { title: entriesHadIssues(result.errors.length), description: `${done}. ${summarizeCsvErrors(result.errors)}` }
        : { title: "Success", description: done },
      ...(result.errors.length ? { ...shown, csvErrorsTitle: entriesHadIssues(result.errors.length) } : {}),
    });
  }

  const submission = parseWithZod(form, { schema: SpreadsheetFormSchema });
  if (submission.status !== "success") {
    return data<ActionResult>(
      {
        rows: null,
        toast: { title: "Validation Error", description: "Some cells are too long or not valid. Check the highlighted rows.", variant: "destructive" },
      },
      { status: 400 },
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
  const validation = (description: string, errors: Map<number, string>, status = 400) =>
    data<ActionResult>({ rows: current(errors), toast: { title: "Validation Error", description, variant: "destructive" } }, { status });
  const failure = (fallback: string, error: unknown, at?: number) => {
    if (error instanceof BadRequestError || error instanceof ConflictError || error instanceof NotFoundError) {
      return data<ActionResult>(
        {
          rows: current(at === undefined ? new Map() : new Map([[at, error.message]])),
          toast: { title: "Error", description: error.message || fallback, variant: "destructive" },
        },
        { status: error.status },
      );
    }
    throw error;
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
    const files = listMachineFiles({ projectId: project.id, limit: MAX_ROWS_SHOWN }).map((f) => toSheetRow(f, tz));
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
    data<ActionResult>(
      {
        rows: fresh((_, j) => j !== i),
        toast: { title: "Error", description: "This file was already deleted. The list shows the project's files now.", variant: "destructive" },
      },
      { status: 404 },
    );

  const [verb, arg] = intent.split(":");
  switch (verb) {
    case "add-rows":
      return data<ActionResult>({ rows: [...current(), ...blankRows(ADD_ROWS)], toast: null });
    case "keep":
      return data<ActionResult>({ rows: current(), toast: null });
    case "save-row": {
      const i = Number(arg);
      const r = posted[i];
      if (!r) return validation(BOTH_REQUIRED, new Map());
      if (!complete(r)) return validation(BOTH_REQUIRED, new Map([[i, BOTH_REQUIRED]]));
      let n: { n: number; skipped: number };
      try {
        n = save([{ r, i }], true);
      } catch (error) {
        return failure(isStored(r) ? "Failed to update machine file" : "Failed to add machine file", error, i);
      }
      return data<ActionResult>({ rows: fresh((_, j) => j !== i), toast: { title: "Success", description: filesSavedSkippedMessage(n.n, n.skipped) } });
    }
    case "save-selected":
    case "save-all": {
      const chosen = posted.map((r, i) => ({ r, i })).filter(({ r }) => (verb === "save-selected" ? r.selected : r.fileName !== "" || r.machine !== ""));
      if (verb === "save-selected") {
        if (chosen.length === 0) return validation("Select the rows to save first.", new Map());
        const incomplete = chosen.filter(({ r }) => !complete(r));
        if (incomplete.length) return validation(SELECTED_ROWS_REQUIRED, new Map(incomplete.map(({ i }) => [i, SELECTED_ROWS_REQUIRED])));
      }
      // docs/product.md §5: a bulk save saves only rows with a name and a machine; the others stay, marked, not lost.
      const ready = chosen.filter(({ r }) => complete(r));
      const skipped = chosen.filter(({ r }) => !complete(r));
      let n: { n: number; skipped: number };
      try {
        n = save(ready);
      } catch (error) {
        return failure("Failed to save files. Please try again.", error);
      }
      const chosenIdx = new Set(ready.map(({ i }) => i));
      const rows = fresh((_, i) => !chosenIdx.has(i)).map((row) => {
        const i = posted.findIndex((r, j) => r.id === undefined && `new-${j}` === row.key);
        return i >= 0 && skipped.some((s) => s.i === i) ? { ...row, error: BOTH_REQUIRED } : row;
      });
      const done = filesSavedSkippedMessage(n.n, n.skipped);
      const toast: Toast = skipped.length
        ? { title: "Validation Error", description: `${done}. ${SELECTED_ROWS_REQUIRED}.`, variant: "destructive" }
        : { title: "Success", description: done };
      return data<ActionResult>({ rows, toast });
    }
    case "confirm-delete": {
      // Ask first, naming what goes with the file (its machine queue, the items it is assigned to).
      const i = Number(arg);
      const r = posted[i];
      if (r?.id === undefined) return data<ActionResult>({ rows: current(), toast: null });
      const use = describeFileUse(r.id);
      if (!use || use.projectId !== project.id) return gone(i);
      return data<ActionResult>({ rows: current(), toast: null, confirmDelete: { index: i, use } });
    }
    case "delete": {
      const i = Number(arg);
      const r = posted[i];
      if (r?.id !== undefined) {
        if (!isStored(r)) return gone(i);
        try {
          deleteMachineFile(r.id, actor);
        } catch (error) {
          return failure("Failed to delete machine file", error, i);
        }
      }
      return data<ActionResult>({
        rows: fresh((_, j) => j !== i),
        toast: r?.id !== undefined ? { title: "Success", description: "Machine file deleted successfully." } : null,
      });
    }
    default:
      return data<ActionResult>({ rows: current(), toast: { title: "Error", description: "Unknown button", variant: "destructive" } }, { status: 400 });
  }
}

export default function Spreadsheet({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const toast = useToast();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const csv = useFetcher<typeof action>();
  const fileInput = useRef<HTMLInputElement>(null);
  const loaderRows = "rows" in loaderData ? loaderData.rows : null;
  // The rows follow the latest answer: a save, an import, or (on arrival) the stored files. The loader's
  // revalidation after a save is not applied, as it would drop the rows not saved yet.
  const [rows, setRows] = useState<SheetRow[]>(() => actionData?.rows ?? loaderRows ?? []);
  const projectId = loaderData.project?.id;
  useEffect(() => {
    if (loaderRows) setRows(loaderRows);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when another project's sheet opens
  }, [projectId]);
  useEffect(() => {
    if (actionData?.rows) setRows(actionData.rows);
  }, [actionData]);
  useEffect(() => {
    if (csv.data?.rows) setRows(csv.data.rows);
  }, [csv.data]);
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData, toast]);
  useEffect(() => {
    if (csv.state === "idle" && csv.data?.toast) toast(csv.data.toast);
  }, [csv.state, csv.data, toast]);
  const counts = useMemo(() => {
    const c = { New: 0, Modified: 0, Saved: 0 };
    for (const r of rows) if (r.id !== null || r.fileName || r.machine || r.material) c[rowStatus(r)]++;
    return c;
  }, [rows]);

  if (!loaderData.project || !("machines" in loaderData)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-ink">Project not found</h1>
        <Link to="/projects" className={`mt-6 ${btn.secondary}`}>
          Back to Projects
        </Link>
      </div>
    );
  }
  const { project, machines } = loaderData;
  const here = `/projects/${project.id}/machine-files/spreadsheet`;
  const busy = navigation.state !== "idle" && navigation.formAction === here;
  const csvAnswer = csv.data?.csvErrors ? csv.data : actionData?.csvErrors ? actionData : null;
  const csvErrors = csvAnswer?.csvErrors ?? [];
  const csvErrorCount = csvAnswer?.csvErrorCount ?? csvErrors.length;
  const confirmDelete = actionData?.confirmDelete ?? null;
  const update = (key: string, patch: Partial<SheetRow>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch, error: null } : r)));

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <Link to={`/projects/${project.id}/machine-files`} className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        ← Back to Machine Ready Files
      </Link>
      <PageHeader
        title="Machine Files Spreadsheet"
        subtitle={project.name}
        actions={
          <a href="/api/machine-ready-files/csv-template" download className={btn.secondary}>
            <Icon name="file" />
            CSV Template
          </a>
        }
      />

      {!hydrated && (actionData?.toast || csv.data?.toast) ? <Notice toast={(actionData?.toast ?? csv.data?.toast)!} /> : null}

      <section className={`mt-4 p-4 sm:p-5 ${cardClass}`} aria-labelledby="csv-heading">
        <h2 id="csv-heading" className="text-lg font-semibold text-ink">
          Import from CSV
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Columns: File Name and Machine Assignment (required), Material (optional). Excel and LibreOffice files work as saved.
        </p>
        <csv.Form
          method="post"
          action={here}
          encType="multipart/form-data"
          className="mt-3 flex flex-wrap items-center gap-3"
          onSubmit={(e) => {
            const file = fileInput.current?.files?.[0];
            const problem = !file ? "Please select a CSV file first" : !isCsvFile(file.name, file.type) ? "Please select a CSV file" : null;
            if (problem) {
              e.preventDefault();
              toast({ title: "Error", description: problem, variant: "destructive" });
            }
          }}
        >
          <input type="hidden" name="intent" value="upload-csv" />
          <label className="sr-only" htmlFor="csv-file">
            CSV file
          </label>
          <input ref={fileInput} id="csv-file" type="file" name="csv" accept=".csv,text/csv" className="min-h-11 max-w-full text-base" />
          <button type="submit" className={btn.primary} disabled={csv.state !== "idle"}>
            <Icon name="upload" />
            Upload CSV
          </button>
          {csv.state !== "idle" ? (
            <span className="flex items-center gap-2 text-sm text-ink-muted" role="status">
              <progress className="h-2 w-32" aria-label="Uploading the CSV" />
              Uploading and checking the rows…
            </span>
          ) : null}
        </csv.Form>
        {csvErrors.length ? (
          <div className="mt-3 rounded-lg border border-danger-200 bg-danger-50 p-3 text-sm text-danger-800" role="alert">
            <p className="font-semibold">{csvAnswer?.csvErrorsTitle ?? entriesHadIssues(csvErrorCount)}</p>
            <ul className="mt-1 list-disc pl-5">
              {csvErrors.map((e, i) => (
                <li key={i}>{e}</li>
              ))}
            </ul>
            {csvErrorCount > csvErrors.length ? <p className="mt-1">... and {csvErrorCount - csvErrors.length} more</p> : null}
          </div>
        ) : null}
      </section>

      <Form id={SHEET_FORM} method="post" action={here} className={`mt-4 p-4 sm:p-5 ${cardClass}`} aria-label="Files">
        {confirmDelete ? <DeleteFileConfirm key={`${confirmDelete.use.id}-${actionKey(actionData)}`} confirm={confirmDelete} busy={busy} /> : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold text-ink">Files</h2>
            <p className="text-sm text-ink-muted" aria-live="polite">
              {counts.Saved} saved · {counts.Modified} modified · {counts.New} new
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {hydrated ? (
              <button type="button" className={btn.secondary} onClick={() => setRows((all) => [...all, ...blankRows(ADD_ROWS)])}>
                <Icon name="plus" />
                Add {ADD_ROWS} Rows
              </button>
            ) : (
              <button type="submit" name="intent" value="add-rows" className={btn.secondary} formNoValidate>
                <Icon name="plus" />
                Add {ADD_ROWS} Rows
              </button>
            )}
            <button type="submit" name="intent" value="save-selected" className={btn.secondary} disabled={busy} formNoValidate>
              Save Selected
            </button>
            <button type="submit" name="intent" value="save-all" className={btn.primary} disabled={busy} formNoValidate>
              <Icon name="check" />
              Save All
            </button>
          </div>
        </div>

        {rows.length === 0 ? (
          <EmptyState
            icon="file"
            title="No files yet"
            action={
              hydrated ? (
                <button type="button" className={btn.primary} onClick={() => setRows(blankRows(ADD_ROWS))}>
                  Add {ADD_ROWS} Rows
                </button>
              ) : null
            }
          >
            Add rows and fill in each file's name and machine, or import a CSV.
          </EmptyState>
        ) : (
          <table className="table-cards mt-4 w-full text-left text-base">
            <thead className="border-b border-line text-sm text-ink-muted">
              <tr>
                <th scope="col" className="py-2 pr-2 font-medium">
                  <span className="sr-only">Select</span>
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  File Name
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Machine
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Material
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Status
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Last Updated
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {rows.map((r, i) => {
                const status = rowStatus(r);
                const errId = `row-${i}-error`;
                const rowName = r.fileName || `row ${i + 1}`;
                return (
                  <tr key={r.key} className={r.error ? "bg-danger-50" : undefined}>
                    <td data-label="Select" className="py-2 pr-2">
                      {r.id !== null ? <input type="hidden" name={`rows[${i}].id`} value={r.id} /> : null}
                      <input type="checkbox" name={`rows[${i}].selected`} className={checkboxClass} aria-label={`Select ${rowName}`} />
                    </td>
                    <td data-label="File Name" className="py-2 pr-2">
                      <input
                        name={`rows[${i}].fileName`}
                        aria-label={`File name, row ${i + 1}`}
                        aria-invalid={r.error ? true : undefined}
                        aria-describedby={r.error ? errId : undefined}
                        className={inputClass}
                        maxLength={255}
                        value={r.fileName}
                        onChange={(e) => update(r.key, { fileName: e.currentTarget.value })}
                      />
                      {r.error ? (
                        <p id={errId} className="mt-1 text-sm text-danger-700">
                          {r.error}
                        </p>
                      ) : null}
                    </td>
                    <td data-label="Machine" className="py-2 pr-2">
                      <select
                        name={`rows[${i}].machine`}
                        aria-label={`Machine, row ${i + 1}`}
                        className={inputClass}
                        value={r.machine}
                        onChange={(e) => update(r.key, { machine: e.currentTarget.value })}
                      >
                        <option value="">Choose a machine…</option>
                        {machines
                          .filter((m) => m.isActive || m.value === r.machine)
                          .map((m) => (
                            <option key={m.value} value={m.value}>
                              {m.name}
                            </option>
                          ))}
                      </select>
                    </td>
                    <td data-label="Material" className="py-2 pr-2">
                      <input
                        name={`rows[${i}].material`}
                        aria-label={`Material, row ${i + 1}`}
                        className={inputClass}
                        maxLength={100}
                        value={r.material}
                        onChange={(e) => update(r.key, { material: e.currentTarget.value })}
                      />
                    </td>
                    <td data-label="Status" className="py-2 pr-2">
                      <StatusBadge status={status} />
                    </td>
                    <td data-label="Last Updated" className="py-2 pr-2 text-sm text-ink-muted">
                      {r.updated ?? "—"}
                    </td>
                    <td data-label="Actions" className="py-2 pr-2">
                      <div className="flex gap-1">
                        <button
                          type="submit"
                          name="intent"
                          value={`save-row:${i}`}
                          className={btn.small}
                          disabled={busy || (hydrated && status === "Saved")}
                          formNoValidate
                          aria-label={`Save ${rowName}`}
                        >
                          Save
                        </button>
                        {r.id === null && hydrated ? (
                          <button
                            type="button"
                            className={btn.small}
                            aria-label={`Remove ${rowName}`}
                            onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}
                          >
                            <Icon name="trash" />
                          </button>
                        ) : (
                          // A saved file is deleted only after the question that names what goes with it.
                          <button
                            type="submit"
                            name="intent"
                            value={`confirm-delete:${i}`}
                            className={btn.small}
                            disabled={busy}
                            formNoValidate
                            aria-label={`Delete ${rowName}`}
                          >
                            <Icon name="trash" />
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </Form>
    </div>
  );
}

const SHEET_FORM = "machine-files-sheet";
// Each answer is a new object: a new question (even about the same file) opens the dialog again.
const answers = new WeakMap<object, number>();
let answerSeq = 0;
function actionKey(answer: object | undefined) {
  if (!answer) return 0;
  if (!answers.has(answer)) answers.set(answer, ++answerSeq);
  return answers.get(answer)!;
}

const ordinal = (n: number) => {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${s}`;
};

/** What deleting a file takes with it, in words: its place in the machine's queue and the items it is on. */
function fileUseLines(use: FileUse): { queue: string; items: string } {
  const queue = use.isCompleted
    ? `Completed on the ${use.machineName} queue.`
    : `Waiting in the ${use.machineName} queue, ${ordinal(use.queuePosition ?? use.queueLength)} of ${use.queueLength}.`;
  const items = use.items.length
    ? `Assigned to ${use.items.map((it) => `${it.name} (${it.fileType} file)`).join(", ")}: ${use.items.length === 1 ? "that item loses" : "those items lose"} this file.`
    : "Not assigned to any item.";
  return { queue, items };
}

/**
 * The question before a saved file is deleted, as the other deletes ask it: a dialog with JavaScript, a panel at
 * the top of the sheet without. Its buttons post the sheet's form, so rows typed but not saved stay as they are.
 */
function DeleteFileConfirm({ confirm, busy }: { confirm: ConfirmDelete; busy: boolean }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(true);
  const { use, index } = confirm;
  const { queue, items } = fileUseLines(use);
  const body = (
    <>
      <p className="text-base text-ink wrap-anywhere">Are you sure you want to delete "{use.fileName}"? This action cannot be undone.</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-base text-ink wrap-anywhere">
        <li>{queue}</li>
        <li>{items}</li>
      </ul>
    </>
  );
  const deleteButton = (
    <button type="submit" form={SHEET_FORM} name="intent" value={`delete:${index}`} className={btn.danger} disabled={busy} formNoValidate>
      Delete
    </button>
  );
  if (!hydrated) {
    return (
      <section aria-label="Delete Machine File" className="mb-4 rounded-xl border-2 border-danger-200 bg-white p-4 shadow-lg sm:p-6">
        <h2 className="text-xl font-semibold text-ink">Delete Machine File</h2>
        <div className="mt-3">{body}</div>
        <div className="mt-4 flex flex-wrap justify-end gap-3">
          <button type="submit" form={SHEET_FORM} name="intent" value="keep" className={btn.secondary} formNoValidate>
            Cancel
          </button>
          {deleteButton}
        </div>
      </section>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-2xl sm:p-6">
          <Dialog.Title className="pr-10 text-xl font-semibold text-ink">Delete Machine File</Dialog.Title>
          <Dialog.Description className="sr-only">Delete {use.fileName}</Dialog.Description>
          <div className="mt-4">{body}</div>
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <Dialog.Close className={btn.secondary}>Cancel</Dialog.Close>
            {deleteButton}
          </div>
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex size-tap items-center justify-center rounded-lg text-ink-muted hover:bg-slate-100 hover:text-ink"
          >
            <Icon name="close" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Without JavaScript there are no toasts: the answer to the last button shows here instead. */
function Notice({ toast }: { toast: Toast }) {
  const bad = toast.variant === "destructive" || toast.title === "Validation Error";
  return (
    <div
      role={bad ? "alert" : "status"}
      className={`mt-2 rounded-lg border p-3 text-base ${bad ? "border-danger-200 bg-danger-50 text-danger-800" : "border-success-700/30 bg-success-50 text-success-800"}`}
    >
      <p className="font-semibold">{toast.title}</p>
      {toast.description ? <p className="whitespace-pre-line">{toast.description}</p> : null}
    </div>
  );
}

function StatusBadge({ status }: { status: "New" | "Modified" | "Saved" }) {
  const cls =
    status === "Saved"
      ? "bg-success-50 text-success-800 border-success-700/30"
      : status === "Modified"
        ? "bg-warning-50 text-warning-900 border-warning-300"
        : "bg-brand-50 text-brand-800 border-brand-200";
  return <span className={`inline-block rounded-full border px-2.5 py-0.5 text-sm font-medium ${cls}`}>{status}</span>;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError error={error}>
      <h1 className="text-2xl font-bold text-ink">Failed to load the spreadsheet</h1>
      <p className="mt-2 text-base text-ink-muted">Please try again later</p>
    </RouteError>
  );
}
