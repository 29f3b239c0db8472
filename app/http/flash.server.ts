import type { z } from "zod";
import { readCookie, serializeCookie, sign, unsign } from "~/http/cookies.server";

// One-shot results for the page a post redirects to (post-redirect-get), next to the toast cookie of
// toast.server.ts: what a scan did on the QR Timer page without JavaScript, for one page load only. Not in the URL,
// where Back and reload would show it again as if it had just happened (docs/decisions/0022).

const FLASH_COOKIE = "shopflow_flash";
const MAX_BYTES = 2000;

/** Set-Cookie value leaving `data` for the next load of `path` (a pathname of this app). */
export function flashCookie(request: Request, path: string, data: unknown): string {
  const value = Buffer.from(JSON.stringify({ path, data })).toString("base64url");
  if (value.length > MAX_BYTES) throw new Error("A flash message must stay small");
  // Signed: it is shown as the app's own words.
  return serializeCookie(request, FLASH_COOKIE, sign("flash", value), { maxAge: 60 });
}

/**
 * The flash left for this request's page, read once: `setCookie` clears it, so a reload or a Back to the page
 * shows it no more. A flash for another page is left alone.
 */
export function popFlash<S extends z.ZodType>(request: Request, schema: S): { flash: z.output<S> | null; setCookie: string | null } {
  const cookie = readCookie(request, FLASH_COOKIE);
  if (!cookie) return { flash: null, setCookie: null };
  const raw = unsign("flash", cookie);
  let parsed: { path?: unknown; data?: unknown } | null = null;
  try {
    parsed = raw ? (JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as { path?: unknown; data?: unknown }) : null;
  } catch {
    parsed = null;
  }
  const clear = serializeCookie(request, FLASH_COOKIE, "", { maxAge: 0 });
  if (!parsed || typeof parsed !== "object") return { flash: null, setCookie: clear };
  if (parsed.path !== new URL(request.url).pathname) return { flash: null, setCookie: null };
  const data = schema.safeParse(parsed.data);
  return { flash: data.success ? data.data : null, setCookie: clear };
}
