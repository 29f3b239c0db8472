import { createRequestHandler, type ServerBuild } from "react-router";
import path from "node:path";
import { getEnv } from "~/utils/env.server";
import { CLIENT_IP_HEADER } from "~/utils/request.server";
import { getUser } from "./session.server";

const PUBLIC_API = new Set(["/api/auth/verify-pin"]);

type SocketInfo = { requestIP(req: Request): { address: string } | null };

const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
  "X-Frame-Options": "SAMEORIGIN",
};

/**
 * Behind a TLS proxy the browser's Origin is https://public-host while Bun sees http://localhost; React Router
 * refuses such form posts, so with TRUST_PROXY=1 the URL is rebuilt from X-Forwarded-Proto/Host.
 */
export function normalizeRequest(req: Request, socket: SocketInfo | null, trustProxy: boolean): Request {
  const headers = new Headers(req.headers);
  headers.delete(CLIENT_IP_HEADER);
  let url = req.url;
  let ip = socket?.requestIP(req)?.address ?? "unknown";
  if (trustProxy) {
    const forwardedFor = req.headers.get("x-forwarded-for");
    // The last hop is the one our own proxy appended; earlier entries are whatever the client claimed.
    const last = forwardedFor?.split(",").map((s) => s.trim()).filter(Boolean).pop();
    if (last) ip = last;
    const proto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
    const host = req.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
    if (proto || host) {
      const u = new URL(req.url);
      if (proto === "http" || proto === "https") u.protocol = `${proto}:`;
      if (host && /^[A-Za-z0-9.\-:[\]]+$/.test(host)) {
        u.host = host;
        if (!host.includes(":") || host.endsWith("]")) u.port = "";
      }
      url = u.toString();
    }
  }
  headers.set(CLIENT_IP_HEADER, ip);
  return new Request(url, {
    method: req.method,
    headers,
    body: req.body,
    signal: req.signal,
    // @ts-expect-error: Bun and undici need this to pass a streamed body on
    duplex: "half",
  });
}

export type StaticSource = (pathname: string) => Promise<Blob | null>;

/** Files from a folder on disk (build/client) or from the assets embedded in the compiled binary. */
export function staticFromDir(dir: string): StaticSource {
  const root = path.resolve(dir);
  return async (pathname) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    if (decoded.includes("\0")) return null;
    const file = path.join(root, path.normalize(decoded));
    if (!file.startsWith(root + path.sep)) return null;
    const blob = Bun.file(file);
    return (await blob.exists()) ? blob : null;
  };
}

export function createFetchHandler(build: ServerBuild, opts: { staticSource: StaticSource; mode?: string }) {
  const handle = createRequestHandler(build, opts.mode ?? process.env.NODE_ENV ?? "production");
  const { TRUST_PROXY } = getEnv();
  return async function fetch(req: Request, socket: SocketInfo | null): Promise<Response> {
    const url = new URL(req.url);
    if ((req.method === "GET" || req.method === "HEAD") && url.pathname !== "/" && /\.[A-Za-z0-9]+$/.test(url.pathname)) {
      const file = await opts.staticSource(url.pathname);
      if (file) {
        const immutable = url.pathname.startsWith("/assets/");
        return new Response(req.method === "HEAD" ? null : file, {
          headers: {
            "Content-Type": file.type || "application/octet-stream",
            "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
            ...SECURITY_HEADERS,
          },
        });
      }
    }
    let response: Response;
    try {
      const request = normalizeRequest(req, socket, TRUST_PROXY);
      // PRODUCT.md: signed out, every /api call but sign-in answers 401, whatever the route or method. Each
      // handler still checks its own permission; this makes the rule hold for methods a route does not handle.
      if (url.pathname.startsWith("/api/") && !PUBLIC_API.has(url.pathname) && !getUser(request)) {
        return Response.json({ message: "Authentication required" }, { status: 401, headers: { "Cache-Control": "no-store", ...SECURITY_HEADERS } });
      }
      response = await handle(request);
    } catch (error) {
      console.error(error);
      response = url.pathname.startsWith("/api/")
        ? Response.json({ message: "Something went wrong on the server" }, { status: 500 })
        : new Response("Something went wrong on the server", { status: 500 });
    }
    if (url.pathname.startsWith("/api/") && response.status >= 400 && !response.headers.get("content-type")?.includes("json")) {
      // /api errors are always JSON, including the ones React Router itself answers (e.g. an unsupported method).
      const text = (await response.text()).trim();
      response = Response.json(
        { message: response.status === 405 ? "Method not allowed" : text.split("\n")[0] || response.statusText || "Request failed" },
        { status: response.status },
      );
    }
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) {
      if (!response.headers.has(k)) {
        try {
          response.headers.set(k, v);
        } catch {
          // immutable headers (a passed-through Response): leave them as they are
        }
      }
    }
    return response;
  };
}
