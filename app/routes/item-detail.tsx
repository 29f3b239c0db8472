import type { SubmissionResult } from "@conform-to/react";
import { domainError } from "~/services/form-action.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { Row, Rows, Section } from "~/components/detail-section";
import { Icon } from "~/components/icons";
import { LiveDuration } from "~/components/live-duration";
import { DesignViewerDialog, type DesignInfo } from "~/components/project/design-dialogs";
import { ItemForm, type ItemRow } from "~/components/project/project-items";
import { QrCodeDialog } from "~/components/qr-code-dialog";
import { ShopAddressNotice } from "~/components/shop-address-notice";
import { useReauthRetry } from "~/components/reauth";
import { ResetTimerForm } from "~/components/reset-timer-form";
import { useToast } from "~/components/toaster";
import { Badge, btn, cardClass, inputClass, UrlDialog } from "~/components/ui";
import { categoryModel } from "~/models/category.server";
import { getItem, updateItem } from "~/models/item.server";
import { departmentNames, getItemCard, listItemTimerLog } from "~/models/item-detail.server";
import { materialModel } from "~/models/material.server";
import { resetTimer } from "~/models/timer.server";
import { ItemFormSchema } from "~/schemas/item";
import { actorFrom } from "~/services/actor.server";
import { can, requirePermission, SESSION_ENDED } from "~/services/permissions.server";
import { getUser } from "~/services/session.server";
import { whoCanAdd } from "~/services/who-can-add.server";
import { possessive } from "~/domain/words";
import { formatDateTime, formatLogTime, formatTimelineDate } from "~/domain/dates";
import { getEnv } from "~/infra/env.server";
import { changedFields, originalOf } from "~/domain/form-changes";
import { departmentLabel, formatHMS } from "~/domain/format";
import { parseIdParam } from "~/domain/ids";
import { itemQrUrl, shopAddressNote } from "~/services/shop-address.server";
import { redirectWithToast } from "~/http/toast-cookie.server";
import type { Route } from "./+types/item-detail";
import { LiveIndicator, useLiveData } from "~/components/live";
import { History } from "~/components/history";
import { itemHistory } from "~/models/audit-trail.server";
import { activePrinters, printFromPage } from "~/services/label-print.server";

// docs/product.md §2 Item detail (/items/{id}): where an item is, where its next stop sends it, its project and design, and
// exactly how long each department worked on it (the timer log, in the shop's zone).

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.item?.name ?? "Item not found"} · Shopflow` }];
}

const PRIORITY_COLORS: Record<string, string> = { rush: "red", high: "orange", medium: "blue", low: "green" };

export function loader({ request, params }: Route.LoaderArgs) {
  const user = requirePermission(request, "read");
  const id = parseIdParam(params.id);
  const card = id === null ? undefined : getItemCard(id);
  if (!card) return data({ item: null }, { status: 404, headers: { "Cache-Control": "no-store" } });
  const tz = getEnv().SHOP_TIMEZONE;
  const names = departmentNames();
  const name = (v: string | null) => (v ? (names.get(v) ?? departmentLabel(v)) : "—");
  const { item, project } = card;
  const log = listItemTimerLog(item.id);
  const canWrite = can(user, "projects:write");
  const design: DesignInfo | null = card.design
    ? {
        fileName: card.design.fileName,
        fileSize: card.design.fileSize,
        proxyUrl: `/api/pdf-proxy?url=${encodeURIComponent(card.design.filePath)}`,
        uploadedText: formatTimelineDate(card.design.uploadedAt, tz),
      }
    : null;
  return data(
    {
      item: {
        id: item.id,
        name: item.name,
        category: item.category,
        material: item.material,
        quantity: item.quantity,
        version: item.version,
        isTimerActive: item.isTimerActive,
        sessionStart: item.isTimerActive && item.currentSessionStart ? item.currentSessionStart.getTime() : null,
        sessionStartText: item.isTimerActive && item.currentSessionStart ? formatDateTime(item.currentSessionStart, tz) : null,
        totalTimeSeconds: item.totalTimeSeconds,
        createdText: formatTimelineDate(item.createdAt, tz),
      },
      department: name(item.department),
      // docs/product.md (Decisions): the next stop follows the category's sequence, else the standard order.
      next: card.next.kind === "next" ? name(card.next.department) : card.next.kind === "final" ? "Final Department" : "No sequence defined",
      sequenceSource: card.hasCategorySequence ? `${possessive(item.category)} department sequence` : "the standard order",
      project: { id: project.id, name: project.name, description: project.description, priority: project.priority },
      workflowName: card.workflowName,
      productWorkflowName: card.productWorkflowName,
      design,
      log: {
        total: log.total,
        rows: log.rows.map((r) => ({
          id: r.id,
          action: r.action,
          department: name(r.department),
          time: formatLogTime(r.timestamp, tz),
          duration: r.sessionDurationSeconds === null ? null : formatHMS(r.sessionDurationSeconds),
          scannedBy: r.scannedBy,
        })),
      },
      qrPayload: itemQrUrl(request, item.id),
      addressNote: shopAddressNote(request),
      canWrite,
      canReset: can(user, "timers:reset"),
      categories: canWrite ? categoryModel.list().map((c) => c.name) : [],
      materials: canWrite ? materialModel.list().map((m) => m.name) : [],
      whoCanAdd: whoCanAdd(user, canWrite),
      now: Date.now(),
      history: itemHistory(item.id, { timeZone: tz, departmentName: (v) => names.get(v) ?? departmentLabel(v) }),
      // The full audit trail is management's (Global Settings); others see the History alone.
      auditTrail: can(user, "settings:write") ? `/settings/audit?entity=item&record=${item.id}` : null,
      printers: activePrinters(),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const GONE = "This item no longer exists. Someone else may have deleted it.";

export async function action({ request, params }: Route.ActionArgs) {
  const id = parseIdParam(params.id);
  if (id === null) throw data("Item not found", { status: 404 });
  const here = `/items/${id}`;
  const formData = await request.formData().catch(() => null);
  const intent = formData?.get("intent");
  // Straight to a label printer of Global Settings; the answer comes back as a toast.
  if (formData && intent === "print-label") return printFromPage(request, formData, here, { itemId: id });
  if (!formData || (intent !== "update-item" && intent !== "reset-timer")) throw data("Unknown form", { status: 400 });
  const formId = intent === "update-item" ? `item-${id}` : intent;
  if (!getUser(request)) {
    return data({ formId, result: { status: "error" as const, error: { "": [SESSION_ENDED] } }, toast: null, reauth: true }, { status: 401 });
  }
  // docs/product.md (Decisions): editing the item and resetting its timer both need the project keys.
  const user = requirePermission(request, intent === "reset-timer" ? "timers:reset" : "projects:write");
  const actor = actorFrom(request, user);
  const fallback = intent === "reset-timer" ? "Failed to reset timer" : "Failed to update item";
  const fail = (status: number, message: string, result: unknown = { status: "error", error: { "": [message] } }) =>
    data({ formId, result, toast: { title: "Error", description: message || fallback, variant: "destructive" as const }, reauth: false }, { status });

  if (intent === "reset-timer") {
    if (!getItem(id)) return fail(404, GONE);
    resetTimer(id, actor);
    return redirectWithToast(request, here, { title: "Success", description: "Timer reset successfully." });
  }
  const submission = parseWithZod(formData, { schema: ItemFormSchema });
  if (submission.status !== "success") return data({ formId, result: submission.reply(), toast: null, reauth: false }, { status: 400 });
  try {
    const { patch, expected } = changedFields(submission.value, originalOf(formData));
    if (!updateItem(id, patch, actor, { expected })) return fail(404, GONE);
  } catch (error) {
    const e = domainError(error);
    return fail(e.status, e.message, submission.reply({ formErrors: [e.message] }));
  }
  return redirectWithToast(request, here, { title: "Success", description: "Item updated successfully" });
}

export default function ItemDetail({ loaderData, params }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const live = useLiveData((n) => (n.entity === "item" || n.entity === "item-file") && String(n.id) === params.id);
  const toast = useToast();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { onSubmitCapture, dialog: reauthDialog } = useReauthRetry(actionData);
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData, toast]);

  if (!loaderData.item || !("project" in loaderData)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-ink">Item not found</h1>
        <p className="mt-2 text-base text-ink-muted wrap-anywhere">No item has the id {params.id}.</p>
        <div className="mt-6">
          <Link to="/projects" className={btn.secondary}>
            Back to Projects
          </Link>
        </div>
      </div>
    );
  }
  const { item, project, design, log, canWrite } = loaderData;
  const printing = navigation.state !== "idle" && navigation.formData?.get("intent") === "print-label";
  const here = `/items/${item.id}`;
  const dialog = search.get("dialog");
  const itemRow: ItemRow = { ...item, departmentName: loaderData.department, fileCount: 0 };
  const lastResult = actionData?.formId === `item-${item.id}` ? (actionData.result as SubmissionResult<string[]>) : undefined;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6" onSubmitCapture={onSubmitCapture}>
      {reauthDialog}
      <Link to={`/projects/${project.id}`} className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        ← Back to {project.name}
      </Link>
      <header className="mt-2 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold text-ink wrap-anywhere sm:text-3xl">{item.name}</h1>
            <Badge color={item.isTimerActive ? "green" : "gray"}>{item.isTimerActive ? "Running" : "Stopped"}</Badge>
            <LiveIndicator status={live} />
          </div>
          <p className="mt-1 text-base text-ink-muted">
            {item.category} · {item.material}
            {item.quantity > 1 ? ` · × ${item.quantity}` : ""}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/qr/${item.id}`} className={btn.secondary}>
            <Icon name="clock" />
            Start / Stop
          </Link>
          <Link to={`${here}?dialog=qr`} preventScrollReset className={btn.secondary}>
            <Icon name="qr" />
            QR Code
          </Link>
          {loaderData.printers.length ? <ShopAddressNotice note={loaderData.addressNote} className="w-full" /> : null}
          {loaderData.printers.length ? (
            <Form method="post" className="flex flex-wrap items-center gap-2">
              <input type="hidden" name="intent" value="print-label" />
              <label htmlFor="item-label-printer" className="text-sm font-semibold text-ink">
                Label printer
              </label>
              <select id="item-label-printer" name="printerId" className={`${inputClass} mt-0 w-auto max-w-full`} defaultValue={loaderData.printers[0]!.id}>
                {loaderData.printers.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
              {/* A printer that does not answer holds the post for up to 5 s: say that it is under way, and take
                  no second click meanwhile (with JavaScript; without, the browser shows its own loading). */}
              <button type="submit" className={btn.secondary} disabled={printing}>
                {printing ? "Printing…" : "Print label"}
              </button>
            </Form>
          ) : null}
          {canWrite ? (
            <Link to={`${here}?dialog=edit`} preventScrollReset className={btn.primary}>
              <Icon name="edit" />
              Edit Item
            </Link>
          ) : null}
        </div>
      </header>

      {dialog === "qr" ? (
        <QrCodeDialog
          addressNote={loaderData.addressNote}
          closeTo={here}
          label={{
            itemName: item.name,
            projectName: project.name,
            product: item.category,
            material: item.material,
            payload: loaderData.qrPayload,
            svg: `/items/${item.id}/qr.svg`,
            png: `/items/${item.id}/qr.png`,
            pdf: `/items/${item.id}/label.pdf`,
          }}
        />
      ) : null}
      {/* Without JavaScript a refused save renders this URL without ?dialog: the form reopens with its errors. */}
      {(dialog === "edit" || lastResult) && canWrite ? (
        <UrlDialog title="Edit Item" description={item.name} closeTo={here}>
          <ItemForm
            key={itemRow.id}
            item={itemRow}
            categories={loaderData.categories}
            materials={loaderData.materials}
            here={here}
            lastResult={lastResult}
            who={loaderData.whoCanAdd}
            self={`${here}?dialog=edit`}
          />
        </UrlDialog>
      ) : null}
      {dialog === "reset-timer" && loaderData.canReset ? (
        <UrlDialog title="Reset Timer" description={item.name} closeTo={here}>
          <ResetTimerForm item={item} here={here} />
        </UrlDialog>
      ) : null}
      {dialog === "view-design" && design ? <DesignViewerDialog design={design} here={here} /> : null}

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Section title="Item" icon="products">
          <Rows>
            <Row label="Category">{item.category}</Row>
            <Row label="Material">{item.material}</Row>
            <Row label="Current Department">
              <span data-testid="current-department">{loaderData.department}</span>
            </Row>
            <Row label="Next Department">
              <span data-testid="next-department">{loaderData.next}</span>
              {loaderData.next !== "No sequence defined" ? <span className="block text-sm text-ink-muted">Follows {loaderData.sequenceSource}.</span> : null}
            </Row>
            <Row label="Created">{item.createdText}</Row>
          </Rows>
        </Section>
        <Section title="Project" icon="folder">
          <Rows>
            <Row label="Project">
              <Link to={`/projects/${project.id}`} className={btn.textLink}>
                {project.name}
              </Link>
            </Row>
            <Row label="Priority">
              <Badge color={PRIORITY_COLORS[project.priority] ?? "gray"}>
                <span className="capitalize">{project.priority}</span>
              </Badge>
            </Row>
            <Row label="Workflow">{loaderData.workflowName ?? "No workflow assigned"}</Row>
            {loaderData.productWorkflowName ? <Row label="Product workflow">{loaderData.productWorkflowName}</Row> : null}
          </Rows>
        </Section>
        <Section title="Project Design" icon="file">
          {design ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="min-w-0 text-base wrap-anywhere">
                {design.fileName}
                <span className="block text-sm text-ink-muted">Uploaded {design.uploadedText}</span>
              </p>
              <Link to={`${here}?dialog=view-design`} preventScrollReset className={btn.secondary}>
                <Icon name="eye" />
                View Design
              </Link>
            </div>
          ) : (
            <p className="text-base text-ink-muted">
              No design PDF on this project yet.{" "}
              <Link to={`/projects/${project.id}`} className={btn.link}>
                Open the project
              </Link>{" "}
              to add one.
            </p>
          )}
        </Section>
        <Section title="Time Tracking" icon="clock">
          <Rows>
            <Row label="Status">
              <Badge color={item.isTimerActive ? "green" : "gray"}>{item.isTimerActive ? "Running" : "Stopped"}</Badge>
            </Row>
            <Row label="Total Time">
              <span className="text-2xl font-semibold" data-testid="item-total-time">
                <LiveDuration totalSeconds={item.totalTimeSeconds} sessionStart={item.sessionStart} serverNow={loaderData.now} />
              </span>
            </Row>
            {item.sessionStartText ? <Row label="Current session start">{item.sessionStartText}</Row> : null}
          </Rows>
          {loaderData.canReset ? (
            <div className="mt-4">
              <Link to={`${here}?dialog=reset-timer`} preventScrollReset className={btn.secondary}>
                <Icon name="refresh" />
                Reset Timer
              </Link>
            </div>
          ) : null}
        </Section>
      </div>

      <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby="timer-log">
        <h2 id="timer-log" className="text-lg font-semibold text-ink">
          Timer Log
        </h2>
        {log.rows.length === 0 ? (
          <p className="mt-3 text-base text-ink-muted">No timer sessions yet. Scan the item's label (or use Start / Stop) to start its timer.</p>
        ) : (
          <>
            {log.total > log.rows.length ? (
              <p className="mt-1 text-sm text-ink-muted">
                The newest {log.rows.length} of {log.total.toLocaleString("en-US")} entries.
              </p>
            ) : null}
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-base">
                <thead className="border-b border-line text-sm text-ink-muted">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Time
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Action
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Department
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Session
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      Scanned by
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {log.rows.map((r) => (
                    <tr key={r.id}>
                      <td className="py-2 pr-3 whitespace-nowrap">{r.time}</td>
                      <td className="py-2 pr-3">{r.action === "start" ? "Started" : "Stopped"}</td>
                      <td className="py-2 pr-3">{r.department}</td>
                      <td className="py-2 pr-3 font-mono tabular-nums">{r.duration ?? "—"}</td>
                      <td className="py-2 cell-text">{r.scannedBy ?? "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
      <History entries={loaderData.history} what="item" auditTrail={loaderData.auditTrail} />
    </div>
  );
}
