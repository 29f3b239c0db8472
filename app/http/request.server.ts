import { t } from "@lingui/core/macro";

// The server sets this header from the socket (or X-Forwarded-For when TRUST_PROXY=1) after removing any copy
// the client sent, so route code can trust it.
export const CLIENT_IP_HEADER = "x-shopflow-client-ip";

/**
 * The client closed the connection before its request's body had all arrived (a phone that left the Wi-Fi, a
 * script stopped half-way). Nobody is left to read an answer, and nothing on the server failed: the request ends
 * with a one-line note instead of an error and its stack.
 */
export class ClientGone extends Error {
  constructor() {
    super("The client closed the connection before its request body arrived");
    this.name = "ClientGone";
  }
}

/** What a request whose client went away answers (status 499, as proxies log it): read by nobody, counted in /metrics. */
export const CLIENT_GONE_STATUS = 499;
export const clientGoneMessage = () => t`The connection was closed before the request's body arrived.`;

export function getClientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

const PROBE_ORIGIN = "http://shopflow.invalid";

/**
 * A redirect target from user input: a path on this site, or `fallback`. The path is resolved the way a browser
 * would (which drops tabs and newlines and reads backslashes as slashes, so `/%09/evil.example` means
 * `//evil.example`) and must stay on this origin; what comes back is the resolved, percent-encoded path, safe in
 * a Location header.
 */
export function safeRedirectPath(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > 2000) return fallback;
  let url: URL;
  try {
    url = new URL(to, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const path = url.pathname + url.search + url.hash;
  // Re-resolving must give the same place: no `//host` hidden in what we send back.
  return path.startsWith("//") || path.startsWith("/\\") ? fallback : path;
}
