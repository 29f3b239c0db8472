import { t } from "@lingui/core/macro";
import { currentI18n } from "~/domain/i18n-runtime";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { DesignInfo } from "~/components/project/design-dialogs";
import { formatDateTime, formatLogTime, formatTimelineDate } from "~/domain/dates";
import { changedFields, originalOf } from "~/domain/form-changes";
import { departmentLabel, formatHMS } from "~/domain/format";
import { parseIdParam } from "~/domain/ids";
import { DEFAULT_ITEM_DEPARTMENT } from "~/domain/constants";
import { possessive } from "~/domain/words";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { getEnv } from "~/infra/env.server";
import { itemHistory } from "~/models/audit-trail.server";
import { categoryModel } from "~/models/category.server";
import { getItem, reopenItem, updateItem } from "~/models/item.server";
import { finishedText } from "~/domain/job-end";
import { departmentNames, getItemCard, listItemTimerLog } from "~/models/item-detail.server";
import { materialModel } from "~/models/material.server";
import { logOutcomes, resetTimer } from "~/models/timer.server";
import { ItemFormSchema } from "~/schemas/item";
import { actorFrom } from "~/services/actor.server";
import { domainError, invalid, intentOf, readForm, refused, sessionEnded, unreadableForm } from "~/views/form-action.server";
import { addEntryDetour } from "~/views/add-entry-detour.server";
import { activePrinters, printFromPage } from "~/services/label-print.server";
import { can, requirePermission } from "~/services/permissions.server";
import { getUser } from "~/services/session.server";
import { itemQrUrl, shopAddressNote } from "~/services/shop-address.server";
import { whoCanAdd } from "~/views/who-can-add.server";
import { answerDoneOrPause } from "~/views/timer-buttons.server";
import { doneLabel, timerLogActionText } from "~/domain/timer-words";
import type { Route } from "./+types/item-detail";

// The item page's loader and action (routes/item-detail.tsx holds the page).

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
  // A stop says whether it paused the item, moved it on or was undone, read from where the item was next.
  const outcomes = logOutcomes(item.id, log.rows, item.department ?? DEFAULT_ITEM_DEPARTMENT, card.sequence);
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
        // 'Finished {date} by {name}', with Reopen for those who may (decision 0048).
        finished: item.finishedAt ? finishedText(formatTimelineDate(item.finishedAt, tz), card.finishedByName) : null,
      },
      department: name(item.department),
      // docs/product.md (Decisions): the next stop follows the category's sequence, else the standard order.
      next: card.next.kind === "next" ? name(card.next.department) : card.next.kind === "final" ? t`Final Department` : t`No sequence defined`,
      // 'Follows Banner's department sequence.' under the next stop, none when there is no sequence.
      follows: card.next.kind === "next" || card.next.kind === "final" ? followsText(item.category, card.hasCategorySequence) : null,
      // The running timer's 'Done →' button (docs/product.md, Decisions: The end of a job).
      doneLabel: doneLabel({ final: card.next.kind === "final", department: card.next.kind === "next" ? name(card.next.department) : null }),
      project: { id: project.id, name: project.name, description: project.description, priority: project.priority },
      workflowName: card.workflowName,
      productWorkflowName: card.productWorkflowName,
      design,
      log: {
        total: log.total,
        rows: log.rows.map((r, i) => ({
          id: r.id,
          action: timerLogActionText({ action: r.action, department: r.department, outcome: outcomes[i] ?? null }, name),
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

const gone = () => t`This item no longer exists. Someone else may have deleted it.`;

/** Whose department sequence the next stop follows: the category's, or the standard order. */
function followsText(category: string, ownSequence: boolean) {
  if (!ownSequence) return t`Follows the standard order.`;
  // English writes the category's possessive ('Banner's', 'Channel Letters''); other languages name it as it is.
  const locale = currentI18n().locale;
  const owner = locale === "en" || locale === "en-XA" ? possessive(category) : category;
  return t`Follows ${owner} department sequence.`;
}

export async function action({ request, params }: Route.ActionArgs) {
  const id = parseIdParam(params.id);
  if (id === null) throw data(t`Item not found`, { status: 404 });
  const here = `/items/${id}`;
  const formData = await readForm(request);
  if (!formData) return unreadableForm();
  const intent = intentOf(formData, ["print-label", "update-item", "reset-timer", "stop", "pause", "reopen-item"]);
  // A running timer's Done and Pause (docs/product.md, Decisions: The end of a job): an explicit stop, not a scan.
  if (intent === "stop" || intent === "pause") return answerDoneOrPause(request, id, intent, here);
  // Straight to a label printer of Global Settings; the answer comes back as a toast.
  if (intent === "print-label") return printFromPage(request, formData, here, { itemId: id });
  const formId = intent === "update-item" ? `item-${id}` : intent;
  // A session that ended while the form was open: keep what was typed and ask for the PIN again.
  if (!getUser(request)) return sessionEnded(formId);
  // docs/product.md (Decisions): editing the item and resetting its timer both need the project keys.
  const user = requirePermission(request, intent === "reset-timer" ? "timers:reset" : "projects:write");
  const actor = actorFrom(request, user);
  const toast = (message: string) => ({
    title: t`Error`,
    description: message || (intent === "reset-timer" ? t`Failed to reset timer` : t`Failed to update item`),
  });

  if (intent === "reopen-item") {
    try {
      if (!reopenItem(id, actor)) return refused(formId, 404, toast(gone()));
    } catch (error) {
      return refused(formId, domainError(error).status, { title: t`Error`, description: domainError(error).message });
    }
    return redirectWithToast(request, here, { title: t`Item Reopened`, description: t`It is back in its last department, ready for more work.` });
  }
  if (intent === "reset-timer") {
    if (!getItem(id)) return refused(formId, 404, toast(gone()));
    resetTimer(id, actor);
    return redirectWithToast(request, here, { title: t`Success`, description: t`Timer reset successfully.` });
  }
  // 'Add a material' / 'Add a product': on to Settings with what was typed, nothing saved.
  const detour = addEntryDetour(formData);
  if (detour) return detour;
  const submission = parseWithZod(formData, { schema: ItemFormSchema });
  if (submission.status !== "success") return invalid(formId, submission.reply());
  try {
    const { patch, expected } = changedFields(submission.value, originalOf(formData));
    if (!updateItem(id, patch, actor, { expected })) return refused(formId, 404, toast(gone()));
  } catch (error) {
    const e = domainError(error);
    return refused(formId, e.status, toast(e.message), submission.reply({ formErrors: [e.message] }));
  }
  return redirectWithToast(request, here, { title: t`Success`, description: t`Item updated successfully` });
}
