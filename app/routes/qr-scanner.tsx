import { useCallback, useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect } from "react-router";
import { Icon } from "~/components/icons";
import { LiveDuration } from "~/components/live-duration";
import { useToast, type ToastData } from "~/components/toaster";
import { Badge, btn, cardClass, inputClass, PageHeader } from "~/components/ui";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { getUser } from "~/services/session.server";
import { isScanId } from "~/schemas/scan";
import { ownBases, scanCode, scanFlash, ScanFlashSchema, scannedItem, type ScannedItem } from "~/services/scan.server";
import { flashCookie, popFlash } from "~/http/flash.server";
import { lastScannedText, looksLikeScan, parseQrInput, QR_MESSAGES, QR_REDIRECT_DELAY_MS, safeScanUrl, SCANNER_AUTO_PROCESS_MS } from "~/domain/qr-input";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { notAnImageMessage } from "~/domain/image-upload";
import { useHydrated } from "~/hooks/use-hydrated";
import { OfflineNotice, useScanQueue } from "~/components/scan-queue";
import type { Route } from "./+types/qr-scanner";

// The QR Timer page (docs/product.md §2, §5 'QR input', docs/product.md, Decisions: Timers). A station operator scans label
// after label with a keyboard-wedge scanner: every scan of this shop's label toggles that item's timer in
// place and the field is ready for the next one, no mouse. With JavaScript a scan posts in the background
// (one at a time, in the order scanned); without it the field is a plain form that posts and comes back.

export const meta = () => [{ title: "QR Timer · Shopflow" }];

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!getUser(request)) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname)}`);
  requirePermission(request, "read");
  // After a post without JavaScript: what that scan did, shown once (a reload or Back shows a fresh scanner).
  const { flash, setCookie } = popFlash(request, ScanFlashSchema);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return data(
    {
      ownBases: ownBases(request),
      last: lastScannedText(flash?.last ?? ""),
      item: flash?.itemId ? scannedItem(flash.itemId) : null,
      // The no-JavaScript form's scan id: the same form sent twice (a double click, Back and resend) counts once.
      scanId: crypto.randomUUID(),
      error: flash?.message ?? null,
    },
    { headers },
  );
}

/** What the page says when a queued scan meets an ended session (the scan stays queued until sign-in). */
const SESSION_ENDED = "Your session has ended. Sign in again with your PIN to scan.";

// The form without JavaScript: post, then back to the page with the result (post-redirect-get, the result in a
// one-shot cookie). With JavaScript the page sends scans to POST /api/scans instead (through its offline queue).
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const code = String(form?.get("code") ?? "").slice(0, 2000);
  if (!getUser(request)) throw redirect(`/login?redirectTo=${encodeURIComponent("/qr-scanner")}`);
  const user = requirePermission(request, "timers");
  // A scan id makes a form posted twice (Back and resend, a double submit) count once.
  const scanIdField = String(form?.get("scanId") ?? "");
  const outcome = scanCode(request, actorFrom(request, user), code, { scanId: isScanId(scanIdField) ? scanIdField : null });
  if (outcome.kind === "redirect") return redirect(outcome.url);
  return redirectWithToast(request, "/qr-scanner", outcome.toast, { headers: { "Set-Cookie": flashCookie(request, "/qr-scanner", scanFlash(code, outcome)) } });
}

function ItemResult({ item }: { item: ScannedItem }) {
  return (
    <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby="scanned-item" data-testid="scan-result">
      <p className="text-sm text-ink-muted wrap-anywhere">{item.projectName}</p>
      <h2 id="scanned-item" className="text-xl font-bold text-ink wrap-anywhere">
        <Link to={`/items/${item.id}`} className="hover:underline">
          {item.name}
        </Link>
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-base sm:grid-cols-3">
        <div>
          <dt className="text-sm text-ink-muted">Department</dt>
          <dd className="font-semibold text-ink" data-testid="scan-department">
            {item.department}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">Timer</dt>
          <dd>
            <Badge color={item.running ? "green" : "gray"}>{item.running ? "Running" : "Stopped"}</Badge>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">Total Time</dt>
          <dd className="text-lg font-semibold">
            <LiveDuration totalSeconds={item.totalTimeSeconds} sessionStart={item.sessionStart} serverNow={item.now} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** jsqr on an image: scaled down first, since a phone photo has 12 million pixels and a label needs far fewer. */
async function decodeImage(source: ImageBitmap | HTMLVideoElement, width: number, height: number): Promise<string | null> {
  const { default: jsQR } = await import("jsqr");
  const scale = Math.min(1, 1280 / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const canvas = document.createElement("canvas");
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(source, 0, 0, w, h);
  const found = jsQR(ctx.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: "attemptBoth" });
  return found?.data ?? null;
}

export default function QrScanner({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState("");
  const [last, setLast] = useState(loaderData.last);
  const [message, setMessage] = useState<string | null>(loaderData.error);
  const [item, setItem] = useState<ScannedItem | null>(loaderData.item);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [camera, setCamera] = useState(false);
  const { waiting, offline, busy, send } = useScanQueue<{ ok?: boolean; item?: ScannedItem; toast?: ToastData; message?: string }>({
    onAnswer: (scan, ok, answer) => {
      if (answer?.toast) toast({ ...answer.toast, id: scan.scanId });
      // The card shows the item this answer is about (a double read names its item), or none: a card left from
      // an earlier scan would read as this scan's.
      setItem(answer?.item ?? null);
      setMessage(ok ? null : (answer?.message ?? QR_MESSAGES.failed));
    },
    onSessionEnded: () => {
      setMessage(SESSION_ENDED);
      toast({ title: "Sign in again", description: SESSION_ENDED, variant: "destructive" });
    },
  });

  const process = useCallback(
    (raw: string) => {
      if (timer.current) clearTimeout(timer.current);
      setLast(lastScannedText(raw.trim()));
      setValue("");
      input.current?.focus();
      const parsed = parseQrInput(raw, loaderData.ownBases);
      if (parsed.kind === "error") {
        setMessage(parsed.message);
        setItem(null);
        toast({ title: "Error", description: parsed.message, variant: "destructive" });
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
    [loaderData.ownBases, send, toast],
  );

  function onChange(next: string) {
    setValue(next);
    if (timer.current) clearTimeout(timer.current);
    // docs/product.md §5: a scanner types fast and stops; a person typing an id presses Enter or Process.
    if (looksLikeScan(next)) timer.current = setTimeout(() => process(next), SCANNER_AUTO_PROCESS_MS);
  }

  async function onImage(file: File | undefined) {
    if (!file) return;
    try {
      // A PDF or any other file that is no picture: say so, rather than 'No QR code found' or a decoding failure.
      const notImage = await notAnImageMessage(file);
      if (notImage) {
        setMessage(notImage);
        toast({ title: "Not an image", description: notImage, variant: "destructive" });
        return;
      }
      const bitmap = await createImageBitmap(file);
      const text = await decodeImage(bitmap, bitmap.width, bitmap.height);
      bitmap.close();
      if (!text) {
        setMessage(QR_MESSAGES.noCodeInImage);
        toast({ title: "QR Scan Failed", description: "Could not detect a QR code in this image...", variant: "destructive" });
        return;
      }
      toast({ title: "QR Code Detected", description: lastScannedText(text) });
      process(text);
    } catch {
      setMessage(QR_MESSAGES.failed);
      toast({ title: "Error", description: QR_MESSAGES.failed, variant: "destructive" });
    }
  }

  const canUseCamera = hydrated && typeof navigator !== "undefined" && !!navigator.mediaDevices?.getUserMedia && window.isSecureContext;

  return (
    <div className="floor-screen mx-auto max-w-2xl px-4 py-6 sm:px-6">
      <PageHeader title="QR Timer" subtitle="Scan an item's label to start its timer; scan it again to stop it and move it to its next department." />
      <section className={`mt-4 p-5 ${cardClass}`}>
        <Form
          method="post"
          action="/qr-scanner"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            if (!hydrated) return;
            e.preventDefault();
            process(value);
          }}
        >
          <input type="hidden" name="scanId" value={loaderData.scanId} />
          <div className="min-w-0 flex-1">
            <label htmlFor="qr-code" className="block text-sm font-medium text-ink">
              Scan or type a QR code or item ID
            </label>
            <input
              ref={input}
              id="qr-code"
              name="code"
              // A wedge scanner types into whatever has focus: this field has it when the page opens and after every scan.
              autoFocus
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              inputMode="url"
              enterKeyHint="go"
              value={hydrated ? value : undefined}
              onChange={(e) => onChange(e.target.value)}
              className={`mt-1 ${inputClass} min-h-12 text-lg`}
              aria-describedby={message ? "qr-message" : undefined}
            />
          </div>
          <button type="submit" className={`${btn.primary} min-h-12`}>
            Process
          </button>
        </Form>
        {message ? (
          <p id="qr-message" role="alert" className="mt-3 rounded-lg border border-danger-700 bg-red-50 px-3 py-2 text-base text-danger-700">
            {message}
          </p>
        ) : null}
        {last ? (
          <p className="mt-3 text-sm text-ink-muted wrap-anywhere">
            Last scanned:{" "}
            <span className="font-mono text-ink" data-testid="last-scanned">
              {last}
            </span>
          </p>
        ) : null}
        {offline && waiting > 0 ? (
          <OfflineNotice waiting={waiting} offline={offline} />
        ) : busy ? (
          <p className="mt-2 text-sm text-ink-muted" role="status">
            Processing...
          </p>
        ) : null}
        {hydrated ? (
          <div className="mt-4 flex flex-wrap gap-3 border-t border-line pt-4">
            <label className={`${btn.secondary} cursor-pointer`}>
              <Icon name="upload" />
              Upload QR image
              <input
                type="file"
                accept="image/*"
                className="sr-only"
                onChange={(e) => void onImage(e.target.files?.[0]).finally(() => (e.target.value = ""))}
              />
            </label>
            {canUseCamera ? (
              <button type="button" className={btn.secondary} onClick={() => setCamera((on) => !on)} aria-pressed={camera}>
                <Icon name="qr" />
                {camera ? "Stop camera" : "Scan with camera"}
              </button>
            ) : null}
          </div>
        ) : (
          <p className="mt-4 border-t border-line pt-4 text-sm text-ink-muted">
            Uploading a photo of a label or scanning with the camera needs JavaScript; the field above works without it.
          </p>
        )}
        {camera ? (
          <CameraScanner
            onCode={(text) => {
              setCamera(false);
              toast({ title: "QR Code Detected", description: lastScannedText(text) });
              process(text);
            }}
            onError={(reason) => {
              setCamera(false);
              setMessage(`The camera could not be used (${reason}). Scan with a handheld scanner, type the item ID, or upload a photo of the label.`);
            }}
          />
        ) : null}
      </section>
      {item ? <ItemResult item={item} /> : null}
    </div>
  );
}

/** The phone camera, read a few times a second until a QR code shows up. */
function CameraScanner({ onCode, onError }: { onCode: (text: string) => void; onError: (reason: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  // The parent renders new callbacks every time; the camera must not restart for that.
  const handlers = useRef({ onCode, onError });
  handlers.current = { onCode, onError };
  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const scan = async () => {
      const v = video.current;
      if (stopped || !v) return;
      if (v.readyState >= 2 && v.videoWidth > 0) {
        const text = await decodeImage(v, v.videoWidth, v.videoHeight).catch(() => null);
        if (text && !stopped) return handlers.current.onCode(text);
      }
      timer = setTimeout(scan, 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then((s) => {
        if (stopped) return s.getTracks().forEach((t) => t.stop());
        stream = s;
        if (video.current) {
          video.current.srcObject = s;
          void video.current.play();
        }
        void scan();
      })
      .catch((e: unknown) =>
        handlers.current.onError(e instanceof DOMException && e.name === "NotAllowedError" ? "permission was refused" : "no camera was found"),
      );
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);
  return (
    <div className="mt-4">
      <video ref={video} className="aspect-square w-full max-w-sm rounded-lg bg-black object-cover" muted playsInline aria-label="Camera view" />
      <p className="mt-2 text-sm text-ink-muted">Hold the label inside the frame.</p>
    </div>
  );
}
