// When a live page reloads its data (decision 0034). A scanner at full speed sends ten notices a second, and each
// open page used to reload after nearly every one. A burst of notices now becomes one reload, LIVE_COALESCE_MS
// after its first notice; no reload starts while one is in flight, and a notice that arrives during one (or while
// a form post or a navigation is under way) is followed by another reload once it is over. So the page always ends
// a burst showing its latest state, and a server answers each page at most a few times a second whatever the rate.

/** How long after the first notice of a burst the page reloads: long enough to take in a scanner's burst. */
export const LIVE_COALESCE_MS = 250;

export type ReloadClock = {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

const realClock: ReloadClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type LiveReloadOptions = {
  /** Reloads the page's data; settles when the reload is over (React Router's `revalidate()`). */
  reload: () => Promise<unknown>;
  /** A navigation, form post or fetcher is under way: it loads fresh data itself, and a reload would cut it off. */
  blocked?: () => boolean;
  /** The tab is hidden: it reloads once when it shows again. */
  hidden?: () => boolean;
  windowMs?: number;
  clock?: ReloadClock;
};

export type LiveReloads = {
  /** A notice concerns the page (or the stream was reset). */
  notify(): void;
  /** The tab was shown again: a reload held while it was hidden happens now. */
  shown(): void;
  dispose(): void;
};

export function liveReloads(options: LiveReloadOptions): LiveReloads {
  const clock = options.clock ?? realClock;
  const windowMs = options.windowMs ?? LIVE_COALESCE_MS;
  /** When the first notice that no reload has started after came; null when the page shows every notice so far. */
  let dirtySince: number | null = null;
  let timer: unknown = null;
  let inFlight = false;
  let heldWhileHidden = false;
  let disposed = false;

  const schedule = (wait: number) => {
    if (timer !== null || inFlight || disposed || dirtySince === null) return;
    timer = clock.setTimeout(fire, Math.max(0, wait));
  };

  function fire() {
    timer = null;
    if (disposed || dirtySince === null) return;
    if (options.blocked?.()) {
      schedule(windowMs);
      return;
    }
    if (options.hidden?.()) {
      heldWhileHidden = true;
      return;
    }
    dirtySince = null;
    inFlight = true;
    let settled: Promise<unknown>;
    try {
      settled = Promise.resolve(options.reload());
    } catch (error) {
      settled = Promise.reject(error);
    }
    settled
      .catch(() => {
        // React Router shows a failed load itself; the next notice tries again.
      })
      .finally(() => {
        inFlight = false;
        // Notices that came while it ran: their own reload, as soon as their window has passed.
        if (dirtySince !== null) schedule(dirtySince + windowMs - clock.now());
      });
  }

  return {
    notify() {
      if (disposed) return;
      dirtySince ??= clock.now();
      schedule(dirtySince + windowMs - clock.now());
    },
    shown() {
      if (!heldWhileHidden || options.hidden?.()) return;
      heldWhileHidden = false;
      if (timer === null && !inFlight) fire();
    },
    dispose() {
      disposed = true;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
  };
}
