// Opens N event streams (GET /api/events) on a server started here, then reports the server's RSS before and
// with them open, and how long a change takes to reach all of them (target: 500 streams within the
// RSS goal). `bun scripts/bench-streams.ts --data-dir DIR [--streams 500] [--pin 1234]`
import { readFileSync } from "node:fs";
import { scriptArgs } from "./cli-args";

// Bun's fetch keeps at most 256 requests open at once by default: ask for more, or stream 257 would wait forever.
if (!process.env.BUN_CONFIG_MAX_HTTP_REQUESTS) {
  const again = Bun.spawnSync([process.execPath, ...process.argv.slice(1)], {
    env: { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: "2000" },
    stdio: ["inherit", "inherit", "inherit"],
  });
  process.exit(again.exitCode ?? 1);
}

const USAGE = `Usage: bun scripts/bench-streams.ts --data-dir DIR [--streams 500] [--pin 1234] [--port 3917]
  --data-dir DIR   a seeded data folder (scripts/seed-large.ts); the server started here runs on it
  --streams N      event streams to open (default 500)
  --pin PIN        the administrator's PIN (default 1234)
  --port P         the server's port (default 3917)`;

const { values, usageError, seededDir } = scriptArgs("bench-streams", USAGE, {
  "data-dir": { type: "string" },
  streams: { type: "string", default: "500" },
  pin: { type: "string", default: "1234" },
  port: { type: "string", default: "3917" },
});
const dataDir = seededDir();
for (const flag of ["streams", "port"]) {
  const n = Number(values[flag]);
  if (!Number.isSafeInteger(n) || n < 1 || (flag === "port" && n > 65535)) usageError(`--${flag} is a whole number, 1 or more, not "${values[flag]}".`);
}
const port = Number(values.port);
const origin = `http://127.0.0.1:${port}`;
const child = Bun.spawn([process.execPath, "server.ts"], {
  cwd: new URL("..", import.meta.url).pathname,
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", DEMO: "0", PUBLIC_URL: "" },
  stdout: "ignore",
  stderr: "inherit",
});
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {}
    if (i > 200) throw new Error("the server did not start");
    await Bun.sleep(50);
  }
  const signIn = await fetch(`${origin}/api/auth/verify-pin`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ pinCode: String(values.pin) }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .find((c) => c.startsWith("shopflow_session="))!
    .split(";")[0]!;
  await Bun.sleep(500);
  const idle = rss();
  const n = Number(values.streams);
  const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${origin}/api/events`, { headers: { cookie } });
    const reader = res.body!.getReader();
    await reader.read(); // the 'ready' event
    readers.push(reader);
  }
  await Bun.sleep(1000);
  const open = rss();
  // One change; how long until every stream has it.
  const t0 = performance.now();
  const arrived = readers.map((r) => r.read().then(() => performance.now() - t0));
  const made = await fetch(`${origin}/api/departments`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, cookie },
    body: JSON.stringify({ name: `Stream test ${Date.now()}` }),
  });
  if (!made.ok) throw new Error(`the change was refused: ${made.status} ${await made.text()}`);
  const times = (await Promise.all(arrived)).sort((a, b) => a - b);
  console.log(
    `RSS idle ${idle.toFixed(0)} MB; with ${n} open streams ${open.toFixed(0)} MB; a change reached all ${n} in ${times.at(-1)!.toFixed(0)} ms (median ${times[Math.floor(n / 2)]!.toFixed(0)} ms)`,
  );
  await Promise.all(readers.map((r) => r.cancel().catch(() => undefined)));
} finally {
  child.kill();
  await child.exited;
}
process.exit(0);
