import { useEffect, useRef, useSyncExternalStore } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { useHydrated } from "~/utils/use-hydrated";

// Live pages (issue "Step 8", decision 0016): one EventSource per tab on /api/events, shared by every page that
// listens. A page says which notices concern it; a burst of them reloads its data once (React Router's
// revalidation: no scroll, and form fields the user is typing in keep their text). Without JavaScript the pages
// are what they always were, with a Refresh link.

export type LiveNotice = { entity: string; id: number | string | null; action: string; projectId: number | null; department: string | null; at: number };
export type LiveStatus = "connecting" | "live" | "reconnecting" | "closed";

/** A burst of notices (a CSV import, a scanner at full speed) becomes one reload this long after its first one. */
export const LIVE_DEBOUNCE_MS = 100;

/**
 * After a form is sent, live reloads wait this long. The rendered navigation state that otherwise holds them back
 * lags the router's own (React renders it in a transition): a reload started in that gap restarts the post's
 * redirect, and the answer it drops carried the flash toast ('Step Updated', seen lost in CI on a busy machine).
 */
export const AFTER_SUBMIT_QUIET_MS = 1_500;
let lastSubmitAt = -Infinity;
let submitWatched = false;

function watchSubmits() {
  if (submitWatched || typeof document === "undefined") return;
  submitWatched = true;
  document.addEventListener("submit", () => (lastSubmitAt = performance.now()), true);
}

let source: EventSource | null = null;
let status: LiveStatus = "connecting";
const statusListeners = new Set<() => void>();
const noticeListeners = new Set<(notice: LiveNotice | "reset") => void>();

function setStatus(next: LiveStatus) {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

let sourceUrl = "/api/events";

function connect() {
  if (source || typeof EventSource === "undefined") return;
  const es = new EventSource(sourceUrl);
  source = es;
  setStatus("connecting");
  es.addEventListener("ready", () => setStatus("live"));
  es.addEventListener("change", (event) => {
    let notice: LiveNotice;
    try {
      notice = JSON.parse((event as MessageEvent<string>).data) as LiveNotice;
    } catch {
      return;
    }
    for (const listener of noticeListeners) listener(notice);
  });
  // The server no longer knows what this tab missed (it restarted, or the tab slept past the ring): reload all.
  es.addEventListener("reset", () => {
    for (const listener of noticeListeners) listener("reset");
  });
  es.addEventListener("error", () => {
    if (es.readyState === EventSource.CLOSED) {
      // Refused (signed out) or the server answered something else: EventSource gives up, so try again later.
      setStatus("closed");
      if (source === es) source = null;
      setTimeout(() => {
        if (!source && noticeListeners.size > 0) connect();
      }, 15_000);
    } else setStatus("reconnecting");
  });
}

function release() {
  if (noticeListeners.size > 0 || !source) return;
  source.close();
  source = null;
  setStatus("connecting");
}

const subscribeStatus = (listener: () => void) => {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
};

/**
 * Reloads the page's data when a notice `concerns` it. Debounced; while the tab is hidden it waits for the tab to
 * show again (one reload then). Returns the connection state for <LiveIndicator/>.
 */
export function useLiveData(concerns: (notice: LiveNotice) => boolean, url = "/api/events"): LiveStatus {
  // One stream per tab: a board (its key in the URL) and a member's pages are never open in one tab at once.
  sourceUrl = url;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  // While a navigation or a form post is under way it is left alone: it loads fresh data itself, and interrupting
  // it would drop its answer (and the flash toast that answer carries, e.g. 'Project updated successfully!').
  const busy = navigation.state !== "idle" || revalidator.state !== "idle";
  const latest = useRef({ concerns, revalidate: revalidator.revalidate, busy });
  latest.current = { concerns, revalidate: revalidator.revalidate, busy };
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let staleWhileHidden = false;
    const reload = () => {
      timer = undefined;
      if (latest.current.busy || performance.now() - lastSubmitAt < AFTER_SUBMIT_QUIET_MS) {
        timer = setTimeout(reload, LIVE_DEBOUNCE_MS);
        return;
      }
      if (document.hidden) {
        staleWhileHidden = true;
        return;
      }
      void latest.current.revalidate();
    };
    const onNotice = (notice: LiveNotice | "reset") => {
      if (notice !== "reset" && !latest.current.concerns(notice)) return;
      timer ??= setTimeout(reload, LIVE_DEBOUNCE_MS);
    };
    const onVisible = () => {
      if (!document.hidden && staleWhileHidden) {
        staleWhileHidden = false;
        void latest.current.revalidate();
      }
    };
    noticeListeners.add(onNotice);
    watchSubmits();
    document.addEventListener("visibilitychange", onVisible);
    connect();
    return () => {
      noticeListeners.delete(onNotice);
      document.removeEventListener("visibilitychange", onVisible);
      clearTimeout(timer);
      release();
    };
  }, []);
  return useSyncExternalStore(subscribeStatus, () => status, () => "connecting");
}

const LABELS: Record<LiveStatus, string> = { connecting: "Connecting…", live: "Live", reconnecting: "Reconnecting…", closed: "Not live" };
const DOTS: Record<LiveStatus, string> = { connecting: "bg-slate-400", live: "bg-success-700", reconnecting: "bg-warning-300", closed: "bg-danger-700" };

/** 'Live' / 'Reconnecting…' next to a live page's title; without JavaScript, a Refresh link. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <a href="" className="inline-flex min-h-10 items-center text-sm font-semibold text-brand-800 underline-offset-4 hover:underline" data-testid="live-refresh">
        Refresh
      </a>
    );
  }
  return (
    <span className="inline-flex min-h-10 items-center gap-2 text-sm font-medium text-ink-muted" role="status" data-testid="live-status" data-status={status}>
      <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${DOTS[status]}`} />
      {LABELS[status]}
      {status === "closed" ? (
        <a href="" className="font-semibold text-brand-800 underline-offset-4 hover:underline">
          Refresh
        </a>
      ) : null}
    </span>
  );
}
