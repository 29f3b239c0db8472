import { t } from "@lingui/core/macro";
import { departmentNames, getItemCard } from "~/models/item-detail.server";
import { DoubleFinishError, DoubleScanError, DoubleStartError, ItemFinishedError, toggleTimer, undoableStop, type ScanMeta } from "~/models/timer.server";
import { finishedToast } from "~/domain/job-end";
import { ConflictError, NotFoundError } from "~/domain/errors";
import { departmentLabel } from "~/domain/format";
import { parseIdParam } from "~/domain/ids";
import { ownQrBases } from "./shop-address.server";
import { parseQrInput, QR_MESSAGES, safeScanUrl } from "~/domain/qr-input";
import { DEFAULT_ITEM_DEPARTMENT } from "~/domain/constants";
import { doubleFinishToast, doubleScanToast, doubleStartToast, startedToast, stoppedToast, UNDO_ADVANCE_WINDOW_MS } from "~/domain/timer-words";
import { z } from "zod";
import type { Actor } from "~/models/audit.server";
import type { ToastData } from "~/domain/toast";

// One scan of a label on the QR Timer page (docs/product.md §2, §5, §8): the page's form (with or without JavaScript) and
// POST /api/scans (the page's background posts and its offline replays) both come here, so they answer alike.

/** The toast a scan's answer carries (the shape components/toaster.tsx shows). */

export type ScannedItem = {
  id: number;
  name: string;
  projectName: string;
  department: string;
  running: boolean;
  /** Finished in its last department (decision 0048): the card says Finished, not Stopped. */
  finished: boolean;
  totalTimeSeconds: number;
  sessionStart: number | null;
  now: number;
};

/**
 * `status`: what /api/scans answers (400 unreadable, 404 no such item, 409 refused: a double read or a scan id
 * used for another item). `itemId`: the item a refusal is about, shown with it (a double read), else none.
 */
export type ScanOutcome =
  | { kind: "error"; message: string; toast: ToastData; status: 400 | 404 | 409; itemId?: number; undo?: ScanUndo }
  | { kind: "redirect"; url: string }
  | { kind: "ok"; id: number; toast: ToastData; replayed: boolean; undo?: ScanUndo };

/**
 * What a scan that stopped and advanced an item offers for 30 seconds (docs/product.md, Decisions: The end of a job):
 * its stop (the timer log row), the department it was stopped in (by name) and until when (epoch ms).
 */
/** `finished`: the scan finished the item (its last department), so the undo unfinishes it rather than moving it back. */
export type ScanUndo = { itemId: number; stopId: number; department: string; until: number; finished?: boolean };
const ScanUndoSchema = z.object({
  itemId: z.number().int().positive(),
  stopId: z.number().int().positive(),
  department: z.string().max(200),
  until: z.number(),
  finished: z.boolean().optional(),
});

/**
 * What the QR Timer form without JavaScript shows after its post, once (http/flash.server.ts): the text scanned,
 * the refusal if there was one, and the item the answer is about (none after a refusal that names no item).
 */
export const ScanFlashSchema = z.object({
  last: z.string().max(100),
  message: z.string().max(300).nullable(),
  itemId: z.number().int().positive().nullable(),
  undo: ScanUndoSchema.nullable().optional(),
});
export type ScanFlash = z.infer<typeof ScanFlashSchema>;

export function scanFlash(code: string, outcome: Exclude<ScanOutcome, { kind: "redirect" }>): ScanFlash {
  const last = code.trim().slice(0, 60);
  return outcome.kind === "error"
    ? { last, message: outcome.message, itemId: outcome.itemId ?? null, undo: outcome.undo ?? null }
    : { last, message: null, itemId: outcome.id, undo: outcome.undo ?? null };
}

export function scannedItem(id: number): ScannedItem | null {
  const card = getItemCard(id);
  if (!card) return null;
  const name = departmentNames().get(card.item.department) ?? departmentLabel(card.item.department);
  return {
    id: card.item.id,
    name: card.item.name,
    projectName: card.project.name,
    department: name,
    running: card.item.isTimerActive,
    finished: card.item.finishedAt !== null,
    totalTimeSeconds: card.item.totalTimeSeconds,
    sessionStart: card.item.isTimerActive && card.item.currentSessionStart ? card.item.currentSessionStart.getTime() : null,
    now: Date.now(),
  };
}

/** This shop's label prefixes: its address's `/qr/` and this server's own origin (a label printed before it was known). */
export const ownBases = ownQrBases;

const failure = (message: string, status: 400 | 409 = 400): ScanOutcome => ({
  kind: "error",
  message,
  toast: { title: t`Error`, description: message, variant: "destructive" },
  status,
});

/** The Undo of the item's latest stop, while it can still be taken (it moved the item on or finished it). */
function undoOffer(id: number, name: (value: string) => string): ScanUndo | undefined {
  const stop = undoableStop(id);
  if (!stop || Date.now() >= stop.at + UNDO_ADVANCE_WINDOW_MS) return undefined;
  return {
    itemId: id,
    stopId: stop.stopId,
    department: name(stop.department ?? DEFAULT_ITEM_DEPARTMENT),
    until: stop.at + UNDO_ADVANCE_WINDOW_MS,
    ...(stop.finished ? { finished: true } : {}),
  };
}

/**
 * Reads the scanned text and toggles the item's timer; a replayed scan id changes nothing and says so. `canReopen`:
 * the member may reopen a finished item (projects:write); a refusal of one says who can otherwise.
 */
export function scanCode(request: Request, actor: Actor, code: string, meta: ScanMeta = {}, canReopen = true): ScanOutcome {
  const parsed = parseQrInput(code, ownBases(request));
  if (parsed.kind === "error") return failure(parsed.message);
  if (parsed.kind === "redirect") {
    const target = safeScanUrl(parsed.url);
    return target ? { kind: "redirect", url: target } : failure(QR_MESSAGES.failed);
  }
  const notFound: ScanOutcome = {
    kind: "error",
    message: QR_MESSAGES.notFound,
    toast: { title: t`Item Not Found`, description: t`The scanned QR code doesn't match any items in the system.`, variant: "destructive" },
    status: 404,
  };
  const id = parseIdParam(parsed.id);
  if (id === null) return notFound;
  try {
    const result = toggleTimer(id, actor, Date.now(), meta);
    const names = departmentNames();
    const name = (v: string) => names.get(v) ?? departmentLabel(v);
    if ("replayed" in result) {
      const itemName = result.replayed.item.name;
      return {
        kind: "ok",
        id,
        replayed: true,
        toast: { title: t`Already recorded`, description: t`This scan of ${itemName} was applied before; nothing changed.` },
      };
    }
    if ("started" in result) return { kind: "ok", id, replayed: false, toast: startedToast(result.started.name, name(result.started.department)) };
    const { item, final, stoppedIn } = result.stopped;
    // A stop that moved the item on or finished it can be taken back for a while: the scan of the wrong label, or
    // one too many. Undo keeps it in the department it was stopped in (unfinished, for a finish).
    const undo = final || item.department !== stoppedIn ? undoOffer(id, name) : undefined;
    return { kind: "ok", id, replayed: false, toast: stoppedToast(item.name, name(item.department), final), undo };
  } catch (error) {
    if (error instanceof NotFoundError) return notFound;
    // A double read: the item stays as it is, and its card with it.
    // The second read of a scan that moved the item on or finished it keeps offering that scan's Undo: whoever read
    // a label twice is the one most likely to want the first read back.
    if (error instanceof DoubleStartError || error instanceof DoubleFinishError) {
      const names = departmentNames();
      const name = (v: string) => names.get(v) ?? departmentLabel(v);
      const toast = error instanceof DoubleStartError ? doubleStartToast(name(error.department)) : doubleFinishToast();
      return { kind: "error", message: toast.description, toast, status: 409, itemId: error.itemId, undo: undoOffer(error.itemId, name) };
    }
    if (error instanceof DoubleScanError) return { kind: "error", message: error.message, toast: doubleScanToast(), status: 409, itemId: error.itemId };
    // A finished item refuses scans until Reopen (decision 0048): its card shows it finished, and who did it.
    if (error instanceof ItemFinishedError) {
      const toast = finishedToast(canReopen);
      return { kind: "error", message: toast.description, toast: { ...toast, variant: "destructive" }, status: 409, itemId: error.itemId };
    }
    // A scan id already used for another item (a device replaying a queue it rebuilt): refused, nothing changes.
    if (error instanceof ConflictError) return failure(error.message, 409);
    throw error;
  }
}
