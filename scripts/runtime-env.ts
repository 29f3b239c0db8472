// Settings Bun's runtime reads from the environment once, as the process starts: the app cannot set them for
// itself, so whatever starts the server passes them. `npm start` (scripts/start.ts) and `npm run bench`
// (scripts/bench.ts, so it measures what ships) take them from here; the Docker image sets the same in its Dockerfile
// (tests/unit/runtime-env.test.ts holds the two equal); a binary started by hand or by a service manager gets them
// from there (README, Running it in the shop). A value already in the environment wins. Why, and what was measured:
// docs/decisions/0051-runtime-settings.md.
export const RUNTIME_ENV: Readonly<Record<string, string>> = {
  // Bun's allocator (mimalloc) hands freed memory back to the system after 1 s instead of 10 ms: far fewer madvise
  // calls from its scavenger thread, and with them fewer TLB shootdowns interrupting the request thread.
  MIMALLOC_PURGE_DELAY: "1000",
};

/** The runtime settings `env` does not set already, to add to it. */
export function runtimeEnvDefaults(env: Record<string, string | undefined> = process.env): Record<string, string> {
  return Object.fromEntries(Object.entries(RUNTIME_ENV).filter(([name]) => env[name] === undefined));
}
