import { t } from "@lingui/core/macro";
import { useCallback, useEffect, useRef, useState } from "react";
import { decodeQrImage } from "~/browser/qr-image";
import { notAnImageMessage } from "~/domain/image-upload";
import { lastScannedText, looksLikeScan, parseQrInput, QR_MESSAGES, QR_REDIRECT_DELAY_MS, safeScanUrl, SCANNER_AUTO_PROCESS_MS } from "~/domain/qr-input";
import type { ScannedItem, ScanUndo } from "~/services/scan.server";
import { undoLabel } from "~/domain/timer-words";
import { useScanQueue } from "../scan-queue";
import { type ToastData, useToast } from "../toaster";

/** How late a scanner's Enter may follow the code the field already sent by itself. */
const SCANNER_LATE_ENTER_MS = 2_000;

/** What the page says when a queued scan meets an ended session (the scan stays queued until sign-in). */
const sessionEndedMessage = () => t`Your session has ended. Sign in again with your PIN to scan.`;

/**
 * The QR Timer with JavaScript: the field's value, the last code read, the message and item card of the last
 * answer, and the ways a code comes in (typed or scanned into the field, a photo, the camera). Every code goes
 * through `process`: a label of another address opens it, anything else is sent to POST /api/scans through the
 * offline queue, one at a time in the order scanned.
 */
export function useQrScanner(start: { ownBases: string[]; last: string; error: string | null; item: ScannedItem | null; undo?: ScanUndo | null }) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState("");
  const [last, setLast] = useState(start.last);
  const [message, setMessage] = useState<string | null>(start.error);
  const [item, setItem] = useState<ScannedItem | null>(start.item);
  // The last scan's Undo (docs/product.md, Decisions: The end of a job), with when it lapses on this device's clock.
  const [undo, setUndo] = useState<(ScanUndo & { lapses: number }) | null>(start.undo ? { ...start.undo, lapses: start.undo.until } : null);
  useEffect(() => {
    if (!undo) return;
    const t = setTimeout(() => setUndo(null), Math.max(0, undo.lapses - Date.now()));
    return () => clearTimeout(t);
  }, [undo]);
  const undoNow = useCallback(
    async (u: ScanUndo) => {
      setUndo(null);
      input.current?.focus();
      const res = await fetch(`/api/items/${u.itemId}/undo-advance`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ stopId: u.stopId }),
      }).catch(() => null);
      const body = (res ? await res.json().catch(() => null) : null) as { message?: string; toast?: ToastData } | null;
      if (res?.ok) {
        if (body?.toast) toast(body.toast);
        setMessage(null);
        setItem((i) => (i && i.id === u.itemId ? { ...i, department: u.department } : i));
        return;
      }
      const why = body?.message ?? (res ? `${res.status}: ${res.statusText}` : t`The server could not be reached. Try again.`);
      setMessage(why);
      toast({ title: t`Could not undo`, description: why, variant: "destructive" });
    },
    [toast],
  );
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { waiting, offline, busy, send } = useScanQueue<{ ok?: boolean; item?: ScannedItem; toast?: ToastData; message?: string; undo?: ScanUndo }>({
    onAnswer: (scan, ok, answer) => {
      const offer = answer?.undo ? { ...answer.undo, lapses: Date.now() + (answer.undo.until - (answer.item?.now ?? Date.now())) } : null;
      setUndo(offer);
      if (answer?.toast) {
        const action = offer
          ? { label: undoLabel(offer.department, offer.finished), run: () => void undoNow(offer), durationMs: Math.max(0, offer.lapses - Date.now()) }
          : undefined;
        toast({ ...answer.toast, id: scan.scanId, action });
      }
      // The card shows the item this answer is about (a double read names its item), or none: a card left from
      // an earlier scan would read as this scan's.
      setItem(answer?.item ?? null);
      setMessage(ok ? null : (answer?.message ?? QR_MESSAGES.failed));
    },
    onSessionEnded: () => {
      const ended = sessionEndedMessage();
      setMessage(ended);
      toast({ title: t`Sign in again`, description: ended, variant: "destructive" });
    },
  });

  const { ownBases } = start;
  // When the field last sent a code by itself (a scanner that stopped typing): the Enter such a scanner types after
  // the code may reach a slow floor PC later than that, on an empty field, and is not a scan of nothing.
  const autoSentAt = useRef(0);
  const process = useCallback(
    (raw: string, how: "typed" | "auto" = "typed") => {
      if (timer.current) clearTimeout(timer.current);
      if (how === "auto") autoSentAt.current = Date.now();
      else if (raw.trim() === "" && Date.now() - autoSentAt.current < SCANNER_LATE_ENTER_MS) return;
      setLast(lastScannedText(raw.trim()));
      setValue("");
      input.current?.focus();
      const parsed = parseQrInput(raw, ownBases);
      if (parsed.kind === "error") {
        setMessage(parsed.message);
        setItem(null);
        toast({ title: t`Error`, description: parsed.message, variant: "destructive" });
        return;
      }
      if (parsed.kind === "redirect") {
        const target = safeScanUrl(parsed.url);
        if (!target) {
          setMessage(QR_MESSAGES.failed);
          setItem(null);
          return;
        }
        setTimeout(() => window.location.assign(target), QR_REDIRECT_DELAY_MS);
        return;
      }
      send(raw);
    },
    [ownBases, send, toast],
  );

  function onChange(next: string) {
    setValue(next);
    if (timer.current) clearTimeout(timer.current);
    // docs/product.md §5: a scanner types fast and stops; a person typing an id presses Enter or Process.
    if (looksLikeScan(next)) timer.current = setTimeout(() => process(next, "auto"), SCANNER_AUTO_PROCESS_MS);
  }

  async function onImage(file: File | undefined) {
    if (!file) return;
    try {
      // A PDF or any other file that is no picture: say so, rather than 'No QR code found' or a decoding failure.
      const notImage = await notAnImageMessage(file);
      if (notImage) {
        setMessage(notImage);
        toast({ title: t`Not an image`, description: notImage, variant: "destructive" });
        return;
      }
      const bitmap = await createImageBitmap(file);
      const text = await decodeQrImage(bitmap, bitmap.width, bitmap.height);
      bitmap.close();
      if (!text) {
        setMessage(QR_MESSAGES.noCodeInImage);
        toast({ title: t`QR Scan Failed`, description: t`Could not detect a QR code in this image...`, variant: "destructive" });
        return;
      }
      toast({ title: t`QR Code Detected`, description: lastScannedText(text) });
      process(text);
    } catch {
      setMessage(QR_MESSAGES.failed);
      toast({ title: t`Error`, description: QR_MESSAGES.failed, variant: "destructive" });
    }
  }

  /** A code read by the camera: said in a toast, then processed as if scanned. */
  function onCameraCode(text: string) {
    toast({ title: t`QR Code Detected`, description: lastScannedText(text) });
    process(text);
  }

  return { input, value, last, message, setMessage, item, undo, undoNow, waiting, offline, busy, process, onChange, onImage, onCameraCode };
}
