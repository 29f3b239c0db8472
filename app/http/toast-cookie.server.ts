import { replace } from "react-router";
import { z } from "zod";
import { signedCookie } from "~/http/cookies.server";

// Signed: a toast is text the app shows as its own, so nobody else may write one (another app on this host).
const toastCookieOf = signedCookie("shopflow_toast", "toast", { maxAge: 60 });

export const ToastSchema = z.object({
  id: z.string().max(64).optional(),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "destructive"]).default("default"),
});
export type Toast = z.infer<typeof ToastSchema>;

/** Set-Cookie value carrying a toast to the next page render (works with JavaScript off). */
export function toastCookie(request: Request, toast: z.input<typeof ToastSchema>): Promise<string> {
  return toastCookieOf.write(request, ToastSchema.parse({ id: crypto.randomUUID(), ...toast }));
}

/**
 * The answer to a post that worked (or was refused) with a toast for the page it lands on, once. With JavaScript
 * the history entry that posted (often a dialog's URL) is replaced, so Back does not reopen a form already sent
 * (decision 0022). Without JavaScript the browser keeps the page that posted; the toast still shows once.
 */
export async function redirectWithToast(
  request: Request,
  to: string,
  toast: z.input<typeof ToastSchema>,
  init: { headers?: HeadersInit } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(request, toast));
  return replace(to, { headers });
}

/** Read and clear the flash toast. A toast cookie that is unsigned, forged or in an older format shows nothing. */
export async function popToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const raw = await toastCookieOf.read(request);
  if (raw === undefined) return { toast: null, setCookie: null };
  const parsed = ToastSchema.safeParse(raw);
  return { toast: parsed.success ? parsed.data : null, setCookie: toastCookieOf.clear(request) };
}
