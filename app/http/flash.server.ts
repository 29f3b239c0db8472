import type { z } from "zod";
import { signedCookie } from "~/http/cookies.server";

// One-shot results for the page a post redirects to (post-redirect-get), next to the toast cookie of
// toast.server.ts: what a scan did on the QR Timer page without JavaScript, for one page load only. Not in the URL,
// where Back and reload would show it again as if it had just happened (decision 0022).

// Signed: it is shown as the app's own words.
const flashCookieOf = signedCookie("shopflow_flash", "flash", { maxAge: 60 });
// What was 2,000 bytes of payload before signing and escaping; a browser keeps at most 4,096 bytes of one cookie.
const MAX_BYTES = 2400;

/** Set-Cookie value leaving `data` for the next load of `path` (a pathname of this app). */
export async function flashCookie(request: Request, path: string, data: unknown): Promise<string> {
  const cookie = await flashCookieOf.write(request, { path, data });
  if (cookie.split(";")[0]!.length > MAX_BYTES) throw new Error("A flash message must stay small");
  return cookie;
}

/**
 * The flash left for this request's page, read once: `setCookie` clears it, so a reload or a Back to the page
 * shows it no more. A flash for another page is left alone.
 */
export async function popFlash<S extends z.ZodType>(request: Request, schema: S): Promise<{ flash: z.output<S> | null; setCookie: string | null }> {
  const parsed = await flashCookieOf.read(request);
  if (parsed === undefined) return { flash: null, setCookie: null };
  const clear = flashCookieOf.clear(request);
  if (!parsed || typeof parsed !== "object") return { flash: null, setCookie: clear };
  const { path, data } = parsed as { path?: unknown; data?: unknown };
  if (path !== new URL(request.url).pathname) return { flash: null, setCookie: null };
  const result = schema.safeParse(data);
  return { flash: result.success ? result.data : null, setCookie: clear };
}
