import { useEffect, useState } from "react";
import { data, Form, Link, useActionData } from "react-router";
import { CompletedFilesTable, completedFilesCount } from "~/components/completed-files-table";
import { FileDot } from "~/components/file-dot";
import { FileName } from "~/components/file-name";
import { Icon } from "~/components/icons";
import { RouteError } from "~/components/route-error";
import { useToast } from "~/components/toaster";
import { btn, cardClass, EmptyState, inputClass, PageHeader, UrlDialog } from "~/components/ui";
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
import { can, requirePermission } from "~/services/permissions.server";
import { getUser } from "~/services/session.server";
import { formatDateTime } from "~/domain/dates";
import { getEnv } from "~/infra/env.server";
import { BadRequestError, NotFoundError } from "~/domain/errors";
import { departmentLabel, formatMinutesSeconds } from "~/domain/format";
import { parseIdParam } from "~/domain/ids";
import { fileIndicator } from "~/domain/machine-file-rules";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Route } from "./+types/project-machine-files";
import { RowForm, RowLink } from "~/components/row-link";

// docs/product.md §2 'Machine Ready Files' (/projects/{projectId}/machine-files): which print and cut file each item gets,
// with the material check of each item, and the log of the project's completed files.

const LOG_ROWS = 200;
// Up to this many files, each row offers them in a select; past it (a project with hundreds of files) a row links
// to a picker with a search, so the page does not carry every file once per item and type.
const INLINE_CHOICES = 60;
const PICKER_ROWS = 100;
export const NOT_LOGGED_IN = "You are not logged in. File assignments will not track who changed them.";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Machine Ready Files${loaderData && "project" in loaderData && loaderData.project ? ` · ${loaderData.project.name}` : ""} · Shopflow` }];
}

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
  const byItem = new Map<number, typeof associations>();
  for (const a of associations) byItem.set(a.itemId, [...(byItem.get(a.itemId) ?? []), a]);
  const log =
    url.searchParams.get("log") === "1"
      ? {
          total: countCompletedFiles({ projectId: project.id }),
          rows: listCompletedFiles({ projectId: project.id, limit: LOG_ROWS }).map((r) => ({
            id: r.id,
            fileName: r.fileName,
            machine: machineNames.get(r.machine) ?? r.machine,
            item: r.itemName ?? "N/A",
            completedBy: r.completedByName ?? "Unknown",
            completedAt: r.completedAt ? formatDateTime(r.completedAt, tz) : "N/A",
            processing: r.processingTimeSeconds === null ? "N/A" : formatMinutesSeconds(r.processingTimeSeconds),
          })),
        }
      : null;
  const assignedFileIds = new Set(associations.map((a) => a.machineFileId));
  const option = (f: (typeof files)[number]) => ({
    id: f.id,
    fileName: f.fileName,
    machine: machineNames.get(f.machine) ?? f.machine,
    material: f.description,
  });
  const manyFiles = files.length > INLINE_CHOICES;
  const pickMatch = /^(\d+)-(print|cut)$/.exec(url.searchParams.get("pick") ?? "");
  const pickItem = pickMatch ? items.find((i) => i.id === Number(pickMatch[1])) : undefined;
  const q = (url.searchParams.get("q") ?? "").trim().toLowerCase();
  const matching = q ? files.filter((f) => `${f.fileName} ${f.description} ${machineNames.get(f.machine) ?? f.machine}`.toLowerCase().includes(q)) : files;
  const picker =
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
      items: items.map((i) => {
        const mine = byItem.get(i.id) ?? [];
        const slot = (type: FileType) => {
          const a = mine.find((x) => x.fileType === type);
          return a
            ? { fileId: a.machineFileId, fileName: a.fileName, machine: machineNames.get(a.machine) ?? a.machine, material: a.description, by: a.updatedByName }
            : null;
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
      }),
      log,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = requirePermission(request, "projects:write");
  const projectId = parseIdParam(params.projectId);
  if (projectId === null) throw data("Project not found", { status: 404 });
  const here = `/projects/${projectId}/machine-files`;
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  const itemId = parseIdParam(String(form?.get("itemId") ?? ""));
  const fileType = String(form?.get("fileType") ?? "") as FileType;
  const fail = (message: string, status = 400) =>
    data({ toast: { title: "Error", description: message || "Failed to update file assignment", variant: "destructive" as const } }, { status });
  if (itemId === null || !FILE_TYPES.includes(fileType)) return fail("Failed to update file assignment");
  try {
    const actor = actorFrom(request, user);
    if (intent === "assign") {
      const fileId = parseIdParam(String(form?.get("fileId") ?? ""));
      if (fileId === null) return fail("Choose a file to assign");
      assignFile(itemId, fileId, fileType, actor);
    } else if (intent === "unassign") {
      unassignFile(itemId, fileType, actor);
    } else return fail("Failed to update file assignment");
  } catch (error) {
    if (error instanceof BadRequestError || error instanceof NotFoundError) return fail(error.message, error.status);
    throw error;
  }
  return redirectWithToast(request, `${here}#item-${itemId}`, { title: "Success", description: "File assignment updated successfully" });
}

type Loaded = Extract<Route.ComponentProps["loaderData"], { items: unknown }>;
type ItemRow = NonNullable<Loaded["items"]>[number];
type FileOption = NonNullable<Loaded["files"]>[number];

export default function ProjectMachineFiles({ loaderData }: Route.ComponentProps) {
  const toast = useToast();
  const actionData = useActionData<typeof action>();
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData, toast]);

  if (loaderData.signedOut) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <div role="alert" className="rounded-xl border border-warning-300 bg-warning-50 p-4 text-base text-warning-900">
          <p className="font-semibold">{NOT_LOGGED_IN}</p>
          <p className="mt-1">Sign in with your PIN to see and assign this project's files.</p>
          <a href={`/login?redirectTo=${encodeURIComponent(`/projects/${loaderData.projectId}/machine-files`)}`} className={`mt-3 ${btn.primary}`}>
            Login
          </a>
        </div>
      </div>
    );
  }
  if (!loaderData.project || !("items" in loaderData)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-ink">Project not found</h1>
        <Link to="/projects" className={`mt-6 ${btn.secondary}`}>
          Back to Projects
        </Link>
      </div>
    );
  }
  const { project, stats, files, items, log, user, canWrite, manyFiles, picker } = loaderData;
  const here = `/projects/${project.id}/machine-files`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <Link to={`/projects/${project.id}`} className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        ← Back to Project
      </Link>
      <PageHeader
        title="Machine Ready Files"
        subtitle={project.name}
        actions={
          <>
            <Link to={`${here}?log=1`} preventScrollReset className={btn.secondary}>
              <Icon name="clock" />
              Completed File Log
            </Link>
            {canWrite ? (
              <Link to={`${here}/spreadsheet`} className={btn.primary}>
                <Icon name="edit" />
                Add/Remove Files
              </Link>
            ) : null}
          </>
        }
      />
      <p className="mt-2 text-sm text-ink-muted">
        Signed in as <span className="font-medium text-ink">{user.name}</span>
        {user.department ? ` · ${user.department}` : ""}
      </p>

      {log ? <LogDialog log={log} closeTo={here} /> : null}
      {picker && canWrite ? <PickerDialog picker={picker} here={here} /> : null}

      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Total Files" value={stats.totalFiles} />
        <Stat label="Assigned Files" value={stats.assignedFiles} />
        <Stat label="Completed Files" value={stats.completedFiles} />
        <Stat label="Items with Files" value={`${stats.itemsWithFiles} / ${stats.totalItems}`} />
      </dl>

      <section className={`mt-4 p-4 sm:p-5 ${cardClass}`} aria-labelledby="assign-heading">
        <h2 id="assign-heading" className="text-xl font-semibold text-ink">
          Item File Assignments
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Each item gets one print file and one cut file. A green dot means every assigned file is for the item's material; a red dot warns of a mismatch.
        </p>
        {items.length === 0 ? (
          <EmptyState
            icon="file"
            title="No project items found. Items must be created before assigning files."
            action={
              <Link to={`/projects/${project.id}`} className={btn.secondary}>
                Go to the project
              </Link>
            }
          />
        ) : (
          <>
            {stats.totalFiles === 0 ? (
              <div className="mt-3 rounded-lg border border-line bg-canvas p-3 text-base">
                <p className="font-medium">No files available</p>
                <p className="text-sm text-ink-muted">
                  {canWrite ? "Add this project's print and cut files first with Add/Remove Files." : "Pre-production adds this project's files."}
                </p>
              </div>
            ) : null}
            <table className="table-cards mt-4 w-full text-left text-base">
              <thead className="border-b border-line text-sm text-ink-muted">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    <span className="sr-only">Files</span>
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Item
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Material
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Print File
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Cut File
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {items.map((item) => (
                  <tr key={item.id} id={`item-${item.id}`}>
                    <td data-label="Files" className="py-3 pr-3">
                      <FileDot indicator={item.indicator} />
                    </td>
                    <td data-label="Item" className="py-3 pr-3 font-medium cell-text">
                      <RowLink to={`/items/${item.id}`} className={btn.textLink}>
                        {item.name}
                      </RowLink>
                      <span className="block text-sm font-normal text-ink-muted">{item.category}</span>
                    </td>
                    <td data-label="Material" className="py-3 pr-3 cell-text">
                      {item.material}
                    </td>
                    {(["print", "cut"] as const).map((type) => (
                      <td key={type} data-label={type === "print" ? "Print File" : "Cut File"} className="py-3 pr-3">
                        <AssignmentCell item={item} type={type} files={files} manyFiles={manyFiles} here={here} canWrite={canWrite} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className={`p-4 ${cardClass}`}>
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function AssignmentCell({
  item,
  type,
  files,
  manyFiles,
  here,
  canWrite,
}: {
  item: ItemRow;
  type: FileType;
  files: FileOption[];
  manyFiles: boolean;
  here: string;
  canWrite: boolean;
}) {
  const hydrated = useHydrated();
  const [picked, setPicked] = useState("");
  const current = item[type];
  const label = `${type === "print" ? "Print" : "Cut"} file for ${item.name}`;
  if (current) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 wrap-break-word">
          <span className="font-medium">
            <FileName name={current.fileName} />
          </span>
          <span className="block text-sm text-ink-muted">
            {current.machine} · {current.material}
          </span>
        </span>
        {canWrite ? (
          <RowForm action={here}>
            <input type="hidden" name="intent" value="unassign" />
            <input type="hidden" name="itemId" value={item.id} />
            <input type="hidden" name="fileType" value={type} />
            <button type="submit" className={btn.small} aria-label={`Remove ${current.fileName} from ${item.name}`}>
              Remove
            </button>
          </RowForm>
        ) : null}
      </div>
    );
  }
  if (!canWrite) return <span className="text-ink-muted">None</span>;
  if (manyFiles) {
    return (
      <RowLink to={`${here}?pick=${item.id}-${type}`} keepScroll className={btn.secondary} aria-label={`Choose the ${label.toLowerCase()}`}>
        Choose a file…
      </RowLink>
    );
  }
  if (files.length === 0) return <span className="text-sm text-ink-muted">No files found.</span>;
  return (
    <RowForm action={here} className="flex flex-wrap items-center gap-2" onReset={() => setPicked("")}>
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="itemId" value={item.id} />
      <input type="hidden" name="fileType" value={type} />
      <select
        name="fileId"
        required
        aria-label={label}
        className={`${inputClass} max-w-64`}
        value={hydrated ? picked : undefined}
        onChange={(e) => setPicked(e.currentTarget.value)}
      >
        <option value="">Choose a file…</option>
        {files.map((f) => (
          <option key={f.id} value={f.id}>
            {f.fileName} ({f.machine}, {f.material})
          </option>
        ))}
      </select>
      {/* docs/product.md §2: pick, then confirm or cancel. Without JavaScript the pick is confirmed with the button. */}
      {!hydrated || picked ? (
        <>
          <button type="submit" className={btn.primary} aria-label={`Confirm ${label.toLowerCase()}`}>
            Confirm
          </button>
          {hydrated ? (
            <button type="reset" className={btn.secondary} aria-label={`Cancel ${label.toLowerCase()}`}>
              Cancel
            </button>
          ) : null}
        </>
      ) : null}
    </RowForm>
  );
}

type Picker = NonNullable<Loaded["picker"]>;

function PickerDialog({ picker, here }: { picker: Picker; here: string }) {
  const kind = picker.type === "print" ? "print" : "cut";
  return (
    <UrlDialog title={`Choose the ${kind} file`} description={picker.itemName} closeTo={here} wide>
      <Form method="get" action={here} className="flex flex-wrap items-end gap-2" preventScrollReset>
        <input type="hidden" name="pick" value={`${picker.itemId}-${picker.type}`} />
        <label className="min-w-0 flex-1 text-sm font-medium text-ink">
          Search files
          <input name="q" type="search" defaultValue={picker.q} className={inputClass} placeholder="File name, machine or material" />
        </label>
        <button type="submit" className={btn.secondary}>
          Search
        </button>
      </Form>
      {picker.files.length === 0 ? (
        <p className="mt-4 text-base text-ink-muted">No files found.</p>
      ) : (
        <ul className="mt-4 divide-y divide-line">
          {picker.files.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 wrap-anywhere">
                <span className="font-medium">{f.fileName}</span>
                <span className="block text-sm text-ink-muted">
                  {f.machine} · {f.material}
                </span>
              </span>
              <Form method="post" action={here} preventScrollReset>
                <input type="hidden" name="intent" value="assign" />
                <input type="hidden" name="itemId" value={picker.itemId} />
                <input type="hidden" name="fileType" value={picker.type} />
                <input type="hidden" name="fileId" value={f.id} />
                <button type="submit" className={btn.primary} aria-label={`Assign ${f.fileName} as the ${kind} file`}>
                  Assign
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {picker.total > picker.files.length ? (
        <p className="mt-2 text-sm text-ink-muted">
          Showing {picker.files.length} of {picker.total}: search to narrow the list.
        </p>
      ) : null}
    </UrlDialog>
  );
}

type Log = NonNullable<Loaded["log"]>;

function LogDialog({ log, closeTo }: { log: Log; closeTo: string }) {
  return (
    <UrlDialog title="Completed File Log" description={completedFilesCount(log.total)} closeTo={closeTo} wide>
      <CompletedFilesTable
        columns={["machine", "item", "completedBy", "completedAt", "processing"]}
        rows={log.rows}
        total={log.total}
        empty="No files of this project have been completed yet."
      />
    </UrlDialog>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError error={error}>
      <h1 className="text-2xl font-bold text-ink">Failed to load the project's files</h1>
      <p className="mt-2 text-base text-ink-muted">Please try again later</p>
    </RouteError>
  );
}
