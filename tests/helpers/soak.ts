// The long runs (`npm run test:soak`: every label at both resolutions, 20 kills, the full PIN-entry rounds, the
// many-address attack against a real clock, the 200,000-row import, the upgrade from the previous version) run in
// full only with SOAK=1; per commit each keeps a small sample of itself, so a break still shows at once.
export const SOAK = process.env.SOAK === "1";

/** `all` under SOAK, else `n` of them spread from the first to the last (the same ones every run). */
export function sample<T>(all: readonly T[], n: number): T[] {
  if (SOAK || all.length <= n) return [...all];
  if (n <= 1) return all.slice(0, 1);
  return Array.from({ length: n }, (_, i) => all[Math.round((i * (all.length - 1)) / (n - 1))]!);
}
