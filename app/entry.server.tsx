import { randomBytes } from "node:crypto";
import { renderToReadableStream } from "react-dom/server.edge";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction } from "react-router";
import { I18nProvider } from "@lingui/react";
import { NonceContext } from "~/hooks/nonce";
import { currentLocale, i18nFor } from "~/infra/i18n.server";

export const streamTimeout = 5_000;

/**
 * The page's Content-Security-Policy. React Router's inline scripts carry a fresh nonce per request; nothing
 * else inline may run. Images may come from https (team members' photo URLs, docs/product.md §5); styles may be inline
 * (React and Radix set style attributes).
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  // Pages hold personal data (names, jobs): never cached, so Back after logout does not show them again.
  responseHeaders.set("Cache-Control", "no-store");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = randomBytes(16).toString("base64");
  // Vite's dev server injects its own unsigned scripts; the policy applies to the built app.
  if (!import.meta.env.DEV) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));

  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <I18nProvider i18n={i18nFor(currentLocale())}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nProvider>
    </NonceContext.Provider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;
  // Every page is sent complete, for every client: a floor PC with JavaScript off cannot run the scripts that would
  // fill a boundary streamed after the shell, and no user agent says whether it runs them. Pages have no deferred
  // data, so this costs nothing today and keeps a future Suspense boundary from leaving those pages half-empty
  // (docs/decisions/0030-platform-parts.md).
  await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/** A wrong method or a missing page is the client's mistake: logged as nothing. Real failures are logged. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};
