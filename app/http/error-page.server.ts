import { t } from "@lingui/core/macro";
import { currentI18n } from "~/domain/i18n-runtime";

// The plain page a refused request gets when a browser asked for a page: no scripts, no stylesheet of the app's,
// so it reads the same when the app itself could not answer (pipeline/http.server.ts) or when a route has no page to draw
// on (a PDF route's refusal in a browser tab).

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type ErrorPageLink = { href: string; text: string };

export function errorPage(status: number, title: string, message: string, link: ErrorPageLink = { href: "/", text: t`Go to Home` }): Response {
  const lang = escapeHtml(currentI18n().locale);
  const body = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Shopflow</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a"><h1 style="color:#b91c1c">${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(link.href)}" style="color:#9a3412">${escapeHtml(link.text)}</a></p></body></html>`;
  return new Response(body, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    },
  });
}

/**
 * A browser opening an address (a link, a form sent to a new tab) names text/html in Accept; fetch, curl and API
 * clients send *\/* or application/json. Routes that answer both tell them apart with this.
 */
export function wantsPage(request: Request): boolean {
  return /(^|[\s,])text\/html\s*(;|,|$)/i.test(request.headers.get("accept") ?? "");
}
