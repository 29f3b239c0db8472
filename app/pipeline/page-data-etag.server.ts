import { createHash } from "node:crypto";
import type { ServerBuild } from "react-router";
import { cookieName, cookieValue } from "~/http/cookies.server";
import { LIVE_SEEN_HEADER } from "~/domain/live-data";
import { versionOf } from "~/infra/change-notices.server";
import { noticeSeqOf } from "~/infra/event-stream.server";
import { BOARD_SCOPES, boardKeyId } from "~/models/board.server";
import type { RouteRules } from "./route-rules.server";
import { getUser, SESSION_COOKIE } from "~/services/session.server";

// A live page's data answers 304 Not Modified when nothing it shows has changed (decision 0034). Every scan makes
// every open live page ask for its data again (components/live.tsx); most of them (the floor, the other machines'
// queues) show nothing the scan changed. Their data answer (React Router's `<page>.data`) carries an ETag built
// from the versions of what the page shows (kept with the change notices, infra/change-notices.server.ts), who
// asks (the session and its member, or the board link), the address, the build and the minute; a reload that
// sends it back while all of those are the same is answered 304 without running a loader.

type Params = Record<string, string | undefined>;
type LivePage = {
  /** The scopes of what the page's loader reads (infra/change-notices.server.ts scopesOf). */
  scopes: (params: Params) => readonly string[];
  /**
   * Who may see the page without a session (a TV's board link): undefined when the address names none, null when
   * the one it names is not valid (the loader answers that), else the viewer's name for the ETag.
   */
  viewer?: (url: URL) => string | null | undefined;
};

const decoded = (value: string | undefined) => {
  try {
    return decodeURIComponent(value ?? "");
  } catch {
    return value ?? "";
  }
};

const floor: LivePage = { scopes: () => ["machine-files", "projects"] };

/**
 * The live pages by route id (app/routes.ts), with what their loaders read. A page that follows every change
 * (`*`) still gets its 304 when nothing at all changed; narrower scopes pay where a page hears notices its data
 * does not depend on. Every page also follows `reference` (departments, members, settings: what the root and
 * every page read). tests/unit/page-data-etag.test.ts checks that every page calling useLiveData is listed.
 */
export const LIVE_PAGES: Readonly<Record<string, LivePage>> = {
  // Stations and their waiting files; a project's deletion takes its files with it.
  production: floor,
  "production-floor": floor,
  // One machine's files, with their projects, first items (names, not timers) and who assigned them.
  "routes/machine-queue": {
    scopes: (p) => [`machine-files:${decoded(p.machine)}`, "machine-files:*", "items", "item-files", "projects"],
  },
  // Running and waiting items, today's counts and the machines' queues.
  "routes/board": {
    scopes: () => BOARD_SCOPES,
    viewer: (url) => {
      const key = url.searchParams.get("key");
      if (key === null) return undefined;
      const id = boardKeyId(key);
      return id === null ? null : `board-link:${id}`;
    },
  },
  "routes/project-detail": { scopes: () => ["*"] },
  "routes/item-detail": { scopes: () => ["*"] },
  "routes/items": { scopes: () => ["*"] },
  "routes/pre-production": { scopes: () => ["*"] },
  // A department's work list (decision 0037): the items in that department (and what leaves it), their
  // projects, designs and machine files.
  "routes/work-list": {
    scopes: (p) => [`items-in:${decoded(p.department)}`, "items-in:*", "projects", "designs", "item-files", "machine-files"],
  },
};

/** Cookies a loader reads once and clears (a flash toast, a scan's flash): an answer carrying them is never skipped. */
const READ_ONCE_COOKIE = /(?:^|;)\s*(?:__Host-)?shopflow_(?:toast|flash)=/;
const MINUTE_MS = 60_000;

/**
 * The ETag of a live page's data answer, or null when the request is not one to validate: not a GET of a live
 * page's `.data`, a read-once cookie to deliver, or nobody entitled to the page (the loaders answer that: the
 * sign-in redirect, the board link's 401).
 */
export function pageDataETag(request: Request, rules: RouteRules | null, buildVersion: string, now = Date.now()): string | null {
  if (request.method !== "GET" || !rules) return null;
  const page = LIVE_PAGES[rules.id];
  if (!page) return null;
  const url = new URL(request.url);
  if (!url.pathname.endsWith(".data")) return null;
  const cookies = request.headers.get("cookie");
  if (cookies && READ_ONCE_COOKIE.test(cookies)) return null;
  const viewer = page.viewer?.(url);
  if (viewer === null) return null;
  // Looked up once for the request: the loaders that run after a miss use the same answer (session.server getUser).
  const user = getUser(request);
  if (!user && viewer === undefined) return null;
  const session = user ? (cookieValue(cookies, cookieName(request, SESSION_COOKIE)) ?? "") : "";
  // Relative times ('5 minutes ago'), 'today' and the queue's last day move with the clock, not with a notice.
  const minute = Math.floor(now / MINUTE_MS);
  const versions = versionOf(["reference", ...page.scopes(rules.params)]);
  const hash = createHash("sha256")
    .update(JSON.stringify([buildVersion, url.pathname, url.search, session, user, viewer ?? null, minute, versions]))
    .digest("base64url");
  return `W/"${hash.slice(0, 32)}"`;
}

/** The notice a live reload says it has seen (LIVE_SEEN_HEADER), as this process numbers notices, or null. */
export function seenNotice(request: Request): number | null {
  return noticeSeqOf(request.headers.get(LIVE_SEEN_HEADER));
}

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 has it for If-None-Match). */
export function validatorMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

/**
 * Answers a request through `handle`, or with 304 when it is a live page's data request whose validator still
 * holds. A 200 answer of such a request gets its ETag, unless it sets a cookie (its effect would be skipped the
 * next time).
 */
export function pageDataValidation(build: ServerBuild) {
  const buildVersion = build.assets?.version ?? "";
  return async (request: Request, rules: RouteRules | null, handle: (request: Request) => Promise<Response>): Promise<Response> => {
    const etag = pageDataETag(request, rules, buildVersion);
    if (etag === null) return handle(request);
    if (validatorMatches(request.headers.get("if-none-match"), etag)) {
      return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": "no-store" } });
    }
    const response = await handle(request);
    if (response.status === 200 && !response.headers.has("set-cookie")) {
      try {
        response.headers.set("ETag", etag);
      } catch {
        // immutable headers: the answer goes without a validator
      }
    }
    return response;
  };
}
