import { describe, expect, test } from "bun:test";
import { dataValidators } from "~/browser/data-validators";
import { LIVE_COALESCE_MS, liveReloads, type ReloadClock } from "~/browser/live-reloads";

// A live page's reloads (decision 0034): a burst of notices is one reload, never two at once, and the page always
// ends a burst showing the latest state.

/** A clock the test moves by hand. */
function manualClock() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: ReloadClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.set(next, { at: now + ms, run });
      return next++;
    },
    clearTimeout: (handle) => timers.delete(handle as number),
  };
  /** Moves time on by `ms`, running each timer that falls due (and the promise callbacks it leads to) in turn. */
  async function advance(ms: number) {
    const end = now + ms;
    for (;;) {
      await flush();
      const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].run();
    }
    now = end;
    await flush();
  }
  return { clock, advance, pending: () => timers.size };
}
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/** A page whose state is a counter the notices move on; a reload reads it when it starts and shows it when it ends. */
function page(loadMs: number, clock: ReloadClock & { advanceTo?: never }) {
  let state = 0;
  let shown = 0;
  let reloads = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const ends: (() => void)[] = [];
  const reload = () => {
    reloads++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const read = state;
    return new Promise<void>((resolve) => {
      clock.setTimeout(() => {
        shown = read;
        inFlight--;
        resolve();
      }, loadMs);
      ends.push(resolve);
    });
  };
  return {
    reload,
    change: () => ++state,
    get state() {
      return state;
    },
    get shown() {
      return shown;
    },
    get reloads() {
      return reloads;
    },
    get maxInFlight() {
      return maxInFlight;
    },
  };
}

describe("live reloads", () => {
  test("a burst of 50 notices is one reload, after the window, showing the last state", async () => {
    const { clock, advance } = manualClock();
    const p = page(30, clock);
    const reloads = liveReloads({ reload: p.reload, clock });
    for (let i = 0; i < 50; i++) {
      p.change();
      reloads.notify();
      await advance(2);
    }
    expect(p.reloads).toBe(0);
    await advance(LIVE_COALESCE_MS);
    expect(p.reloads).toBe(1);
    await advance(1000);
    expect(p.reloads).toBe(1);
    expect(p.shown).toBe(50);
  });

  test("a scanner at 10 a second for 5 s: a few reloads a second, never two at once, and the last scan shown", async () => {
    const { clock, advance } = manualClock();
    const p = page(80, clock);
    const reloads = liveReloads({ reload: p.reload, clock });
    for (let i = 0; i < 50; i++) {
      p.change();
      reloads.notify();
      await advance(100);
    }
    await advance(2000);
    expect(p.maxInFlight).toBe(1);
    expect(p.shown).toBe(p.state);
    // One reload per window at most (50 reloads before).
    expect(p.reloads).toBeLessThanOrEqual(Math.ceil(5000 / LIVE_COALESCE_MS) + 1);
    expect(p.reloads).toBeGreaterThanOrEqual(5);
  });

  test("a notice that comes while a reload is in flight gets its own reload after it (no lost update)", async () => {
    const { clock, advance } = manualClock();
    const p = page(500, clock);
    const reloads = liveReloads({ reload: p.reload, clock });
    p.change();
    reloads.notify();
    await advance(LIVE_COALESCE_MS + 10);
    expect(p.reloads).toBe(1);
    // The reload has read state 1 already; this change comes while it is still on its way.
    p.change();
    reloads.notify();
    await advance(400);
    expect(p.reloads).toBe(1);
    expect(p.shown).toBe(0);
    await advance(100);
    expect(p.shown).toBe(1);
    await advance(LIVE_COALESCE_MS + 600);
    expect(p.reloads).toBe(2);
    expect(p.shown).toBe(2);
    expect(p.maxInFlight).toBe(1);
  });

  test("while a form post or a navigation is under way it waits, then reloads once", async () => {
    const { clock, advance } = manualClock();
    const p = page(10, clock);
    let busy = true;
    const reloads = liveReloads({ reload: p.reload, blocked: () => busy, clock });
    for (let i = 0; i < 5; i++) {
      p.change();
      reloads.notify();
      await advance(300);
    }
    expect(p.reloads).toBe(0);
    busy = false;
    await advance(LIVE_COALESCE_MS + 50);
    expect(p.reloads).toBe(1);
    expect(p.shown).toBe(5);
  });

  test("a hidden tab reloads once when it shows again, not before", async () => {
    const { clock, advance } = manualClock();
    const p = page(10, clock);
    let hidden = true;
    const reloads = liveReloads({ reload: p.reload, hidden: () => hidden, clock });
    for (let i = 0; i < 3; i++) {
      p.change();
      reloads.notify();
      await advance(500);
    }
    expect(p.reloads).toBe(0);
    hidden = false;
    reloads.shown();
    await advance(50);
    expect(p.reloads).toBe(1);
    expect(p.shown).toBe(3);
    reloads.shown();
    await advance(1000);
    expect(p.reloads).toBe(1);
  });

  test("a failed reload does not stop the next one", async () => {
    const { clock, advance } = manualClock();
    let calls = 0;
    const reloads = liveReloads({
      reload: () => (++calls === 1 ? Promise.reject(new Error("offline")) : Promise.resolve()),
      clock,
    });
    reloads.notify();
    await advance(LIVE_COALESCE_MS + 10);
    reloads.notify();
    await advance(LIVE_COALESCE_MS + 10);
    expect(calls).toBe(2);
  });

  test("disposed (the page left), nothing more runs", async () => {
    const { clock, advance, pending } = manualClock();
    const p = page(10, clock);
    const reloads = liveReloads({ reload: p.reload, clock });
    reloads.notify();
    reloads.dispose();
    expect(pending()).toBe(0);
    reloads.notify();
    await advance(1000);
    expect(p.reloads).toBe(0);
  });
});

describe("data validators", () => {
  const answer = (body: string, etag: string | null, status = 200) =>
    new Response(status === 304 ? null : body, { status, headers: etag ? { etag, "content-type": "text/x-script" } : {} });

  test("a live reload sends the validator of the answer it has; a 304 is handed on as that answer", async () => {
    const sent: (string | null)[] = [];
    const replies = [answer("first", 'W/"a"'), answer("", 'W/"a"', 304), answer("second", 'W/"b"')];
    const v = dataValidators(
      async (_input, init) => {
        sent.push(new Headers(init?.headers).get("if-none-match"));
        return replies.shift()!;
      },
      () => "http://shop/production",
    );
    const first = await v.withValidator("/production", () => v.fetch("/production.data"));
    expect(await first.text()).toBe("first");
    await flush();
    const second = await v.withValidator("/production", () => v.fetch("/production.data"));
    expect(second.status).toBe(200);
    expect(await second.text()).toBe("first");
    const third = await v.withValidator("/production", () => v.fetch("/production.data"));
    expect(await third.text()).toBe("second");
    expect(sent).toEqual([null, 'W/"a"', 'W/"a"']);
  });

  test("a live reload names the last notice its tab has seen; other requests do not", async () => {
    const sent: (string | null)[] = [];
    const v = dataValidators(
      async (_input, init) => {
        sent.push(new Headers(init?.headers).get("x-live-seen"));
        return answer("x", null);
      },
      () => "http://shop/board?key=k",
    );
    await v.withValidator("/board", () => v.fetch("/board.data?key=k"), "m1-41");
    await v.fetch("/board.data?key=k");
    await v.withValidator("/board", () => v.fetch("/board.data?key=k"));
    expect(sent).toEqual(["m1-41", null, null]);
  });

  test("only a live reload sends one: a navigation's or a form post's data request never does", async () => {
    const sent: (string | null)[] = [];
    const v = dataValidators(
      async (_input, init) => {
        sent.push(new Headers(init?.headers).get("if-none-match"));
        return answer("x", 'W/"a"');
      },
      () => "http://shop/production",
    );
    await (await v.fetch("/production.data")).text();
    await flush();
    await (await v.fetch("/production.data")).text();
    await v.withValidator("/production", async () => {
      // Another page's data (a prefetch) does not take the reload's turn.
      await (await v.fetch("/items.data")).text();
      v.disarm();
      await (await v.fetch("/production.data")).text();
    });
    expect(sent).toEqual([null, null, null, null]);
  });
});
