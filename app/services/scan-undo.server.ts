import { t } from "@lingui/core/macro";
import { ConflictError, NotFoundError } from "~/domain/errors";
import { departmentLabel } from "~/domain/format";
import { parseIdParam } from "~/domain/ids";
import { undoneToast, unfinishedToast } from "~/domain/timer-words";
import type { ToastData } from "~/domain/toast";
import type { Actor } from "~/models/audit.server";
import { departmentNames } from "~/models/item-detail.server";
import { undoAdvance } from "~/models/timer.server";

// The QR Timer's 'Undo — keep it in {department}' without JavaScript (docs/product.md, Decisions: The end of a job):
// the form's item and stop, the undo, and what the page then says. With JavaScript the page calls
// POST /api/items/{id}/undo-advance, which answers the same refusals as JSON.

export type UndoOutcome = { toast: ToastData; message: string | null; itemId: number | null };

export function undoScanAdvance(actor: Actor, rawItemId: string, rawStopId: string): UndoOutcome {
  const itemId = parseIdParam(rawItemId);
  const stopId = parseIdParam(rawStopId);
  const refused = (message: string, id: number | null): UndoOutcome => ({
    toast: { title: t`Could not undo`, description: message, variant: "destructive" },
    message,
    itemId: id,
  });
  if (itemId === null || stopId === null) return refused(t`That undo names no scan. Scan the item again instead.`, null);
  try {
    const { item, department, unfinished } = undoAdvance(itemId, stopId, actor);
    return {
      toast: (unfinished ? unfinishedToast : undoneToast)(item.name, departmentNames().get(department) ?? departmentLabel(department)),
      message: null,
      itemId,
    };
  } catch (error) {
    if (error instanceof ConflictError || error instanceof NotFoundError) return refused(error.message, itemId);
    throw error;
  }
}
