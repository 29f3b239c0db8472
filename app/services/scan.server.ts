import { departmentNames, getItemCard } from "~/models/item-detail.server";
import { toggleTimer, type ScanMeta } from "~/models/timer.server";
import { NotFoundError } from "~/utils/errors";
import { departmentLabel } from "~/utils/format";
import { parseIdParam } from "~/utils/ids";
import { ownQrBases } from "./shop-address.server";
import { parseQrInput, QR_MESSAGES, safeScanUrl } from "~/utils/qr-input";
import type { Actor } from "~/models/audit.server";
import type { ToastData } from "~/utils/toast";

// One scan of a label on the QR Timer page (spec §2, §5, §8): the page's form (with or without JavaScript) and
// POST /api/scans (the page's background posts and its offline replays) both come here, so they answer alike.

/** The toast a scan's answer carries (the shape components/toaster.tsx shows). */

export type ScannedItem = {
  id: number;
  name: string;
  projectName: string;
  department: string;
  running: boolean;
  totalTimeSeconds: number;
  sessionStart: number | null;
  now: number;
};

export type ScanOutcome =
  | { kind: "error"; message: string; toast: ToastData; notFound?: boolean }
  | { kind: "redirect"; url: string }
  | { kind: "ok"; id: number; toast: ToastData; replayed: boolean };

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
    totalTimeSeconds: card.item.totalTimeSeconds,
    sessionStart: card.item.isTimerActive && card.item.currentSessionStart ? card.item.currentSessionStart.getTime() : null,
    now: Date.now(),
  };
}

/** This shop's label prefixes: its address's `/qr/` and this server's own origin (a label printed before it was known). */
export const ownBases = ownQrBases;

const failure = (message: string, toast: ToastData = { title: "Error", description: message, variant: "destructive" }): ScanOutcome => ({ kind: "error", message, toast });

/** Reads the scanned text and toggles the item's timer; a replayed scan id changes nothing and says so. */
export function scanCode(request: Request, actor: Actor, code: string, meta: ScanMeta = {}): ScanOutcome {
  const parsed = parseQrInput(code, ownBases(request));
  if (parsed.kind === "error") return failure(parsed.message);
  if (parsed.kind === "redirect") {
    const target = safeScanUrl(parsed.url);
    return target ? { kind: "redirect", url: target } : failure(QR_MESSAGES.failed);
  }
  const notFound: ScanOutcome = {
    kind: "error",
    message: QR_MESSAGES.notFound,
    toast: { title: "Item Not Found", description: "The scanned QR code doesn't match any items in the system.", variant: "destructive" },
    notFound: true,
  };
  const id = parseIdParam(parsed.id);
  if (id === null) return notFound;
  try {
    const result = toggleTimer(id, actor, Date.now(), meta);
    const names = departmentNames();
    const name = (v: string) => names.get(v) ?? departmentLabel(v);
    if ("replayed" in result) {
      const { item } = result.replayed;
      return { kind: "ok", id, replayed: true, toast: { title: "Already recorded", description: `This scan of ${item.name} was applied before; nothing changed.` } };
    }
    if ("started" in result) return { kind: "ok", id, replayed: false, toast: { title: "Timer Started", description: `${result.started.name} in ${name(result.started.department)}.` } };
    const { item, final } = result.stopped;
    return {
      kind: "ok",
      id,
      replayed: false,
      toast: {
        title: "Timer Stopped & Advanced",
        description: final ? `Final Department: ${item.name} stays in ${name(item.department)}.` : `${item.name} moved to ${name(item.department)}.`,
      },
    };
  } catch (error) {
    if (error instanceof NotFoundError) return notFound;
    throw error;
  }
}
