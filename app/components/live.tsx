import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { installDataValidators, withValidator } from "~/browser/data-validators";
import { liveReloads } from "~/browser/live-reloads";

// Live pages (decision 0016): one EventSource on /api/events per browser (decision 0027), shared
// by every page of every tab that listens. A page says which notices concern it; a burst of them reloads its data
// once (React Router's revalidation: no scroll, and form fields the user is typing in keep their text), and the
// reload sends the validator of the data it shows, so an unchanged page costs the server a 304 (decision 0034).
// Without JavaScript the pages are what they always were, with a Refresh link.

export type LiveNotice = { entity: string; id: number | string | null; action: string; projectId: number | null; department: string | null; at: number };
export type LiveStatus = "connecting" | "live" | "reconnecting" | "closed";

/**
 * A form sent from the page holds live reloads until the navigation or fetcher it starts has settled. The rendered
 * navigation state that otherwise holds them back lags the router's own (React renders it in a transition): a
 * reload started in that gap restarts the post's redirect, and the answer it drops carried the flash toast ('Step
 * Updated', seen lost in CI on a busy machine). So the latch closes on the submit event itself, stays closed while
 * the submission shows as under way, and opens once it has shown and ended, however long the post takes.
 */
let submitLatch: { at: number; seenBusy: boolean } | null = null;
/**
 * A submit that never shows as under way (the form's own checks refused it in the browser) holds reloads no longer
 * than this; a submission React Router takes shows within a render, even on a slow floor PC.
 */
export const SUBMIT_START_BOUND_MS = 5_000;
let submitWatched = false;

function watchSubmits() {
  if (submitWatched || typeof document === "undefined") return;
  submitWatched = true;
  document.addEventListener("submit", () => (submitLatch = { at: performance.now(), seenBusy: false }), true);
}

/** The page's rendered navigation and fetcher state, as the latch sees it (from an effect, after each commit). */
function followSubmission(busy: boolean) {
  if (!submitLatch) return;
  if (busy) submitLatch.seenBusy = true;
  else if (submitLatch.seenBusy) submitLatch = null;
}

function submissionPending(): boolean {
  if (!submitLatch) return false;
  if (!submitLatch.seenBusy && performance.now() - submitLatch.at > SUBMIT_START_BOUND_MS) submitLatch = null;
  return submitLatch !== null;
}

let status: LiveStatus = "connecting";
const statusListeners = new Set<() => void>();
const noticeListeners = new Set<(notice: LiveNotice | "reset") => void>();

function setStatus(next: LiveStatus) {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function dispatch(notice: LiveNotice | "reset") {
  for (const listener of noticeListeners) listener(notice);
}

// One stream per browser (decision 0027): a browser opens at most six HTTP/1.1 connections to a host, so a stream
// per tab left the 7th tab without one. The tabs following the same stream URL elect a leader with a Web Lock;
// the leader holds the one EventSource and passes every notice on through a BroadcastChannel. When it closes (or
// leaves its live pages) the lock is released, the next tab takes over and resumes after the last notice id it
// was passed. Browsers without those APIs keep one stream per tab.
type Wire =
  | { kind: "change"; notice: LiveNotice; id: string }
  | { kind: "reset"; id: string | null }
  | { kind: "status"; status: LiveStatus; id: string | null }
  | { kind: "hello" };

/** After a tab's last live page goes, its share in the stream is kept this long (the next page is usually live too). */
const LEAVE_GRACE_MS = 2_000;
/** A stream the server refused (signed out) is tried again after this long. */
const RETRY_CLOSED_MS = 15_000;

/** The stream this tab follows: '/api/events', or a board link's '/api/events?key=…'. Tabs share by this URL. */
let scope: string | null = null;
let joined = false;
let role: "leader" | "follower" | "alone" | null = null;
let source: EventSource | null = null;
let channel: BroadcastChannel | null = null;
let lockAbort: AbortController | null = null;
let endLeadership: (() => void) | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let leaveTimer: ReturnType<typeof setTimeout> | undefined;
/** The last notice id this tab saw (from its own stream or the leader's): where a new stream resumes. */
let lastEventId: string | null = null;

const canShare = () => typeof navigator !== "undefined" && !!navigator.locks && typeof BroadcastChannel !== "undefined";

function post(message: Wire) {
  if (role === "leader") channel?.postMessage(message);
}

function announceStatus(next: LiveStatus) {
  setStatus(next);
  post({ kind: "status", status: next, id: lastEventId });
}

function openSource() {
  if (source || !scope || typeof EventSource === "undefined") return;
  // A new stream (a hand-over, or after a refusal) picks up after the last notice this tab saw; the server replays
  // what came since, or says `reset` when it no longer can. EventSource sends Last-Event-ID itself on reconnects.
  const url = lastEventId ? `${scope}${scope.includes("?") ? "&" : "?"}lastEventId=${encodeURIComponent(lastEventId)}` : scope;
  const es = new EventSource(url);
  source = es;
  announceStatus("connecting");
  es.addEventListener("ready", (event) => {
    lastEventId = (event as MessageEvent).lastEventId || lastEventId;
    announceStatus("live");
  });
  es.addEventListener("change", (event) => {
    const { data, lastEventId: id } = event as MessageEvent<string>;
    let notice: LiveNotice;
    try {
      notice = JSON.parse(data) as LiveNotice;
    } catch {
      return;
    }
    if (id) lastEventId = id;
    post({ kind: "change", notice, id: lastEventId ?? "" });
    dispatch(notice);
  });
  // The server no longer knows what this tab missed (it restarted, or the tab slept past the ring): reload all.
  es.addEventListener("reset", () => {
    post({ kind: "reset", id: lastEventId });
    dispatch("reset");
  });
  es.addEventListener("error", () => {
    if (es.readyState === EventSource.CLOSED) {
      // Refused (signed out) or the server answered something else: EventSource gives up, so try again later.
      if (source === es) source = null;
      announceStatus("closed");
      clearTimeout(retryTimer);
      retryTimer = setTimeout(openSource, RETRY_CLOSED_MS);
    } else announceStatus("reconnecting");
  });
}

function closeSource() {
  clearTimeout(retryTimer);
  source?.close();
  source = null;
}

function onWire(event: MessageEvent<Wire>) {
  const message = event.data;
  if (message.kind === "hello") {
    // A tab joined: tell it the state and how far the stream has got.
    if (role === "leader") post({ kind: "status", status, id: lastEventId });
    return;
  }
  if (role !== "follower") return;
  if (message.id) lastEventId = message.id;
  if (message.kind === "status") setStatus(message.status);
  else if (message.kind === "change") dispatch(message.notice);
  else dispatch("reset");
}

function join(url: string) {
  clearTimeout(leaveTimer);
  if (joined && scope === url) return;
  if (joined) leave();
  joined = true;
  if (scope !== url) lastEventId = null;
  scope = url;
  setStatus("connecting");
  if (!canShare()) {
    role = "alone";
    openSource();
    return;
  }
  role = "follower";
  const name = `shopflow-live ${url}`;
  const bus = new BroadcastChannel(name);
  channel = bus;
  bus.onmessage = onWire;
  const abort = new AbortController();
  lockAbort = abort;
  navigator.locks
    .request(name, { signal: abort.signal }, () => {
      if (channel !== bus) return undefined;
      role = "leader";
      openSource();
      // Held until this tab leaves (or closes: the browser releases it then, and the next tab takes over).
      return new Promise<void>((resolve) => (endLeadership = resolve));
    })
    .catch(() => {
      // Left before its turn came (the request was aborted).
    });
  bus.postMessage({ kind: "hello" } satisfies Wire);
}

function leave() {
  clearTimeout(leaveTimer);
  if (!joined) return;
  joined = false;
  closeSource();
  lockAbort?.abort();
  lockAbort = null;
  endLeadership?.();
  endLeadership = null;
  channel?.close();
  channel = null;
  role = null;
  setStatus("connecting");
}

function watchPageLifecycle() {
  if (typeof window === "undefined") return;
  // A page kept for the back button must not keep the stream (or the lock) from the tabs still open.
  window.addEventListener("pagehide", (event) => {
    if (event.persisted) leave();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && noticeListeners.size > 0 && scope) join(scope);
  });
}
let lifecycleWatched = false;

const subscribeStatus = (listener: () => void) => {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
};

/**
 * Reloads the page's data when a notice `concerns` it: one reload per burst (browser/live-reloads.ts); while the tab
 * is hidden it waits for the tab to show again (one reload then). Returns the connection state for <LiveIndicator/>.
 * `url` is the stream: a board opened with its link passes its key.
 */
export function useLiveData(concerns: (notice: LiveNotice) => boolean, url = "/api/events"): LiveStatus {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // While a navigation or a form post is under way it is left alone: it loads fresh data itself, and interrupting
  // it would drop its answer (and the flash toast that answer carries, e.g. 'Project updated successfully!').
  const busy = navigation.state !== "idle" || revalidator.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const latest = useRef({ concerns, revalidate: revalidator.revalidate, busy });
  latest.current = { concerns, revalidate: revalidator.revalidate, busy };
  useEffect(() => followSubmission(busy), [busy]);
  useEffect(() => {
    // A burst of notices becomes one reload, never two at once, and the last notice is always shown (decision 0034).
    const reloads = liveReloads({
      reload: () => withValidator(window.location.pathname, () => latest.current.revalidate(), lastEventId),
      blocked: () => latest.current.busy || submissionPending(),
      hidden: () => document.hidden,
    });
    const onNotice = (notice: LiveNotice | "reset") => {
      if (notice !== "reset" && !latest.current.concerns(notice)) return;
      reloads.notify();
    };
    const onVisible = () => {
      if (!document.hidden) reloads.shown();
    };
    noticeListeners.add(onNotice);
    installDataValidators();
    watchSubmits();
    if (!lifecycleWatched) {
      lifecycleWatched = true;
      watchPageLifecycle();
    }
    document.addEventListener("visibilitychange", onVisible);
    join(url);
    return () => {
      noticeListeners.delete(onNotice);
      document.removeEventListener("visibilitychange", onVisible);
      reloads.dispose();
      if (noticeListeners.size === 0) {
        clearTimeout(leaveTimer);
        leaveTimer = setTimeout(() => {
          if (noticeListeners.size === 0) leave();
        }, LEAVE_GRACE_MS);
      }
    };
  }, [url]);
  return useSyncExternalStore(
    subscribeStatus,
    () => status,
    () => "connecting",
  );
}

const LABELS: Record<LiveStatus, MessageDescriptor> = {
  connecting: msg`Connecting…`,
  live: msg`Live`,
  reconnecting: msg`Reconnecting…`,
  closed: msg`Not live`,
};
const DOTS: Record<LiveStatus, string> = { connecting: "bg-slate-400", live: "bg-success-700", reconnecting: "bg-warning-300", closed: "bg-danger-700" };

/** 'Live' / 'Reconnecting…' next to a live page's title; without JavaScript, a Refresh link. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const { t, i18n } = useLingui();
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <a
        // biome-ignore lint/a11y/useValidAnchor: href="" is this page's own address: without JavaScript, following it reloads the page
        href=""
        className="inline-flex min-h-tap items-center text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
        data-testid="live-refresh"
      >
        {t`Refresh`}
      </a>
    );
  }
  return (
    <span className="inline-flex min-h-tap items-center gap-2 text-sm font-medium text-ink-muted" role="status" data-testid="live-status" data-status={status}>
      <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${DOTS[status]}`} />
      {i18n._(LABELS[status])}
      {status === "closed" ? (
        // biome-ignore lint/a11y/useValidAnchor: href="" is this page's own address: following it reloads the page
        <a href="" className="font-semibold text-brand-800 underline-offset-4 hover:underline">
          {t`Refresh`}
        </a>
      ) : null}
    </span>
  );
}
