import { afterEach, describe, expect, test } from "bun:test";
import { seededRandom } from "../helpers/random";

// A random test that fails must be replayable: the same seed gives the same moments.
describe("seededRandom", () => {
  afterEach(() => delete process.env.TEST_SEED);

  test("a seed given in the environment gives the same sequence again, in [0, 1)", () => {
    process.env.TEST_SEED = "12345";
    const a = seededRandom("TEST_SEED");
    const b = seededRandom("TEST_SEED");
    const first = Array.from({ length: 50 }, a.next);
    expect(Array.from({ length: 50 }, b.next)).toEqual(first);
    expect(a.seed).toBe(12345);
    expect(a.replay).toBe("TEST_SEED=12345");
    for (const x of first) expect(x >= 0 && x < 1).toBe(true);
    expect(new Set(first).size).toBe(50);
  });

  test("without one, a fallback seed gives the same sequence every run; the environment's still wins", () => {
    const a = seededRandom("TEST_SEED", 20261203);
    expect(a.seed).toBe(20261203);
    expect(Array.from({ length: 20 }, seededRandom("TEST_SEED", 20261203).next)).toEqual(Array.from({ length: 20 }, a.next));
    process.env.TEST_SEED = "7";
    expect(seededRandom("TEST_SEED", 20261203).seed).toBe(7);
  });

  test("without one, each run draws its own seed", () => {
    const seeds = new Set(Array.from({ length: 5 }, () => seededRandom("TEST_SEED").seed));
    expect(seeds.size).toBeGreaterThan(1);
  });
});
