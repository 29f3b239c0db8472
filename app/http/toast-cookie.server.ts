import { replace } from "react-router";
import { z } from "zod";
import { readCookie, serializeCookie, sign, unsign } from "~/http/cookies.server";

const TOAST_COOKIE = "shopflow_toast";

export const ToastSchema = z.object({
  id: z.string().max(64).optional(),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "destructive"]).default("default"),
});
export type Toast = z.infer<typeof ToastSchema>;

/** Set-Cookie value carrying a toast to the next page render (works with JavaScript off). */
export function toastCookie(request: Request, toast: z.input<typeof ToastSchema>): string {
  const value = Buffer.from(JSON.stringify(ToastSchema.parse({ id: crypto.randomUUID(), ...toast }))).toString("base64url");
  // Signed: a toast is text the app shows as its own, so nobody else may write one (another app on this host).
  return serializeCookie(request, TOAST_COOKIE, sign("toast", value), { maxAge: 60 });
}

/**
 * The answer to a post that worked (or was refused) with a toast for the page it lands on, once. With JavaScript
 * the history entry that posted (often a dialog's URL) is replaced, so Back does not reopen a form already sent
 * (docs/decisions/0022). Without JavaScript the browser keeps the page that posted; the toast still shows once.
 */
export function redirectWithToast(request: Request, to: string, toast: z.input<typeof ToastSchema>, init: { headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", toastCookie(request, toast));
  return replace(to, { headers });
}

/** Read and clear the flash toast. */
export function popToast(request: Request): { toast: Toast | null; setCookie: string | null } {
  const cookie = readCookie(request, TOAST_COOKIE);
  if (!cookie) return { toast: null, setCookie: null };
  const raw = unsign("toast", cookie);
  let toast: Toast | null = null;
  try {
    const parsed = raw ? ToastSchema.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8"))) : null;
    toast = parsed?.success ? parsed.data : null;
  } catch {}
  return { toast, setCookie: serializeCookie(request, TOAST_COOKIE, "", { maxAge: 0 }) };
}
