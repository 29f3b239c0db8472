// A real `bun server.ts` process on its own DATA_DIR and port, for tests that kill it, back it up or upgrade it.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dir, "../..");
export const BUN = path.join(ROOT, "node_modules", ".bin", "bun");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export type Child = { url: string; process: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Starts the server (cwd = `root`, default this checkout) and waits for GET /healthz to answer 200. */
export async function startChild(opts: { dataDir: string; env?: Record<string, string>; root?: string; timeoutMs?: number }): Promise<Child> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: opts.dataDir,
    NODE_ENV: "production",
    ...opts.env,
  };
  for (const name of ["ADMIN_PIN", "ADMIN_NAME", "PUBLIC_URL", "TRUST_PROXY"]) if (!opts.env?.[name]) delete env[name];
  const child = spawn(BUN, ["server.ts"], { cwd: opts.root ?? ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output = (output + c.toString()).slice(-64_000)));
  child.stderr!.on("data", (c: Buffer) => (output = (output + c.toString()).slice(-64_000)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) return { url, process: child, output: () => output, exited };
    } catch {
      // not listening yet
    }
    await Bun.sleep(50);
  }
  child.kill("SIGKILL");
  throw new Error(`server did not answer /healthz in time:\n${output}`);
}

/** Signs in with a PIN; returns headers for further same-origin writes. */
export async function signInHeaders(url: string, pin: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/auth/verify-pin`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ pinCode: pin }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, origin: url, "content-type": "application/json" };
}
