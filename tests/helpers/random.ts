/**
 * A seeded pseudo-random sequence (mulberry32), so a test that picks random moments can be replayed: the seed
 * comes from the environment variable `name` when set, else `fallback` when given (the same sequence every run),
 * else from the clock, and the test prints it.
 */
export function seededRandom(name: string, fallback?: number): { seed: number; next: () => number; replay: string } {
  const given = process.env[name];
  const seed =
    given !== undefined && given !== "" ? Number(given) >>> 0 : fallback !== undefined ? fallback >>> 0 : (Date.now() ^ (Math.random() * 0x100000000)) >>> 0;
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { seed, next, replay: `${name}=${seed}` };
}
