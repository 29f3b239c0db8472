// A live page's reload asks the server whether its data changed (decision 0034). React Router fetches a page's data
// (`/production.data`) with a plain fetch(), and the answers say `Cache-Control: no-store` (they carry names and job
// data: never kept in the browser's cache), so the browser never revalidates them by itself. This module keeps, in
// memory, the last few data answers that came with an ETag; a live reload sends the ETag of the one it has for its
// address (If-None-Match), and a 304 is handed to React Router as that kept answer. Only live reloads send one: a
// reload after a form post, or a navigation, always gets a full answer.

import { LIVE_SEEN_HEADER } from "~/domain/live-data";

type Kept = { etag: string; body: ArrayBuffer; status: number; statusText: string; headers: [string, string][]; seq: number };

export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** Pages' data is small; a handful of answers covers the pages a tab goes between. */
const KEEP_ANSWERS = 6;
const KEEP_BYTES = 2 * 1024 * 1024;

/** The address React Router fetches a page's data from (its single fetch: `/a/b` → `/a/b.data`, `/` → `/_.data`). */
const dataPathOf = (pathname: string) => (pathname.endsWith("/") ? `${pathname}_.data` : `${pathname}.data`);

/**
 * One tab's validators. `next` does the requests; `base` is the page's own address, for relative URLs. Anything but
 * a GET of page data goes through `fetch` untouched.
 */
export function dataValidators(next: FetchLike, base: () => string) {
  /** Answers kept, by address, most recent last. */
  const kept = new Map<string, Kept>();
  let seq = 0;
  /** The data path the next live reload fetches (one request takes it), or null; and the notice it has seen. */
  let armed: string | null = null;
  let seen: string | null = null;

  function keep(key: string, etag: string, response: Response) {
    const mine = ++seq;
    const headers = [...response.headers].filter(([name]) => name !== "content-encoding" && name !== "content-length");
    void response
      .arrayBuffer()
      .then((body) => {
        const current = kept.get(key);
        if ((current && current.seq > mine) || body.byteLength > KEEP_BYTES) return;
        kept.delete(key);
        kept.set(key, { etag, body, status: response.status, statusText: response.statusText, headers, seq: mine });
        while (kept.size > KEEP_ANSWERS) kept.delete(kept.keys().next().value!);
      })
      .catch(() => kept.delete(key));
  }

  const fetch: FetchLike = async (input, init) => {
    const request = input instanceof Request ? input : null;
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    let url: URL;
    try {
      url = new URL(request?.url ?? String(input), base());
    } catch {
      return next(input, init);
    }
    if (method !== "GET" || !url.pathname.endsWith(".data")) return next(input, init);
    const key = url.href;
    const mine = armed !== null && armed === url.pathname;
    const mineSeen = mine ? seen : null;
    if (mine) armed = seen = null;
    const prior = mine ? kept.get(key) : undefined;
    let response: Response;
    if (prior || mineSeen) {
      const headers = new Headers(init?.headers ?? request?.headers);
      if (prior) headers.set("If-None-Match", prior.etag);
      if (mineSeen) headers.set(LIVE_SEEN_HEADER, mineSeen);
      response = await next(input, { ...init, headers, ...(prior ? { cache: "no-store" as const } : {}) });
      if (prior && response.status === 304) {
        // Unchanged: React Router gets the answer it had, as if it had just come.
        return new Response(prior.body.slice(0), { status: prior.status, statusText: prior.statusText, headers: prior.headers });
      }
    } else response = await next(input, init);
    const etag = response.headers.get("etag");
    if (response.status === 200 && etag) keep(key, etag, response.clone());
    else kept.delete(key);
    return response;
  };

  return {
    fetch,
    /**
     * Runs a live reload of the page at `pathname`: its data request may send the validator last got for it, and
     * names `seenNotice`, the last notice this tab has seen (an event id), when there is one.
     */
    async withValidator<T>(pathname: string, reload: () => Promise<T>, seenNotice: string | null = null): Promise<T> {
      armed = dataPathOf(pathname);
      seen = seenNotice;
      try {
        return await reload();
      } finally {
        armed = seen = null;
      }
    },
    /** A form sent from the page: the data requests that follow it are not a live reload's. */
    disarm() {
      armed = seen = null;
    },
  };
}

let tab: ReturnType<typeof dataValidators> | null = null;

/** Puts this tab's validators in front of its fetch, once. */
export function installDataValidators() {
  if (tab || typeof window === "undefined") return;
  tab = dataValidators(window.fetch.bind(window), () => window.location.href);
  window.fetch = tab.fetch as typeof window.fetch;
  document.addEventListener("submit", () => tab?.disarm(), true);
}

/** Runs a live reload of the page at `pathname` with this tab's validators (as it is without them if not installed). */
export function withValidator<T>(pathname: string, reload: () => Promise<T>, seenNotice: string | null = null): Promise<T> {
  return tab ? tab.withValidator(pathname, reload, seenNotice) : reload();
}
