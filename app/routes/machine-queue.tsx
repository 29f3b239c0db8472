import { useEffect, useState, type ReactNode } from "react";
import { data, Form, Link, redirect, useActionData, useFetcher, useSearchParams } from "react-router";
import { CompletedFilesTable, completedFilesCount } from "~/components/completed-files-table";
import { FileName } from "~/components/file-name";
import { Icon } from "~/components/icons";
import { PageLinks } from "~/components/page-links";
import { RouteError } from "~/components/route-error";
import type { Handle } from "~/components/sortable-queue";
import { useToast } from "~/components/toaster";
import { btn, cardClass, checkboxClass, EmptyState, PageHeader, UrlDialog } from "~/components/ui";
import {
  countCompletedFiles,
  getMachineDepartment,
  getMachineFile,
  listCompletedFiles,
  getMachineFileLabel,
  listMachineFilesWithDetails,
  countMachineQueue,
  reorderMachineQueue,
  updateMachineFile,
} from "~/models/machine-file.server";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { formatDateTime, formatRelative } from "~/domain/dates";
import { getEnv } from "~/infra/env.server";
import { ConflictError, NotFoundError } from "~/domain/errors";
import { formatMinutesSeconds } from "~/domain/format";
import { parseIdParam } from "~/domain/ids";
import { pageOf, requestedPage } from "~/domain/paging";
import { machineFileMaterial, machineFileQrPayload } from "~/domain/machine-file-rules";
import { qrImage } from "~/infra/qr.server";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Route } from "./+types/machine-queue";
import { RowForm, RowLink } from "~/components/row-link";
import { LiveIndicator, useLiveData } from "~/components/live";

// docs/product.md §2 'Machine Files for one machine' (/production/{machineName}): the machine's queue in order, each file's
// QR (opening it is the operator's 'I am starting this file'), completion after the QR, reorder, and how long
// each completed file took. Files completed more than a day ago leave the queue; the analytics keep them.

export const PAGE_SIZE = 100;
const RECENT_COMPLETED_MS = 24 * 3600 * 1000;
const ANALYTICS_ROWS = 200;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.machine ? `${loaderData.machine.name} Files` : "Machine not found"} · Shopflow` }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  requirePermission(request, "screen:production");
  const value = params.machine;
  const machine = getMachineDepartment(value);
  if (!machine || !machine.isMachine) return data({ machine: null, value }, { status: 404, headers: { "Cache-Control": "no-store" } });
  const url = new URL(request.url);
  const now = Date.now();
  const since = new Date(now - RECENT_COMPLETED_MS);
  const total = countMachineQueue(value, since);
  const { page, pages, offset, limit } = pageOf(requestedPage(url.searchParams.get("page")), total, PAGE_SIZE);
  const rows = listMachineFilesWithDetails(value, { completedSince: since, limit, offset });
  const tz = getEnv().SHOP_TIMEZONE;

  const qrId = parseIdParam(url.searchParams.get("qr") ?? undefined);
  // A QR link for a file on another page (or reloaded later) reads that one file, if it is on this machine.
  const machineFileOn = (machineValue: string, id: number) => {
    const file = getMachineFileLabel(id);
    return file && file.machine === machineValue ? file : undefined;
  };
  const qrFile = qrId === null ? undefined : (rows.find((r) => r.id === qrId) ?? machineFileOn(value, qrId));
  const qr = qrFile
    ? {
        id: qrFile.id,
        name: qrFile.fileName,
        svg: String((await qrImage(machineFileQrPayload(qrFile, machine.name), "svg")).body),
        machine: machine.name,
        project: qrFile.projectName ?? "N/A",
        material: machineFileMaterial(qrFile),
        priority: qrFile.projectPriority ?? qrFile.priority ?? "N/A",
        fileOwner: qrFile.fileOwnerName ?? "N/A",
      }
    : null;

  // docs/product.md §7: the analytics are read only when their dialog opens.
  const analytics =
    url.searchParams.get("analytics") === "1"
      ? {
          total: countCompletedFiles({ machine: value }),
          rows: listCompletedFiles({ machine: value, limit: ANALYTICS_ROWS }).map((r) => ({
            id: r.id,
            fileName: r.fileName,
            project: r.projectName ?? "N/A",
            item: r.itemName ?? "N/A",
            material: r.itemMaterial ?? "N/A",
            qrClicked: r.qrCodeClicked ? "Yes" : "No",
            qrClickedAt: r.qrCodeClickedAt ? formatDateTime(r.qrCodeClickedAt, tz) : "N/A",
            completedBy: r.completedByName ?? "Unknown",
            completedAt: r.completedAt ? formatDateTime(r.completedAt, tz) : "N/A",
            processing: r.processingTimeSeconds === null ? "N/A" : formatMinutesSeconds(r.processingTimeSeconds),
          })),
        }
      : null;

  return data(
    {
      machine: { value: machine.value, name: machine.name, description: machine.description },
      total,
      page,
      pages,
      offset,
      files: rows.map((f) => ({
        id: f.id,
        fileName: f.fileName,
        projectId: f.projectId,
        projectName: f.projectName,
        itemId: f.itemId,
        // docs/product.md §2: the item, else its category, else N/A.
        item: f.itemName ?? f.itemCategory ?? "N/A",
        material: machineFileMaterial(f),
        fileOwner: f.fileOwnerName ?? "Unknown",
        added: formatRelative(f.fileAssignedAt ?? f.createdAt, now),
        addedTitle: formatDateTime(f.fileAssignedAt ?? f.createdAt, tz),
        qrCodeClicked: f.qrCodeClicked,
        isCompleted: f.isCompleted,
      })),
      qr,
      analytics,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type ActionData = { error: string | null };

export async function action({ request, params }: Route.ActionArgs) {
  const user = requirePermission(request, "screen:production");
  const actor = actorFrom(request, user);
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  const here = new URL(request.url);
  const back = (extra: Record<string, string> = {}) => {
    const search = new URLSearchParams();
    const page = here.searchParams.get("page");
    if (page) search.set("page", page);
    for (const [k, v] of Object.entries(extra)) search.set(k, v);
    const qs = search.toString();
    return `/production/${encodeURIComponent(params.machine)}${qs ? `?${qs}` : ""}`;
  };
  const fileId = parseIdParam(String(form?.get("fileId") ?? ""));
  const fail = (status: number, error: string) => data<ActionData>({ error }, { status });
  try {
    switch (intent) {
      case "open-qr": {
        if (fileId === null || getMachineFile(fileId)?.machine !== params.machine)
          return fail(404, "That file is no longer on this machine. Reload to see the queue.");
        updateMachineFile(fileId, { qrCodeClicked: true }, actor);
        return redirect(back({ qr: String(fileId) }));
      }
      case "complete": {
        if (fileId === null || getMachineFile(fileId)?.machine !== params.machine)
          return fail(404, "That file is no longer on this machine. Reload to see the queue.");
        updateMachineFile(fileId, { isCompleted: form?.get("completed") === "true" }, actor);
        // A fetcher stays on the page (and revalidates); a plain form post comes back to the same place.
        return form?.get("js") === "1" ? data<ActionData>({ error: null }) : redirect(back());
      }
      case "reorder": {
        const ids = (form?.getAll("ids") ?? []).map((v) => parseIdParam(String(v)));
        if (ids.length < 2 || ids.some((id) => id === null)) return fail(400, "The new order names no files.");
        reorderMachineQueue(params.machine, ids as number[], actor);
        return form?.get("js") === "1" ? data<ActionData>({ error: null }) : redirect(back());
      }
      default:
        return fail(400, "Unknown form");
    }
  } catch (error) {
    if (error instanceof ConflictError || error instanceof NotFoundError) return fail(error.status, error.message);
    throw error;
  }
}

type FileRow = Route.ComponentProps["loaderData"] extends infer L ? (L extends { files: (infer F)[] } ? F : never) : never;

export default function MachineQueue({ loaderData, params }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const hydrated = useHydrated();
  // This machine's files (a reorder names the machine only), and the items and assignments its rows show.
  const live = useLiveData(
    (n) => (n.entity === "machine-file" && (n.department === params.machine || n.department === null)) || n.entity === "item-file" || n.entity === "item",
  );
  const toast = useToast();
  const actionData = useActionData<typeof action>();
  const fetcher = useFetcher<typeof action>();
  useEffect(() => {
    if (actionData?.error) toast({ title: "Error", description: actionData.error, variant: "destructive" });
  }, [actionData, toast]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.error) toast({ title: "Error", description: fetcher.data.error, variant: "destructive" });
  }, [fetcher.state, fetcher.data, toast]);

  const files = "files" in loaderData ? loaderData.files : [];
  const [order, setOrder] = useState(() => files.map((f) => f.id));
  useEffect(() => setOrder(files.map((f) => f.id)), [files]);
  // dnd-kit arrives after hydration (its own chunk); until then, and without JavaScript, the arrows reorder.
  const [dnd, setDnd] = useState<{ m: typeof import("~/components/sortable-queue") } | null>(null);
  useEffect(() => {
    let live = true;
    import("~/components/sortable-queue").then(
      (m) => live && setDnd({ m }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const sortable = hydrated && dnd !== null;

  if (!loaderData.machine || !("files" in loaderData)) {
    return (
      <div className="floor-screen mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-ink">Machine not found</h1>
        <p className="mt-2 text-base text-ink-muted wrap-anywhere">No machine station has the value “{params.machine}”.</p>
        <div className="mt-6">
          <Link to="/production" className={btn.secondary}>
            Back to Production
          </Link>
        </div>
      </div>
    );
  }
  const { machine, total, page, pages, offset, qr, analytics } = loaderData;
  const base = `/production/${encodeURIComponent(machine.value)}`;
  const pageQs = page > 1 ? `page=${page}` : "";
  const here = pageQs ? `${base}?${pageQs}` : base;
  const withParam = (k: string, v: string) => `${base}?${new URLSearchParams([...(pageQs ? [["page", String(page)]] : []), [k, v]]).toString()}`;
  const byId = new Map(files.map((f) => [f.id, f]));
  const rows = order.map((id) => byId.get(id)).filter((f): f is FileRow => Boolean(f));

  function onReorder(next: number[]) {
    setOrder(next);
    const body = new FormData();
    body.set("intent", "reorder");
    body.set("js", "1");
    for (const id of next) body.append("ids", String(id));
    fetcher.submit(body, { method: "post", action: here });
  }

  const table = (
    // On a phone a compact card: the number, ↑/↓ and QR on its first line, the file name in bold under them.
    <table className="table-cards compact w-full text-left text-base">
      <thead className="border-b border-line text-sm text-ink-muted">
        <tr>
          <th scope="col" className="py-2 pr-2 font-medium xl:pr-3">
            #
          </th>
          <th scope="col" className="py-2 pr-2 font-medium xl:pr-3">
            File Name
          </th>
          <th scope="col" className="py-2 pr-2 font-medium xl:pr-3">
            Project Name
          </th>
          <th scope="col" className="py-2 pr-2 font-medium xl:pr-3">
            Item
          </th>
          <th scope="col" className="py-2 pr-2 font-medium xl:pr-3">
            Material
          </th>
          <th scope="col" className="py-2 pr-2 font-medium xl:pr-3">
            File Owner
          </th>
          <th scope="col" className="py-2 pr-2 font-medium xl:pr-3">
            Date/Time File Added
          </th>
          <th scope="col" className="py-2 pr-2 font-medium xl:pr-3">
            QR Code
          </th>
          <th scope="col" className="py-2 pr-2 font-medium xl:pr-3">
            File Completed
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {rows.map((f, i) => (
          <QueueRow key={f.id} id={f.id} Draggable={sortable ? dnd.m.DraggableRow : null}>
            {(handle) => (
              <>
                <td data-label="#" className="tabular-nums max-md:order-first max-md:w-auto max-md:before:hidden md:py-3 md:pr-2 xl:pr-3">
                  <div className="flex items-center gap-1">
                    {/* A phone reorders with ↑/↓ (dragging a card in a long list under a thumb goes wrong); from md,
                        with JavaScript, the handle. Without JavaScript the arrows everywhere. */}
                    {handle ? (
                      <button
                        type="button"
                        className="inline-flex size-tap cursor-grab touch-none items-center justify-center rounded-lg text-ink-muted hover:bg-slate-100 max-md:hidden"
                        aria-label={`Drag ${f.fileName} to reorder`}
                        {...handle}
                      >
                        <Icon name="grip" />
                      </button>
                    ) : null}
                    <span>{offset + i + 1}</span>
                    {/* Stacked in a table row, where the nine columns need every pixel at 1024 px. */}
                    <div className="flex gap-1 md:flex-col">
                      <MoveButton
                        here={here}
                        ids={i > 0 ? [f.id, rows[i - 1]!.id] : null}
                        label={`Move ${f.fileName} up`}
                        icon="arrow-up"
                        className={sortable ? "md:hidden" : undefined}
                      />
                      <MoveButton
                        here={here}
                        ids={i < rows.length - 1 ? [rows[i + 1]!.id, f.id] : null}
                        label={`Move ${f.fileName} down`}
                        icon="arrow-down"
                        className={sortable ? "md:hidden" : undefined}
                      />
                    </div>
                  </div>
                </td>
                <td data-label="File Name" className="font-medium cell-text max-md:text-lg max-md:before:hidden md:py-3 md:pr-2 xl:pr-3">
                  <FileName name={f.fileName} />
                </td>
                <td data-label="Project Name" className="cell-text md:py-3 md:pr-2 xl:pr-3">
                  {f.projectId ? (
                    <RowLink to={`/projects/${f.projectId}`} className={btn.textLink}>
                      {f.projectName}
                    </RowLink>
                  ) : (
                    "N/A"
                  )}
                </td>
                <td data-label="Item" className="cell-text md:py-3 md:pr-2 xl:pr-3">
                  {f.itemId ? (
                    <RowLink to={`/items/${f.itemId}`} className={btn.textLink}>
                      {f.item}
                    </RowLink>
                  ) : (
                    f.item
                  )}
                </td>
                <td data-label="Material" className="cell-text md:py-3 md:pr-2 xl:pr-3">
                  {f.material}
                </td>
                <td data-label="File Owner" className="cell-text md:py-3 md:pr-2 xl:pr-3">
                  {f.fileOwner}
                </td>
                <td data-label="Date/Time File Added" className="md:py-3 md:pr-2 xl:pr-3">
                  <time title={f.addedTitle}>{f.added}</time>
                </td>
                <td data-label="QR Code" className="max-md:order-first max-md:ml-auto max-md:w-auto max-md:before:hidden md:py-3 md:pr-2 xl:pr-3">
                  <RowForm action={here}>
                    <input type="hidden" name="intent" value="open-qr" />
                    <input type="hidden" name="fileId" value={f.id} />
                    <button type="submit" className={btn.small} aria-label={`QR code for ${f.fileName}`}>
                      <Icon name="qr" />
                      QR
                    </button>
                  </RowForm>
                </td>
                <td data-label="File Completed" className="md:py-3 md:pr-2 xl:pr-3">
                  <CompleteControl file={f} here={here} fetcher={fetcher} hydrated={hydrated} />
                </td>
              </>
            )}
          </QueueRow>
        ))}
      </tbody>
    </table>
  );

  return (
    <div className="floor-screen mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <Link to="/production" className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        ← Back to Production
      </Link>
      <PageHeader
        title={`${machine.name} Files`}
        subtitle="All files currently assigned to this machine"
        actions={
          <>
            <LiveIndicator status={live} />
            <Link to={withParam("analytics", "1")} preventScrollReset className={btn.secondary}>
              <Icon name="clock" />
              View Completion Analytics
            </Link>
          </>
        }
      />
      <p className="mt-1 text-base font-medium text-ink" aria-live="polite">
        {total} {total === 1 ? "file" : "files"} assigned
      </p>

      {qr ? <QrDialog qr={qr} closeTo={here} /> : null}
      {analytics ? <AnalyticsDialog analytics={analytics} closeTo={here} /> : null}

      <section className={`mt-4 p-4 sm:p-5 ${cardClass}`} aria-label={`${machine.name} queue`}>
        {files.length === 0 ? (
          <EmptyState
            icon="file"
            title="No Files Assigned"
            action={
              <Link to="/production" className={btn.secondary}>
                Back to Production
              </Link>
            }
          >
            No files are currently assigned to the {machine.name} machine.
          </EmptyState>
        ) : (
          <>
            <p className="mb-3 text-sm text-ink-muted">
              {sortable ? (
                <>
                  <span className="max-md:hidden">Drag a row by its handle (or focus the handle and use the arrow keys) to change the order.</span>
                  <span className="md:hidden">Use the arrows to change the order.</span>
                </>
              ) : (
                "Use the arrows to change the order."
              )}{" "}
              Open a file's QR code before marking it completed.
            </p>
            {sortable ? (
              <dnd.m.SortableQueue order={order} onReorder={onReorder} nameOf={(id) => byId.get(id)?.fileName ?? "this file"} paging={{ offset, total }}>
                {table}
              </dnd.m.SortableQueue>
            ) : (
              table
            )}
            <p className="sr-only" aria-live="polite">
              {fetcher.state !== "idle" ? "Saving" : ""}
            </p>
            {pages > 1 ? <PageLinks page={page} pages={pages} href={(p) => (p > 1 ? `${base}?page=${p}` : base)} /> : null}
          </>
        )}
      </section>
      {search.get("qr") && !qr ? <p className="mt-3 text-sm text-ink-muted">That file is no longer in this machine's queue.</p> : null}
    </div>
  );
}

function MoveButton({
  here,
  ids,
  label,
  icon,
  className,
}: {
  here: string;
  ids: [number, number] | null;
  label: string;
  icon: "arrow-up" | "arrow-down";
  className?: string;
}) {
  return (
    <RowForm action={here} className={className}>
      <input type="hidden" name="intent" value="reorder" />
      {ids?.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      <button type="submit" className={btn.icon} disabled={!ids} aria-label={label}>
        <Icon name={icon} />
      </button>
    </RowForm>
  );
}

function CompleteControl({
  file,
  here,
  fetcher,
  hydrated,
}: {
  file: FileRow;
  here: string;
  fetcher: ReturnType<typeof useFetcher<typeof action>>;
  hydrated: boolean;
}) {
  const hintId = `qr-first-${file.id}`;
  const disabled = !file.qrCodeClicked;
  if (!hydrated) {
    return (
      // It wraps (the hint under the button, the button's words over two lines) rather than widen a crowded table.
      <RowForm action={here} className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="complete" />
        <input type="hidden" name="fileId" value={file.id} />
        <input type="hidden" name="completed" value={file.isCompleted ? "false" : "true"} />
        <button
          type="submit"
          className={`${file.isCompleted ? btn.small : btn.secondary} whitespace-normal`}
          disabled={disabled}
          aria-describedby={disabled ? hintId : undefined}
        >
          {file.isCompleted ? "Completed ✓ (undo)" : "Mark completed"}
        </button>
        {disabled ? (
          <span id={hintId} className="text-sm text-ink-muted">
            Click QR first
          </span>
        ) : null}
      </RowForm>
    );
  }
  return (
    <label className="flex min-h-tap min-w-tap items-center gap-2">
      {/* Uncontrolled, so the click shows at once; the key remounts it with the state the refetched list reports. */}
      <input
        key={String(file.isCompleted)}
        type="checkbox"
        className={checkboxClass}
        defaultChecked={file.isCompleted}
        disabled={disabled}
        aria-describedby={disabled ? hintId : undefined}
        aria-label={`${file.fileName} completed`}
        onChange={(e) => {
          const body = new FormData();
          body.set("intent", "complete");
          body.set("js", "1");
          body.set("fileId", String(file.id));
          body.set("completed", String(e.currentTarget.checked));
          fetcher.submit(body, { method: "post", action: here });
        }}
      />
      {disabled ? (
        <span id={hintId} className="text-sm text-ink-muted">
          Click QR first
        </span>
      ) : (
        <span className="sr-only">Completed</span>
      )}
    </label>
  );
}

function QueueRow({
  id,
  Draggable,
  children,
}: {
  id: number;
  Draggable: ((props: { id: number; children: (handle: Handle) => ReactNode }) => ReactNode) | null;
  children: (handle: Handle) => ReactNode;
}) {
  if (!Draggable) return <tr id={`file-${id}`}>{children(null)}</tr>;
  return <Draggable id={id}>{children}</Draggable>;
}

type Qr = NonNullable<Route.ComponentProps["loaderData"] extends infer L ? (L extends { qr: infer Q } ? Q : never) : never>;

function QrDialog({ qr, closeTo }: { qr: Qr; closeTo: string }) {
  return (
    <UrlDialog title="File QR Code" description={qr.name} closeTo={closeTo}>
      <div className="flex flex-col items-center">
        <div
          className="h-[200px] w-[200px] rounded-lg border border-line bg-white [&>svg]:h-full [&>svg]:w-full"
          role="img"
          aria-label={`QR code for ${qr.name}`}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the QR SVG is drawn on the server by the qrcode library, never from typed text
          dangerouslySetInnerHTML={{ __html: qr.svg }}
        />
        <dl className="mt-4 grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-base">
          <dt className="text-ink-muted">Machine</dt>
          <dd className="min-w-0 wrap-anywhere">{qr.machine}</dd>
          <dt className="text-ink-muted">Project</dt>
          <dd className="min-w-0 wrap-anywhere">{qr.project}</dd>
          <dt className="text-ink-muted">Material</dt>
          <dd className="min-w-0 wrap-anywhere">{qr.material}</dd>
          <dt className="text-ink-muted">Priority</dt>
          <dd className="min-w-0 capitalize">{qr.priority}</dd>
          <dt className="text-ink-muted">File Owner</dt>
          <dd className="min-w-0 wrap-anywhere">{qr.fileOwner}</dd>
        </dl>
        <div className="mt-5 flex w-full flex-wrap justify-end gap-2">
          <a href={`/machine-files/${qr.id}/print`} target="_blank" rel="noopener" className={btn.primary}>
            <Icon name="qr" />
            Print QR Code
          </a>
        </div>
      </div>
    </UrlDialog>
  );
}

type Analytics = NonNullable<Route.ComponentProps["loaderData"] extends infer L ? (L extends { analytics: infer A } ? A : never) : never>;

function AnalyticsDialog({ analytics, closeTo }: { analytics: Analytics; closeTo: string }) {
  return (
    <UrlDialog title="Completion Analytics" description={completedFilesCount(analytics.total)} closeTo={closeTo} wide>
      <CompletedFilesTable
        columns={["project", "item", "material", "qrClicked", "qrClickedAt", "completedBy", "completedAt", "processing"]}
        rows={analytics.rows}
        total={analytics.total}
        empty="No files have been completed yet."
      />
    </UrlDialog>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError error={error}>
      <h1 className="text-2xl font-bold text-ink">Error Loading Files</h1>
      <p className="mt-2 text-base text-ink-muted">Please try again later</p>
      <Link to="/production" className={`mt-6 ${btn.secondary}`}>
        Back to Production
      </Link>
    </RouteError>
  );
}
