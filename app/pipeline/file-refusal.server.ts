import { t } from "@lingui/core/macro";
import { jsonError } from "~/http/api.server";
import { errorPage, wantsPage, type ErrorPageLink } from "~/http/error-page.server";
import { requirePermission, type Permission } from "~/services/permissions.server";

// Routes that answer with a file (a label PDF, a QR image, a CSV) have no page to show 'Access Denied' or 'Not
// found' on. A browser tab that asked for a page (a link, a form sent to a new tab) gets the plain error page with
// the sentence and a way back; an <img>, fetch or API client keeps the short answer it always had.

const plain = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** 'You cannot open this label.': whole sentences for the files the routes name, so each reads right in every language. */
function cannotOpen(what: string): string {
  switch (what) {
    case "this label":
      return t`You cannot open this label.`;
    case "these labels":
      return t`You cannot open these labels.`;
    case "this QR code":
      return t`You cannot open this QR code.`;
    case "these figures":
      return t`You cannot open these figures.`;
    case "the schedule":
      return t`You cannot open the schedule.`;
    default:
      return t`You cannot open ${what}.`;
  }
}

/** The refusal to answer when `request` may not have `permission`, or null when it may. */
export function fileRefusal(request: Request, permission: Permission, what: string): Response | null {
  try {
    requirePermission(request, permission);
    return null;
  } catch (refusal) {
    const status = refusal instanceof Response ? refusal.status : ((refusal as { init?: { status?: number } }).init?.status ?? 401);
    if (!wantsPage(request)) return plain(status, status === 401 ? t`Authentication required` : t`Access denied`);
    // The words of the app's 'Access Denied' page, and its Login link back to this address.
    const reason = (refusal as { data?: { reason?: unknown } }).data?.reason;
    const url = new URL(request.url);
    return errorPage(
      status,
      t`Access Denied`,
      typeof reason === "string" ? reason : cannotOpen(what),
      status === 401 ? { href: `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, text: t`Login` } : { href: "/", text: t`Go to Home` },
    );
  }
}

/**
 * A file that cannot be made: the plain page in a browser tab, JSON `{ message }` for everything else
 * (`jsonMessage` when API clients have long been told something shorter).
 */
export function fileMissing(request: Request, status: number, title: string, message: string, back: ErrorPageLink, jsonMessage = message): Response {
  return wantsPage(request) ? errorPage(status, title, message, back) : jsonError(status, jsonMessage);
}
