// The server sets this header from the socket (or X-Forwarded-For when TRUST_PROXY=1) after removing any copy
// the client sent, so route code can trust it.
export const CLIENT_IP_HEADER = "x-shopflow-client-ip";

export function getClientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/** A redirect target from user input: only same-origin absolute paths, never `//host` or a scheme. */
export function safeRedirectPath(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) {
    return fallback;
  }
  return to;
}
