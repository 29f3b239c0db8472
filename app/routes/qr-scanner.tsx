import { t as translate } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Form } from "react-router";
import { OfflineNotice } from "~/components/scan-queue";
import { PhotoAndCamera } from "~/components/scanner/photo-and-camera";
import { ScannedItemCard } from "~/components/scanner/scanned-item-card";
import { useQrScanner } from "~/components/scanner/use-qr-scanner";
import { btn, cardClass, inputClass, PageHeader } from "~/components/ui";
import { useHydrated } from "~/hooks/use-hydrated";
import { undoLabel } from "~/domain/timer-words";
import type { Route } from "./+types/qr-scanner";
import { loadQrScanner, qrScannerAction } from "./qr-scanner.server";

// The QR Timer page (docs/product.md §2, §5 'QR input', docs/product.md, Decisions: Timers). A station operator scans label
// after label with a keyboard-wedge scanner: every scan of this shop's label toggles that item's timer in
// place and the field is ready for the next one, no mouse. With JavaScript a scan posts in the background
// (one at a time, in the order scanned); without it the field is a plain form that posts and comes back.

export const meta = () => [{ title: translate`QR Timer · Shopflow` }];

export const loader = (args: Route.LoaderArgs) => loadQrScanner(args);

export const action = (args: Route.ActionArgs) => qrScannerAction(args);

export default function QrScanner({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const scanner = useQrScanner(loaderData);
  const { message, last } = scanner;

  return (
    <div className="floor-screen toasts-on-top mx-auto max-w-2xl px-4 py-6 sm:px-6">
      <PageHeader title={t`QR Timer`} subtitle={t`Scan an item's label to start its timer; scan it again to stop it and move it to its next department.`} />
      <section className={`mt-4 p-5 ${cardClass}`}>
        <Form
          method="post"
          action="/qr-scanner"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            if (!hydrated) return;
            e.preventDefault();
            scanner.process(scanner.value);
          }}
        >
          <input type="hidden" name="scanId" value={loaderData.scanId} />
          <div className="min-w-0 flex-1">
            <label htmlFor="qr-code" className="block text-sm font-medium text-ink">
              {t`Scan or type a QR code or item ID`}
            </label>
            <input
              ref={scanner.input}
              id="qr-code"
              name="code"
              // A wedge scanner types into whatever has focus: this field has it when the page opens and after every scan.
              autoFocus
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              inputMode="url"
              enterKeyHint="go"
              value={hydrated ? scanner.value : undefined}
              onChange={(e) => scanner.onChange(e.target.value)}
              className={`mt-1 ${inputClass} min-h-12 text-lg`}
              aria-describedby={message ? "qr-message" : undefined}
            />
          </div>
          <button type="submit" className={`${btn.primary} min-h-12`}>
            {t`Process`}
          </button>
        </Form>
        {message ? (
          <p id="qr-message" role="alert" className="mt-3 rounded-lg border border-danger-700 bg-red-50 px-3 py-2 text-base text-danger-700">
            {message}
          </p>
        ) : null}
        {last ? (
          <p className="mt-3 text-sm text-ink-muted wrap-anywhere">
            {t`Last scanned:`}{" "}
            <span className="font-mono text-ink" data-testid="last-scanned">
              {last}
            </span>
          </p>
        ) : null}
        {scanner.offline && scanner.waiting > 0 ? (
          <OfflineNotice waiting={scanner.waiting} offline={scanner.offline} />
        ) : scanner.busy ? (
          <p className="mt-2 text-sm text-ink-muted" role="status">
            {t`Processing...`}
          </p>
        ) : null}
        <PhotoAndCamera hydrated={hydrated} onImage={scanner.onImage} onCode={scanner.onCameraCode} onCameraError={scanner.setMessage} />
      </section>
      {scanner.item ? <ScannedItemCard item={scanner.item} /> : null}
      {scanner.undo ? (
        // A scan that moved an item on (or finished it) can be taken back for 30 seconds: with JavaScript by the API,
        // without by this form.
        <Form
          method="post"
          action="/qr-scanner"
          className="mt-3"
          onSubmit={(e) => {
            if (!hydrated || !scanner.undo) return;
            e.preventDefault();
            void scanner.undoNow(scanner.undo);
          }}
        >
          <input type="hidden" name="intent" value="undo" />
          <input type="hidden" name="itemId" value={scanner.undo.itemId} />
          <input type="hidden" name="stopId" value={scanner.undo.stopId} />
          <button type="submit" className={`${btn.secondary} min-h-12 w-full text-base whitespace-normal sm:w-auto`} data-testid="scan-undo">
            {undoLabel(scanner.undo.department, scanner.undo.finished)}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
