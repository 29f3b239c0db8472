import { data, redirect } from "react-router";
import { lastScannedText } from "~/domain/qr-input";
import { flashCookie, popFlash } from "~/http/flash.server";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { isScanId } from "~/schemas/scan";
import { actorFrom } from "~/services/actor.server";
import { readForm } from "~/views/form-action.server";
import { can, requirePermission } from "~/services/permissions.server";
import { ownBases, scanCode, ScanFlashSchema, scanFlash, scannedItem } from "~/services/scan.server";
import { undoScanAdvance } from "~/services/scan-undo.server";
import { getUser } from "~/services/session.server";
import type { Route } from "./+types/qr-scanner";

// The QR Timer's loader and action (routes/qr-scanner.tsx holds the page).

/** The scanner, and after a post without JavaScript what that scan did. */
export async function loadQrScanner({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!getUser(request)) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname)}`);
  requirePermission(request, "read");
  // After a post without JavaScript: what that scan did, shown once (a reload or Back shows a fresh scanner).
  const { flash, setCookie } = await popFlash(request, ScanFlashSchema);
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
      // The last scan's Undo while its 30 seconds last (docs/product.md, Decisions: The end of a job).
      undo: flash?.undo && flash.undo.until > Date.now() ? flash.undo : null,
    },
    { headers },
  );
}

// The form without JavaScript: post, then back to the page with the result (post-redirect-get, the result in a
// one-shot cookie). With JavaScript the page sends scans to POST /api/scans instead (through its offline queue).
export async function qrScannerAction({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const code = String(form?.get("code") ?? "").slice(0, 2000);
  if (!getUser(request)) throw redirect(`/login?redirectTo=${encodeURIComponent("/qr-scanner")}`);
  const user = requirePermission(request, "timers");
  if (form?.get("intent") === "undo") {
    const outcome = undoScanAdvance(actorFrom(request, user), String(form.get("itemId") ?? ""), String(form.get("stopId") ?? ""));
    return redirectWithToast(request, "/qr-scanner", outcome.toast, {
      headers: { "Set-Cookie": await flashCookie(request, "/qr-scanner", { last: "", message: outcome.message, itemId: outcome.itemId }) },
    });
  }
  // A scan id makes a form posted twice (Back and resend, a double submit) count once.
  const scanIdField = String(form?.get("scanId") ?? "");
  const outcome = scanCode(request, actorFrom(request, user), code, { scanId: isScanId(scanIdField) ? scanIdField : null }, can(user, "projects:write"));
  if (outcome.kind === "redirect") return redirect(outcome.url);
  return redirectWithToast(request, "/qr-scanner", outcome.toast, {
    headers: { "Set-Cookie": await flashCookie(request, "/qr-scanner", scanFlash(code, outcome)) },
  });
}
