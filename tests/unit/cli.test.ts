import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pkg from "../../package.json";
import { ENV_HELP } from "~/infra/env.server";
import { freePort } from "../helpers/child-server";

// The binary is what a shop runs: its help must carry what the README says, and its start must warn about what
// will bite later. These run server.ts as a process, like the compiled binary's entry.
const root = path.join(import.meta.dir, "..", "..");
const run = (args: string[], env: Record<string, string> = {}) =>
  Bun.spawnSync([process.execPath, "server.ts", ...args], { cwd: root, env: { ...process.env, ...env } });

describe("shopflow --help and --version", () => {
  test("--help lists every variable the configuration reads, with its default", () => {
    const out = run(["--help"]).stdout.toString();
    for (const [name, fallback] of ENV_HELP) {
      expect(out).toContain(name);
      expect(out).toContain(`default: ${fallback}`);
    }
    const source = readFileSync(path.join(root, "app/infra/env.server.ts"), "utf8");
    const schemaKeys = [...source.matchAll(/^\s{2}([A-Z_]+): /gm)].map((m) => m[1]);
    expect(schemaKeys.length).toBeGreaterThan(5);
    for (const key of schemaKeys) expect(ENV_HELP.map(([n]) => n)).toContain(key!);
  });

  test("--version prints the package version", () => {
    expect(run(["--version"]).stdout.toString().trim()).toBe(`shopflow ${pkg.version}`);
  });
});

describe("start-up warnings", () => {
  async function startAndRead(env: Record<string, string>): Promise<string> {
    const dir = mkdtempSync(path.join(tmpdir(), "shopflow-cli-"));
    const child = Bun.spawn([process.execPath, "server.ts"], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dir,
        PORT: String(await freePort()),
        HOST: "127.0.0.1",
        DEMO: "0",
        ADMIN_PIN: "4321",
        NODE_ENV: "production",
        ...env,
      },
      stdout: "pipe",
      stderr: "pipe",
    });
    let out = "";
    const decoder = new TextDecoder();
    let started!: () => void;
    const listening = new Promise<void>((resolve) => (started = resolve));
    const read = async (stream: ReadableStream<Uint8Array>) => {
      const reader = stream.getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        out += decoder.decode(next.value);
        if (out.includes("listening")) started();
      }
    };
    // The warnings are written before the server listens, but on the other stream: once it says it is listening
    // (or it ends), stop it and read both streams to their end, so nothing written before is missed.
    const reading = Promise.all([read(child.stdout), read(child.stderr)]);
    await Promise.race([listening, child.exited]);
    child.kill();
    await Promise.all([reading, child.exited]);
    rmSync(dir, { recursive: true, force: true });
    return out;
  }

  test("without PUBLIC_URL the server says QR labels will follow the browser's address; with it, nothing", async () => {
    expect(await startAndRead({ PUBLIC_URL: "" })).toContain("PUBLIC_URL is not set");
    expect(await startAndRead({ PUBLIC_URL: "https://shop.example.com" })).not.toContain("PUBLIC_URL is not set");
  }, 120_000);
});
