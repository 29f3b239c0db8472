import { createRequestHandler, type ServerBuild } from "react-router";
import path from "node:path";
import { clearDuplicateCookies } from "~/utils/cookies.server";
import { getEnv } from "~/utils/env.server";
import { errorPage } from "~/utils/error-page.server";
import { clientAddress, ipMatcher } from "~/utils/ip";
import { CLIENT_IP_HEADER } from "~/utils/request.server";
import { lookUpUser, rememberUser } from "./session.server";
import { SCAN_PATH, timerToggleResponse } from "./timer-api.server";

// The one HTTP layer every request passes before React Router: static files, the public URL behind a proxy,
// cross-site refusal, body limits, the signed-out /api gate and the headers every answer carries. Rules that
// must hold for every route, present and future, live here rather than in each route.

const PUBLIC_API = new Set(["/api/auth/verify-pin"]);
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const KB = 1024;
const MB = 1024 * KB;
export const JSON_BODY_LIMIT = 64 * KB;
export const CSV_BODY_LIMIT = 5 * MB;

export const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
  "X-Frame-Options": "SAMEORIGIN",
  // The QR Timer page may use the camera; nothing else may, and no other origin may ask for it.
  "Permissions-Policy": "camera=(self), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

const SECURITY_HEADER_LIST = Object.entries(SECURITY_HEADERS);

type SocketInfo = { requestIP(req: Request): { address: string } | null; timeout?(req: Request, seconds: number): void };

/** The server-sent event stream: open for as long as the page is, so Bun's idle timeout must not cut it. */
const EVENTS_PATH = "/api/events";

/** React Router's data requests (`/settings.data`) act for the page `/settings`. */
const routePath = (pathname: string) =>
  pathname.endsWith(".data") ? pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : pathname;

const DESIGN_UPLOAD_PUT = /^\/api\/uploads\/[A-Za-z0-9_-]+$/;
const DESIGN_FORM_API = /^\/api\/projects\/\d+\/design$/;
const DESIGN_FORM_PAGE = /^\/projects\/\d+$/;
const CSV_API = "/api/machine-ready-files/upload-csv";
// A spreadsheet save or a queue reorder of thousands of files is a large JSON body by design.
const LARGE_JSON_API = new Set(["/api/machine-ready-files/bulk", "/api/machine-files/reorder"]);
const CSV_PAGE = /^\/projects\/\d+\/machine-files\/spreadsheet$/;

/**
 * Largest body a route accepts. Small by default (sign-in, JSON writes, settings forms: 64 KB) so a signed-out
 * client cannot make the server read megabytes; only design uploads get MAX_UPLOAD_MB and CSV imports a few MB.
 */
export function bodyLimit(method: string, pathname: string, maxUploadBytes: number): number {
  const p = routePath(pathname);
  if (method === "PUT" && DESIGN_UPLOAD_PUT.test(p)) return maxUploadBytes;
  if (method === "POST" && (DESIGN_FORM_API.test(p) || DESIGN_FORM_PAGE.test(p))) return maxUploadBytes + 64 * KB;
  if (method === "POST" && (p === CSV_API || CSV_PAGE.test(p) || LARGE_JSON_API.has(p))) return CSV_BODY_LIMIT;
  return JSON_BODY_LIMIT;
}

/** Content types an /api write may send: JSON, except the design upload PUT and the design form's multipart. */
function apiBodyTypes(method: string, pathname: string): string[] {
  // The bytes decide (they must start with %PDF-): a browser may send a file with no type at all.
  if (method === "PUT" && DESIGN_UPLOAD_PUT.test(pathname)) return ["application/pdf", "application/octet-stream", ""];
  if (method === "POST" && DESIGN_FORM_API.test(pathname)) return ["application/json", "multipart/form-data"];
  return ["application/json"];
}

const PAGE_BODY_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

const mediaType = (request: Request) => (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();

/**
 * Why a state-changing request is refused as cross-site, or null. A browser names the page that sent it in
 * Origin (or, failing that, Sec-Fetch-Site); it must be this server's own origin (the public one behind a
 * trusted proxy). Requests with neither header come from non-browser clients, which carry no victim's cookie.
 */
export function crossSiteRefusal(request: Request, ownOrigin: string): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const origin = request.headers.get("origin");
  if (origin !== null) return origin === ownOrigin ? null : `Origin ${origin}`;
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return `Sec-Fetch-Site ${site}`;
  return null;
}

/** The URL the browser used: behind a trusted proxy, rebuilt from X-Forwarded-Proto/Host. */
export function publicUrl(req: Request, peerTrusted: boolean): string {
  if (!peerTrusted) return req.url;
  const proto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  const host = req.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  if (!proto && !host) return req.url;
  const u = new URL(req.url);
  if (proto === "http" || proto === "https") u.protocol = `${proto}:`;
  if (host && /^[A-Za-z0-9.\-:[\]]+$/.test(host)) {
    u.host = host;
    if (!/:\d+$/.test(host)) u.port = "";
  }
  return u.toString();
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

function refuse(isApi: boolean, status: number, title: string, message: string): Response {
  return isApi
    ? Response.json({ message }, { status, headers: { "Cache-Control": "no-store" } })
    : errorPage(status, title, message);
}

/** Reads at most `limit` bytes; null when the body is longer. */
async function readLimited(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** Passes a streamed body on, failing the stream once it passes `limit` bytes (uploads are not buffered). */
function limitStream(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let size = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > limit) controller.error(new RangeError("The request body is too large"));
        else controller.enqueue(chunk);
      },
    }),
  );
}

const sizeText = (bytes: number) => (bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / KB)} KB`);

/**
 * PRODUCT.md: signed out, every /api call but sign-in answers 401, whatever the route or method. Each handler
 * still checks its own permission; this makes the rule hold for methods a route does not handle. Returns the
 * user it looked up (null for pages and sign-in, which look up their own) so the route does not look again.
 */
function apiGate(isApi: boolean, pathname: string, headers: Headers, secure: boolean, url?: URL): Response | ReturnType<typeof lookUpUser> | undefined {
  if (!isApi || PUBLIC_API.has(pathname)) return undefined;
  // A TV board's event stream carries its board key instead of a session; the route checks the key.
  if (pathname === EVENTS_PATH && url?.searchParams.has("key")) return undefined;
  const user = lookUpUser(headers, secure);
  if (!user) return Response.json({ message: "Authentication required" }, { status: 401, headers: { "Cache-Control": "no-store" } });
  return user;
}

function remember(request: Request, user: ReturnType<typeof lookUpUser> | undefined): Request {
  if (user !== undefined) rememberUser(request, user);
  return request;
}

export function createFetchHandler(build: ServerBuild, opts: { staticSource: StaticSource; mode?: string }) {
  const handle = createRequestHandler(build, opts.mode ?? process.env.NODE_ENV ?? "production");
  const env = getEnv();
  const trusted = ipMatcher(env.TRUST_PROXY);
  const maxUploadBytes = Math.ceil(env.MAX_UPLOAD_MB * MB);

  async function prepare(req: Request, socket: SocketInfo | null, url: URL, seen: { href: string }): Promise<Request | Response> {
    const isApi = url.pathname.startsWith("/api/");
    const peer = socket?.requestIP(req)?.address ?? "unknown";
    const peerTrusted = trusted(peer);
    // Bun's request headers may be changed in place: the client address goes in without copying every header (a
    // client's own value of that header is overwritten). The request itself is handed on as it came unless its
    // URL or body must change, which spares two copies on the floor's hottest calls (decision 0019).
    const headers = req.headers;
    headers.set(CLIENT_IP_HEADER, clientAddress(peer, req.headers.get("x-forwarded-for"), trusted));
    const href = publicUrl(req, peerTrusted);
    seen.href = href;
    const method = req.method.toUpperCase();
    const sameUrl = href === req.url;
    const secure = href.startsWith("https:");
    if (SAFE_METHODS.has(method)) {
      const gate = apiGate(isApi, url.pathname, headers, secure, url);
      if (gate instanceof Response) return gate;
      return remember(sameUrl ? req : new Request(href, { method, headers, signal: req.signal }), gate);
    }

    const why = crossSiteRefusal(req, new URL(href).origin);
    if (why) {
      return refuse(isApi, 403, "Access Denied", "This request came from another site, so it was refused. Open Shopflow itself and try again.");
    }
    // Before any body is read: a signed-out client gets its 401 without the server reading what it sent.
    const gate = apiGate(isApi, url.pathname, headers, secure);
    if (gate instanceof Response) return gate;
    const limit = bodyLimit(method, url.pathname, maxUploadBytes);
    const declared = req.headers.get("content-length");
    const length = declared === null ? null : Number(declared);
    // Browsers send Content-Length (0 for an empty POST); a body without one arrives chunked.
    const hasBody = length !== null ? length > 0 : req.body !== null;
    const tooLarge = () => refuse(isApi, 413, "Too Large", `The request body is too large (at most ${sizeText(limit)} here).`);
    if (length !== null && (!Number.isFinite(length) || length > limit)) return tooLarge();

    if (hasBody) {
      const type = mediaType(req);
      const allowed = isApi ? apiBodyTypes(method, url.pathname) : PAGE_BODY_TYPES;
      if (!allowed.includes(type)) {
        return refuse(
          isApi,
          415,
          "Unsupported Form",
          isApi
            ? `Send the body as ${allowed.join(" or ")} (Content-Type header).`
            : "The form was sent in a way this page cannot read. Go back and try again.",
        );
      }
    }
    const init = { method, headers, signal: req.signal };
    if (!hasBody || req.body === null) {
      if (isApi) return remember(sameUrl ? req : new Request(href, init), gate);
      // A page write without a body is an empty form, so an action's formData() reads it instead of throwing.
      headers.set("content-type", "application/x-www-form-urlencoded");
      return remember(new Request(href, { ...init, body: "" }), gate);
    }
    if (limit > CSV_BODY_LIMIT) {
      // Uploads stream through, cut off past the limit; the upload handler answers 413 on the error.
      return remember(new Request(href, { ...init, body: limitStream(req.body, limit), duplex: "half" } as RequestInit), gate);
    }
    const bytes = await readLimited(req.body, limit);
    if (bytes === null) return tooLarge();
    const request = new Request(href, { ...init, body: bytes });
    if (!isApi && (mediaType(request) === "multipart/form-data" || mediaType(request) === "application/x-www-form-urlencoded")) {
      // A form that cannot be parsed (a bad multipart boundary) is the sender's mistake, not a server error.
      try {
        await request.clone().formData();
      } catch {
        return refuse(false, 400, "Bad Request", "The form could not be read. Go back and try again.");
      }
    }
    return remember(request, gate);
  }

  return async function fetch(req: Request, socket: SocketInfo | null): Promise<Response> {
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      // Bun hands an HTTP/1.0 request without a Host header over with a relative URL: no site to answer for.
      return errorPage(400, "Bad Request", "The request has no Host header, so the address could not be read.");
    }
    const isApi = url.pathname.startsWith("/api/");
    if ((req.method === "GET" || req.method === "HEAD") && !isApi && url.pathname !== "/" && /\.[A-Za-z0-9]+$/.test(url.pathname)) {
      const file = await opts.staticSource(url.pathname);
      if (file) {
        const immutable = url.pathname.startsWith("/assets/");
        return compress(
          req,
          new Response(req.method === "HEAD" ? null : file, {
            headers: {
              "Content-Type": file.type || "application/octet-stream",
              "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
              ...SECURITY_HEADERS,
            },
          }),
        );
      }
    }
    if (url.pathname === EVENTS_PATH) socket?.timeout?.(req, 0);
    if (req.method === "OPTIONS") {
      // No cross-origin use is offered (no CORS); say what the routes take.
      return new Response(null, { status: 204, headers: { Allow: "GET, HEAD, POST, PUT, PATCH, DELETE", ...SECURITY_HEADERS } });
    }
    let response: Response;
    let secure = false;
    const seen = { href: req.url };
    try {
      const prepared = await prepare(req, socket, url, seen);
      if (prepared instanceof Response) {
        response = prepared;
      } else {
        secure = prepared.url.startsWith("https:");
        const scan = prepared.method === "POST" ? SCAN_PATH.exec(url.pathname) : null;
        // Scans skip React Router's matching: the same handler the route module uses, answered here.
        response = scan ? await timerToggleResponse(prepared, scan[1], scan[2] as "start-timer" | "end-timer") : await handle(prepared);
      }
    } catch (error) {
      console.error(error);
      response = isApi
        ? Response.json({ message: "Something went wrong on the server" }, { status: 500 })
        : errorPage(500, "Something went wrong", "The server could not answer this request. Try again, or go back to the home page.");
    }
    if (isApi && response.status >= 400 && !response.headers.get("content-type")?.includes("json")) {
      // /api errors are always JSON, including the ones React Router itself answers (e.g. an unsupported method).
      const text = (await response.text()).trim();
      response = Response.json(
        { message: response.status === 405 ? "Method not allowed" : text.split("\n")[0] || response.statusText || "Request failed" },
        { status: response.status, headers: response.headers.get("retry-after") ? { "Retry-After": response.headers.get("retry-after")! } : undefined },
      );
    }
    try {
      for (const [k, v] of SECURITY_HEADER_LIST) if (!response.headers.has(k)) response.headers.set(k, v);
      if (secure) response.headers.set("Strict-Transport-Security", "max-age=31536000");
      // Two cookies of one name of ours (one planted from another port or path): the request was answered
      // signed out, and the answer deletes every copy (utils/cookies.server).
      for (const clear of clearDuplicateCookies(req.headers.get("cookie"), new URL(seen.href))) {
        response.headers.append("Set-Cookie", clear);
      }
      // Pages carry names, PINs' owners and job data: never kept in a cache or shown again by Back after logout.
      if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
    } catch {
      // immutable headers (a passed-through Response): leave them as they are
    }
    return compress(req, response);
  };
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Gzip for text answers when the browser takes it: a projects page is ~190 KB of HTML and the client bundle
 * ~450 KB of JavaScript, about a fifth of that compressed — what an old floor PC on shop Wi-Fi waits for.
 * Streams stay streams; PDFs, images and tiny answers go as they are.
 */
export function compress(req: Request, response: Response): Response {
  if (req.method === "HEAD" || !response.body || response.status === 204 || response.status === 304) return response;
  if (!/\bgzip\b/i.test(req.headers.get("accept-encoding") ?? "")) return response;
  const type = response.headers.get("content-type") ?? "";
  // An event stream is written event by event; gzip would hold events back until its buffer fills.
  if (response.headers.has("content-encoding") || !COMPRESSIBLE.test(type) || type.startsWith("text/event-stream")) return response;
  const length = Number(response.headers.get("content-length") ?? NaN);
  if (Number.isFinite(length) && length < MIN_COMPRESS_BYTES) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("Content-Encoding", "gzip");
  headers.append("Vary", "Accept-Encoding");
  return new Response(response.body.pipeThrough(new CompressionStream("gzip")), { status: response.status, statusText: response.statusText, headers });
}
