import { describe, expect, test } from "bun:test";
import { flushWhenSettled, GATHER_FULL, GATHER_TURNS } from "~/infra/gather.server";

// Group commit's waiting rule (infra/gather.server.ts, decision 0014): a batch is taken once the queue stops
// growing from one turn of the event loop to the next, counted in turns, never in time.

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `flushWhenSettled` on a queue the test fills turn by turn; returns the queue's length at each flush. */
function watch() {
  let queue = 0;
  const flushes: number[] = [];
  return {
    add: (n: number) => {
      queue += n;
    },
    start: () =>
      flushWhenSettled(
        () => queue,
        () => {
          flushes.push(queue);
          queue = 0;
        },
      ),
    flushes,
  };
}

describe("a batch waits while writes keep arriving", () => {
  test("writes that arrive on the next turn join the batch", async () => {
    const q = watch();
    q.add(4);
    q.start();
    await nextTurn();
    expect(q.flushes).toEqual([]);
    q.add(4);
    for (let i = 0; i < GATHER_TURNS + 2; i++) await nextTurn();
    expect(q.flushes).toEqual([8]);
  });

  test("a lone write waits one turn, then goes", async () => {
    const q = watch();
    q.add(1);
    q.start();
    await nextTurn();
    expect(q.flushes).toEqual([]);
    await nextTurn();
    expect(q.flushes).toEqual([1]);
  });

  test("a queue that keeps growing goes after GATHER_TURNS turns", async () => {
    const q = watch();
    q.add(1);
    q.start();
    for (let i = 0; i < GATHER_TURNS; i++) {
      await nextTurn();
      q.add(1);
    }
    await nextTurn();
    expect(q.flushes).toEqual([GATHER_TURNS + 1]);
  });

  test("a full batch goes on the first turn", async () => {
    const q = watch();
    q.add(GATHER_FULL);
    q.start();
    await nextTurn();
    expect(q.flushes).toEqual([GATHER_FULL]);
  });
});
