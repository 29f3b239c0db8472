import { t } from "@lingui/core/macro";
import { createRequestHandler, type ServerBuild } from "react-router";
import path from "node:path";
import { clearDuplicateCookies } from "~/http/cookies.server";
import { getEnv } from "~/infra/env.server";
import { errorPage } from "~/http/error-page.server";
import { clientAddress } from "~/domain/ip";
import { proxyMatcher } from "~/infra/trusted-proxies.server";
import { CLIENT_GONE_STATUS, CLIENT_IP_HEADER, ClientGone, clientGoneMessage } from "~/http/request.server";
import { unknownHostResponse } from "./host-check.server";
import { mayHaveRanges, withByteRanges } from "~/http/byte-ranges.server";
import { MultipartError } from "~/http/multipart.server";
import { can, type Permission } from "~/services/permissions.server";
import { routeRules, type Method, type RouteRules } from "./route-rules.server";
import { lookUpUser, rememberUser } from "~/services/session.server";
import { discardUploads, receiveMultipart, uploadTurn, uploadsBusyMessage } from "./uploads.server";
import { SCAN_ROUTES, timerToggleResponse } from "./timer-api.server";
import { pageDataValidation } from "./page-data-etag.server";
import { bearerToken, authenticateBearer } from "./token-auth.server";
import { recordRequest } from "~/infra/metrics.server";
import { answerIn, decidedLocale, inLanguageScope, type LanguageScope } from "~/infra/i18n.server";
import { DEFAULT_LANGUAGE, preferredLanguage } from "~/domain/languages";
import { requestLocale } from "~/services/language.server";
import { claimZodMessages } from "~/schemas/messages";
import { orList } from "~/domain/words";

// The one HTTP layer every request passes before React Router: static files, the public URL behind a proxy,
// cross-site refusal, body limits, the signed-out /api gate and the headers every answer carries. Rules that
// must hold for every route, present and future, live here rather than in each route.

const PUBLIC_API = new Set(["/api/auth/verify-pin", "/api/auth/sign-in-names"]);
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
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
const routePath = (pathname: string) => (pathname.endsWith(".data") ? pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : pathname);

type LargeBody = { limit: number; permission: Permission; upload?: "raw" | "multipart" };

/**
 * The route's rule for a body that may be larger than 64 KB (route-rules.server: each route declares its own),
 * with its size in bytes. A "multipart" upload rule is for multipart bodies only.
 */
function largeBody(rules: RouteRules | null, method: string, type: string, maxUploadBytes: number): LargeBody | null {
  const rule = rules?.body(method);
  if (!rule || (rule.upload === "multipart" && type !== "multipart/form-data")) return null;
  const limit = rule.limit === "csv" ? CSV_BODY_LIMIT : rule.upload === "multipart" ? maxUploadBytes + 64 * KB : maxUploadBytes;
  return { limit, permission: rule.permission, upload: rule.upload };
}

/** Content types an /api write may send: JSON unless the route names others for the method. */
const apiBodyTypes = (rules: RouteRules | null, method: string): readonly string[] => rules?.body(method)?.types ?? ["application/json"];

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

/**
 * Text browsers on old floor PCs (lynx, links, ELinks, w3m): they never show the body of a 401 that asks for no
 * HTTP authentication (lynx -dump prints only "Can't retry with authorization"), so the 'Access Denied' page a
 * signed-out visit gets is lost on them.
 */
const TEXT_BROWSER = /^(?:Lynx|Links|ELinks|w3m)\b/i;

/**
 * A signed-out page visit from a text browser goes to the sign-in page instead (303), which brings it back after the
 * PIN; every other client keeps the 401 page, and JSON callers (/api, `Accept: application/json`) their 401 JSON.
 */
export function textBrowserSignIn(request: Request, url: URL, response: Response): Response | null {
  if (response.status !== 401 || (request.method !== "GET" && request.method !== "HEAD")) return null;
  if (url.pathname.startsWith("/api/") || url.pathname.endsWith(".data")) return null;
  if (!TEXT_BROWSER.test(request.headers.get("user-agent") ?? "")) return null;
  const accept = request.headers.get("accept") ?? "";
  if (/application\/json/i.test(accept) && !/text\/html/i.test(accept)) return null;
  const back = url.pathname === "/login" ? "/" : url.pathname + url.search;
  return new Response(null, { status: 303, headers: { Location: `/login?redirectTo=${encodeURIComponent(back)}`, "Cache-Control": "no-store" } });
}

/** Who asks, for the request's language: the request as the HTTP layer hands it on (with its member remembered). */
class Asker implements LanguageScope {
  locale?: LanguageScope["locale"];
  constructor(public request: Request) {}
  decide() {
    return requestLocale(this.request);
  }
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
  return isApi ? Response.json({ message }, { status, headers: { "Cache-Control": "no-store" } }) : errorPage(status, title, message);
}

const tooLarge = (isApi: boolean, limit: number) => {
  const most = sizeText(limit);
  return refuse(isApi, 413, t`Too Large`, t`The request body is too large (at most ${most} here).`);
};

/**
 * A write refused before its body was read: the connection is closed after the answer instead of being kept
 * for another request. The body is read on and thrown away first (IncomingBody.finish, after the answer is
 * made): a client still sending it would otherwise find the connection reset and never read the answer.
 */
function unreadRefusal(req: Request, seen: { body?: IncomingBody }, length: number | null, response: Response): Response {
  if (req.body) {
    seen.body ??= new IncomingBody(req.body, length !== null && Number.isFinite(length) ? length : null);
    response.headers.set("Connection", "close");
  }
  return response;
}

/** 405 for a method the route does not take: Allow names what it does, and the body is the route's kind. */
function methodRefusal(isApi: boolean, method: string, allowed: Method[]): Response {
  const list = allowed.join(", ");
  const response = isApi
    ? refuse(true, 405, "", t`Method not allowed: this address does not take ${method}. It takes ${list}.`)
    : errorPage(405, t`Not Allowed`, t`This page cannot take a ${method} request (it takes ${list}). Go back and try again.`);
  response.headers.set("Allow", list);
  return response;
}

/**
 * A write's body as the layer reads it: whole up to a limit, or streamed on to the route. What is left unread when
 * the answer is ready (a refusal, a route that stopped early) is read on and thrown away by `finish`, at most `cap`
 * bytes in all: Bun resets a connection closed with bytes still arriving, and the client, still sending, loses the
 * answer. Only a body larger than any route takes is cut off unread.
 */
export class IncomingBody {
  private reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  private ended = false;
  private received = 0;
  /** The client closed the connection before the body had all arrived. */
  gone = false;

  constructor(
    private readonly body: ReadableStream<Uint8Array>,
    private readonly declared: number | null,
  ) {}

  private async next(): Promise<Uint8Array | null> {
    this.reader ??= this.body.getReader();
    let read: Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>["read"]>>;
    try {
      read = await this.reader.read();
    } catch (error) {
      // Bun ends the body of a request whose connection closed with an AbortError: the client left, nothing broke.
      if ((error as { name?: unknown } | null)?.name !== "AbortError") throw error;
      this.gone = true;
      throw new ClientGone();
    }
    const { done, value } = read;
    if (done) {
      this.ended = true;
      return null;
    }
    this.received += value.byteLength;
    return value;
  }

  /** The whole body when it is at most `limit` bytes; null when it is longer (the rest is left for `finish`). */
  async readUpTo(limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
    const chunks: Uint8Array[] = [];
    for (;;) {
      const chunk = await this.next();
      if (chunk === null) break;
      if (this.received > limit) return null;
      chunks.push(chunk);
    }
    const out = new Uint8Array(this.received);
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.byteLength;
    }
    return out;
  }

  /** The body for a route to stream (an upload): it fails past `limit`; cancelling it leaves the rest for `finish`. */
  stream(limit: number): ReadableStream<Uint8Array> {
    let stopped = false;
    return new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          const chunk = await this.next();
          if (stopped) return;
          if (chunk === null) controller.close();
          else if (this.received > limit) controller.error(new RangeError("The request body is too large"));
          else controller.enqueue(chunk);
        },
        cancel: () => {
          stopped = true;
        },
      },
      { highWaterMark: 0 },
    );
  }

  /** How much of the body arrived, and how much was declared (null: sent chunked). */
  get progress(): { received: number; declared: number | null } {
    return { received: this.received, declared: this.declared };
  }

  /** Reads what is left and throws it away, at most `cap` bytes in all; false when it stopped short (close the connection). */
  async finish(cap: number): Promise<boolean> {
    if (this.ended) return true;
    if (this.gone) return false;
    if (this.declared === null || this.declared <= cap) {
      while (this.received <= cap) if ((await this.next().catch(() => null)) === null) return this.ended;
    }
    this.reader ??= this.body.getReader();
    await this.reader.cancel().catch(() => {});
    return false;
  }
}

/**
 * 415's advice to a program: the body types this call takes, in words ('application/pdf or
 * application/octet-stream'). A route that also takes a body without a Content-Type header lists "" among its
 * types (route-rules.server), which is said as such rather than listed.
 */
function sendBodyAs(types: readonly string[]): string {
  const list = orList(types.filter((type) => type !== ""));
  if (types.includes("")) return t`Send the body as ${list} (Content-Type header), or with no Content-Type header.`;
  return t`Send the body as ${list} (Content-Type header).`;
}

/**
 * A body sent compressed (any Content-Encoding but identity): the server reads bodies as they are sent, so a
 * gzip-encoded JSON would otherwise be read as broken JSON. 415 with Accept-Encoding: identity, as HTTP asks
 * (docs/product.md, Decisions: API bodies).
 */
function encodedBody(request: Request): boolean {
  const encoding = request.headers.get("content-encoding");
  if (encoding === null) return false;
  return encoding.split(",").some((coding) => {
    const name = coding.trim().toLowerCase();
    return name !== "" && name !== "identity";
  });
}

function encodingRefusal(isApi: boolean): Response {
  const response = refuse(
    isApi,
    415,
    t`Unsupported Form`,
    isApi
      ? t`The server does not take compressed bodies (Content-Encoding). Send the body uncompressed, without a Content-Encoding header.`
      : t`The form was sent compressed (Content-Encoding), which this page cannot read. Go back and try again.`,
  );
  response.headers.set("Accept-Encoding", "identity");
  return response;
}

const sizeText = (bytes: number) => (bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / KB)} KB`);

/**
 * docs/product.md (Decisions): signed out, every /api call but sign-in answers 401, whatever the route or method. Each handler
 * still checks its own permission; this makes the rule hold for methods a route does not handle. Returns the
 * user it looked up (null for pages and sign-in, which look up their own) so the route does not look again.
 */
function apiGate(
  isApi: boolean,
  pathname: string,
  headers: Headers,
  secure: boolean,
  call: { method: string; route: string | undefined },
  url?: URL,
): Response | ReturnType<typeof lookUpUser> | undefined {
  if (!isApi || PUBLIC_API.has(pathname)) return undefined;
  // A TV board's event stream carries its board key instead of a session; the route checks the key.
  if (pathname === EVENTS_PATH && url?.searchParams.has("key")) return undefined;
  // A program's API token (decision 0041), on /api only: the request is judged by the token alone.
  const bearer = bearerToken(headers);
  if (bearer !== null) return authenticateBearer(bearer, { method: call.method, route: call.route ?? pathname, ip: headers.get(CLIENT_IP_HEADER) });
  const user = lookUpUser(headers, secure);
  if (!user) return Response.json({ message: t`Authentication required` }, { status: 401, headers: { "Cache-Control": "no-store" } });
  return user;
}

function remember(request: Request, user: ReturnType<typeof lookUpUser> | undefined): Request {
  if (user !== undefined) rememberUser(request, user);
  return request;
}

export function createFetchHandler(build: ServerBuild, opts: { staticSource: StaticSource; mode?: string }) {
  const handle = createRequestHandler(build, opts.mode ?? process.env.NODE_ENV ?? "production");
  const env = getEnv();
  const trusted = proxyMatcher(env.TRUST_PROXY);
  const maxUploadBytes = Math.ceil(env.MAX_UPLOAD_MB * MB);
  // What is read of a refused body, at most, so that its client gets the answer: as much as any route takes.
  const drainCap = Math.max(maxUploadBytes + 64 * KB, CSV_BODY_LIMIT);

  const rulesOf = routeRules(build);
  // Live pages' data answers 304 when nothing they show changed (decision 0034).
  const answer = pageDataValidation(build);

  /** What one request leaves for after its answer: the public URL, an upload turn to give back. */
  type Seen = { href: string; release?: () => void; handedOn?: Request; rules?: RouteRules | null; body?: IncomingBody };

  /**
   * What the request goes on as, or the refusal it gets. Synchronous up to the reading of a body (a floor scan has
   * none): a request answered in a few tens of microseconds should not pay for promises it never waits on.
   */
  function prepare(req: Request, socket: SocketInfo | null, url: URL, seen: Seen): Request | Response | Promise<Request | Response> {
    const isApi = url.pathname.startsWith("/api/");
    const peer = socket?.requestIP(req)?.address ?? "unknown";
    const peerTrusted = trusted(peer);
    // Bun's request headers may be changed in place: the client address goes in without copying every header (a
    // client's own value of that header is overwritten). The request itself is handed on as it came unless its
    // URL or body must change, which spares two copies on the floor's hottest calls (decision 0019).
    const headers = req.headers;
    headers.set(CLIENT_IP_HEADER, clientAddress(peer, req.headers.get("x-forwarded-for"), trusted));
    const href = publicUrl(req, peerTrusted);
    const unknownHost = unknownHostResponse(href, isApi);
    if (unknownHost) return unknownHost;
    seen.href = href;
    const method = req.method.toUpperCase();
    const sameUrl = href === req.url;
    const secure = href.startsWith("https:");
    const rules = (seen.rules = rulesOf(routePath(url.pathname)));
    const allowed = rules?.methods ?? null;
    if (SAFE_METHODS.has(method)) {
      const gate = apiGate(isApi, url.pathname, headers, secure, { method, route: rules?.pattern }, url);
      if (gate instanceof Response) return gate;
      // No cross-origin use is offered (no CORS): OPTIONS says which methods this address takes.
      if (method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: (allowed ?? ALL_METHODS).join(", ") } });
      if (allowed && !allowed.includes(method as Method)) return methodRefusal(isApi, method, allowed);
      // HEAD is answered as the GET it stands for (same status and headers); the server sends no body.
      if (method === "HEAD") return remember(new Request(href, { method: "GET", headers, signal: req.signal }), gate);
      return remember(sameUrl ? req : new Request(href, { method, headers, signal: req.signal }), gate);
    }

    const declared = req.headers.get("content-length");
    const length = declared === null ? null : Number(declared);
    const why = crossSiteRefusal(req, sameUrl ? url.origin : new URL(href).origin);
    if (why) {
      return unreadRefusal(
        req,
        seen,
        length,
        refuse(isApi, 403, t`Access Denied`, t`This request came from another site, so it was refused. Open Shopflow itself and try again.`),
      );
    }
    // Before any body is read: a signed-out client gets its 401 without the server keeping what it sent.
    const gate = apiGate(isApi, url.pathname, headers, secure, { method, route: rules?.pattern });
    if (gate instanceof Response) return unreadRefusal(req, seen, length, gate);
    if (allowed && !allowed.includes(method as Method)) return unreadRefusal(req, seen, length, methodRefusal(isApi, method, allowed));
    // Pages look their member up here too (kept for the route): how much may be read depends on who sends it.
    const user = gate !== undefined ? gate : lookUpUser(headers, secure);
    const type = mediaType(req);
    const large = largeBody(rules, method, type, maxUploadBytes);
    const limit = large && can(user, large.permission) ? large.limit : JSON_BODY_LIMIT;
    // Browsers send Content-Length (0 for an empty POST); a body without one arrives chunked.
    const hasBody = length !== null ? length > 0 : req.body !== null;
    if (length !== null && (!Number.isFinite(length) || length > limit)) return unreadRefusal(req, seen, length, tooLarge(isApi, limit));

    if (hasBody) {
      if (encodedBody(req)) return unreadRefusal(req, seen, length, encodingRefusal(isApi));
      const allowedTypes = isApi ? apiBodyTypes(rules, method) : PAGE_BODY_TYPES;
      if (!allowedTypes.includes(type)) {
        return unreadRefusal(
          req,
          seen,
          length,
          refuse(
            isApi,
            415,
            t`Unsupported Form`,
            isApi ? sendBodyAs(allowedTypes) : t`The form was sent in a way this page cannot read. Go back and try again.`,
          ),
        );
      }
    }
    const init = { method, headers, signal: req.signal };
    if (!hasBody || req.body === null) {
      if (isApi) return remember(sameUrl ? req : new Request(href, init), user);
      // A page write without a body is an empty form, so an action's formData() reads it instead of throwing.
      headers.set("content-type", "application/x-www-form-urlencoded");
      return remember(new Request(href, { ...init, body: "" }), user);
    }
    return readBody({ req, seen, href, init, isApi, large, limit, length, user, body: req.body });
  }

  type BodyRead = {
    req: Request;
    seen: Seen;
    href: string;
    init: { method: string; headers: Headers; signal: AbortSignal };
    isApi: boolean;
    large: LargeBody | null;
    limit: number;
    length: number | null;
    user: ReturnType<typeof lookUpUser> | undefined;
    body: ReadableStream<Uint8Array>;
  };

  /** The request with its body read (or streamed to an upload's route), or the refusal it gets. */
  async function readBody({ req, seen, href, init, isApi, large, limit, length, user, body: incoming }: BodyRead): Promise<Request | Response> {
    const unread = (response: Response) => unreadRefusal(req, seen, length, response);
    if (large?.upload && limit === large.limit) {
      // A design upload: one of at most two received at a time, written to disk as it arrives.
      const release = await uploadTurn(req.signal);
      if (!release) {
        const busy = unread(refuse(isApi, 503, t`Busy`, uploadsBusyMessage()));
        busy.headers.set("Retry-After", "60");
        return busy;
      }
      seen.release = release;
      if (large.upload === "raw") {
        // The route streams it to disk; the stream fails past the limit and the route answers 413. It goes on
        // without the client's abort signal: a client that leaves ends the stream (ClientGone) and the route gives
        // its link back before answering, where React Router would answer 500 at the abort and leave it running.
        const body = (seen.body = new IncomingBody(incoming, length));
        const { method, headers } = init;
        return remember(new Request(href, { method, headers, body: body.stream(limit), duplex: "half" } as RequestInit), user);
      }
      try {
        const body = (seen.body = new IncomingBody(incoming, length));
        const streamed = new Request(href, { ...init, body: body.stream(limit), duplex: "half" } as RequestInit);
        const handedOn = await receiveMultipart(streamed, init, href, maxUploadBytes, JSON_BODY_LIMIT);
        seen.handedOn = handedOn;
        return remember(handedOn, user);
      } catch (error) {
        if (!(error instanceof MultipartError)) throw error;
        const most = sizeText(maxUploadBytes);
        const message = error.status === 413 ? t`The file is too large (at most ${most}).` : error.message;
        return unread(refuse(isApi, error.status, error.status === 413 ? t`Too Large` : t`Bad Request`, message));
      }
    }
    const body = (seen.body = new IncomingBody(incoming, length));
    const bytes = await body.readUpTo(limit);
    if (bytes === null) return unread(tooLarge(isApi, limit));
    const request = new Request(href, { ...init, body: bytes });
    if (!isApi && (mediaType(request) === "multipart/form-data" || mediaType(request) === "application/x-www-form-urlencoded")) {
      // A form that cannot be parsed (a bad multipart boundary) is the sender's mistake, not a server error.
      try {
        await request.clone().formData();
      } catch {
        return refuse(false, 400, t`Bad Request`, t`The form could not be read. Go back and try again.`);
      }
    }
    return remember(request, user);
  }

  // Each request speaks its own language (docs/product.md, Languages), decided when its first word is translated:
  // by then the member or token is known, and answers that translate nothing never decide at all.
  return function fetch(req: Request, socket: SocketInfo | null): Promise<Response> {
    claimZodMessages();
    const asker = new Asker(req);
    return inLanguageScope(asker, answerRequest, req, socket, asker);
  };

  async function answerRequest(req: Request, socket: SocketInfo | null, asker: Asker): Promise<Response> {
    const started = performance.now();
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      // Bun hands an HTTP/1.0 request without a Host header over with a relative URL: no site to answer for, and
      // no member or cookie of one to look up. The browser's own Accept-Language says the language.
      answerIn(preferredLanguage(req.headers.get("accept-language")) ?? DEFAULT_LANGUAGE);
      return errorPage(400, t`Bad Request`, t`The request has no Host header, so the address could not be read.`);
    }
    const isApi = url.pathname.startsWith("/api/");
    if ((req.method === "GET" || req.method === "HEAD") && !isApi && url.pathname !== "/" && /\.[A-Za-z0-9]+$/.test(url.pathname)) {
      const file = await opts.staticSource(url.pathname);
      if (file) {
        recordRequest("static", null, req.method, 200, (performance.now() - started) / 1000);
        const immutable = url.pathname.startsWith("/assets/");
        // HEAD gets the file too: the server sends its headers (its length included) and no body.
        return compress(
          req,
          new Response(file, {
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
    let response: Response;
    let secure = false;
    const seen: Seen = { href: req.url };
    try {
      const ready = prepare(req, socket, url, seen);
      const prepared = ready instanceof Promise ? await ready : ready;
      if (prepared instanceof Response) {
        response = prepared;
      } else {
        asker.request = prepared;
        secure = prepared.url.startsWith("https:");
        const scan = prepared.method === "POST" && seen.rules ? SCAN_ROUTES[seen.rules.id] : undefined;
        // Scans skip React Router's matching: the same handler the route module uses, answered here.
        response = scan ? await timerToggleResponse(prepared, seen.rules!.params.id, scan) : await answer(prepared, seen.rules ?? null, handle);
        if (mayHaveRanges(req, response)) response = await withByteRanges(req, response, isApi);
      }
    } catch (error) {
      if (error instanceof ClientGone) {
        response = refuse(isApi, CLIENT_GONE_STATUS, t`Connection Closed`, clientGoneMessage());
      } else {
        console.error(error);
        response = isApi
          ? Response.json({ message: t`Something went wrong on the server` }, { status: 500 })
          : errorPage(500, t`Something went wrong`, t`The server could not answer this request. Try again, or go back to the home page.`);
      }
    } finally {
      seen.release?.();
      if (seen.handedOn) discardUploads(seen.handedOn);
    }
    if (seen.body?.gone) {
      // By the route's pattern: an upload's address carries its token, which stays out of the log.
      const { received, declared } = seen.body.progress;
      const of = declared === null ? "" : ` of ${declared}`;
      console.log(
        `${req.method} ${seen.rules?.pattern ?? url.pathname}: the client closed the connection before its request body arrived (${received}${of} bytes)`,
      );
    }
    // Before the answer goes: what the client is still sending is read and thrown away, or it never reads the answer.
    if (seen.body && !(await seen.body.finish(drainCap))) {
      try {
        response.headers.set("Connection", "close");
      } catch {
        // immutable headers (a passed-through Response): the connection ends all the same
      }
    }
    response = textBrowserSignIn(req, url, response) ?? response;
    if (isApi && response.status >= 400 && !response.headers.get("content-type")?.includes("json")) {
      // /api errors are always JSON, including the ones React Router itself answers (e.g. an unsupported method).
      const text = (await response.text()).trim();
      const keep = new Headers();
      for (const name of ["retry-after", "allow", "content-range"]) if (response.headers.has(name)) keep.set(name, response.headers.get(name)!);
      response = Response.json(
        { message: response.status === 405 ? t`Method not allowed` : text.split("\n")[0] || response.statusText || t`Request failed` },
        { status: response.status, headers: keep },
      );
    }
    try {
      for (const [k, v] of SECURITY_HEADER_LIST) if (!response.headers.has(k)) response.headers.set(k, v);
      // A 405 the route answered itself names what it takes, as the layer's own do.
      if (response.status === 405 && !response.headers.has("Allow")) response.headers.set("Allow", (seen.rules?.methods ?? ALL_METHODS).join(", "));
      if (secure) response.headers.set("Strict-Transport-Security", "max-age=31536000");
      // The answer's language (docs/product.md, Languages): what a program's token or Accept-Language got it. An
      // answer that said nothing in words (a health check, a list of records) has none, and deciding it would
      // look up the session for nothing.
      const spoken = decidedLocale();
      if (spoken && !response.headers.has("Content-Language")) response.headers.set("Content-Language", spoken);
      // Two cookies of one name of ours (one planted from another port or path): the request was answered
      // signed out, and the answer deletes every copy (http/cookies.server).
      for (const clear of clearDuplicateCookies(req.headers.get("cookie"), seen.href)) {
        response.headers.append("Set-Cookie", clear);
      }
      // Pages carry names, PINs' owners and job data: never kept in a cache or shown again by Back after logout.
      if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
    } catch {
      // immutable headers (a passed-through Response): leave them as they are
    }
    // For /metrics (decision 0041): by the route's pattern, never the path with its ids.
    recordRequest(seen.rules?.pattern ?? "none", seen.rules?.id ?? null, req.method, response.status, (performance.now() - started) / 1000);
    return compress(req, response);
  }
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/;
const MIN_COMPRESS_BYTES = 1024;
const WHOLE_BYTES = 64 * KB;

/**
 * Gzip for text answers when the browser takes it: a projects page is ~190 KB of HTML and the client bundle
 * ~450 KB of JavaScript, about a fifth of that compressed — what an old floor PC on shop Wi-Fi waits for.
 * PDFs, images and event streams go as they are. An answer that ends within 64 KB is compressed in one go and
 * sent with its length; a longer one streams. So a GET and the HEAD standing for it get the same headers,
 * Content-Length included, however fast the body was made.
 */
export function compress(req: Request, response: Response): Response | Promise<Response> {
  // The body is asked for last: reading `response.body` makes a stream of an answer built from a string, which a
  // caller that takes no gzip (a scanner's program, most API clients) never needs. Only an answer that may be
  // compressed waits on anything.
  if (response.status === 204 || response.status === 304) return response;
  if (!/\bgzip\b/i.test(req.headers.get("accept-encoding") ?? "")) return response;
  const type = response.headers.get("content-type") ?? "";
  // An event stream is written event by event; gzip would hold events back until its buffer fills.
  if (response.headers.has("content-encoding") || !COMPRESSIBLE.test(type) || type.startsWith("text/event-stream")) return response;
  const length = Number(response.headers.get("content-length") ?? NaN);
  if (Number.isFinite(length) && length < MIN_COMPRESS_BYTES) return response;
  if (!response.body) return response;
  return gzipped(response, response.body);
}

async function gzipped(response: Response, body: ReadableStream<Uint8Array>): Promise<Response> {
  const init = { status: response.status, statusText: response.statusText };
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  while (size <= WHOLE_BYTES) {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  if (ended) {
    const bytes = Buffer.concat(chunks);
    const body = size < MIN_COMPRESS_BYTES ? bytes : Bun.gzipSync(bytes);
    if (body !== bytes) {
      headers.set("Content-Encoding", "gzip");
      headers.append("Vary", "Accept-Encoding");
    }
    headers.set("Content-Length", String(body.byteLength));
    return new Response(body, { ...init, headers });
  }
  headers.set("Content-Encoding", "gzip");
  headers.append("Vary", "Accept-Encoding");
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(rest.pipeThrough(new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>), { ...init, headers });
}
