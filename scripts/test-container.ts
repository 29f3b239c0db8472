// `npm run test:container`: builds the Docker image and runs the README's container flows against it, with podman
// or docker, the way an operator types them: a named volume, a restart and a new container on it, `exec … backup`,
// the restore in a one-off container (refused while the server runs, done once it is stopped), and a bind mount the
// image's user cannot write. /healthz is asked through the published port each time the server runs. One PASS or
// FAIL line per flow; exit 1 on any failure. Opt-in, not part of `npm test`: it needs a container engine and takes
// minutes. Without podman or docker it says so in one line and exits 0.
//
// Where the Dockerfile's public base images cannot be pulled, it builds on stand-ins made from Debian packages with
// mmdebstrap (a Debian trixie rootfs with nodejs and npm for the build stage; bookworm's libc, libstdc++, tzdata
// and a `nonroot` user, uid 65532, for the run stage), tagged locally and passed as the Dockerfile's BUILD_IMAGE and RUN_IMAGE.
// The stand-ins and the built image stay cached by tag (the image's layers are reused when nothing changed);
// `--fresh` makes them again. Containers, volumes and temporary folders are removed at the end, whatever happened.
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const USAGE = `Usage: npm run test:container [-- --stand-ins] [--fresh] [--dry-run]
  Builds the image and runs the README's container flows with podman or docker.
  --stand-ins   build on base images made with mmdebstrap without trying to pull the public ones
  --fresh       make the stand-ins and the image again instead of reusing the cached ones
  --dry-run     print the flows and the commands they run, without running them
  Environment:
    CONTAINER_ENGINE=podman|docker   the engine (default: podman when installed, else docker)
    CONTAINER_RUNTIME=NAME           podman's --runtime (default runc when installed, since crun fails on some
                                     kernels' cgroups; empty for podman's own choice)
    CONTAINER_BUILD_NETWORK=MODE     the build's --network, e.g. host where npm ci reaches the registry from the
                                     host but not from a container's own network
    DEBIAN_MIRROR=URL                mmdebstrap's mirror for the stand-ins`;

const argv = process.argv.slice(2);
if (argv.includes("--help") || argv.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const OPTIONS = ["--stand-ins", "--fresh", "--dry-run"];
const unknown = argv.filter((a) => !OPTIONS.includes(a));
if (unknown.length) {
  console.error(`test-container: unknown option ${unknown[0]}\n${USAGE}`);
  process.exit(2);
}
const dryRun = argv.includes("--dry-run");
const fresh = argv.includes("--fresh");
const standInsAsked = argv.includes("--stand-ins");

const root = path.join(import.meta.dir, "..");
/** The Dockerfile's defaults, named in full: podman refuses a short name it cannot resolve without asking. */
const DEFAULT_BUILD_IMAGE = "docker.io/library/node:22-bookworm-slim";
const DEFAULT_RUN_IMAGE = "gcr.io/distroless/cc-debian12:nonroot";
const STAND_IN_BUILD = "localhost/shopflow-stand-in-build:trixie";
const STAND_IN_RUN = "localhost/shopflow-stand-in-run:bookworm";
const IMAGE = "localhost/shopflow-container-test:latest";
const ADMIN_PIN = "4321";
/** The volume's first state, and the one added after the backup: the restore must bring back the first. */
const BEFORE_BACKUP = ["2031-12-24"];
const AFTER_BACKUP = ["2031-12-24", "2031-12-31"];
const BACKUP = "/data/backups/x";

// ---------------------------------------------------------------------------------------------------------------
// The engine

/** The engine's command, and the flags its `run` and `build` take on this machine. */
type Engine = { name: "podman" | "docker"; cmd: string[]; limits: string[] };

/** This process's hard limit of a kind in /proc/self/limits ("Max open files"), or null where there is none. */
function hardLimit(label: string): number | null {
  if (!existsSync("/proc/self/limits")) return null;
  const line = readFileSync("/proc/self/limits", "utf8")
    .split("\n")
    .find((l) => l.startsWith(label));
  const hard = line?.slice(26).trim().split(/\s+/)[1];
  return hard && /^\d+$/.test(hard) ? Number(hard) : null;
}

/**
 * Rootful podman gives each container 1,048,576 open files and, for itself and so its containers, 32,768
 * processes; where this process may not raise its own limits (no CAP_SYS_RESOURCE, as in some VMs and CI
 * sandboxes) the runtime then fails with 'setrlimit RLIMIT_NOFILE: Operation not permitted'. Asking for no more
 * than this process has always works.
 */
function podmanLimits(): string[] {
  const files = hardLimit("Max open files");
  const processes = hardLimit("Max processes");
  if (files === null || files >= 1_048_576) return [];
  return ["--ulimit", `nofile=${files}:${files}`, "--ulimit", `nproc=${Math.min(processes ?? 32_768, 32_768)}:${Math.min(processes ?? 32_768, 32_768)}`];
}

function findEngine(): Engine | string {
  const wanted = process.env.CONTAINER_ENGINE;
  if (wanted && wanted !== "podman" && wanted !== "docker") return `CONTAINER_ENGINE must be podman or docker, not "${wanted}"`;
  const podman = (!wanted || wanted === "podman") && Bun.which("podman");
  if (podman) {
    // crun fails to create containers under some kernels' cgroup setups where runc works; podman's global
    // --runtime applies to its builds too.
    const runtime = process.env.CONTAINER_RUNTIME ?? (Bun.which("runc") ? "runc" : "");
    return { name: "podman", cmd: runtime ? [podman, "--runtime", runtime] : [podman], limits: podmanLimits() };
  }
  const docker = (!wanted || wanted === "docker") && Bun.which("docker");
  if (docker) {
    if (Bun.spawnSync([docker, "info"], { stdout: "ignore", stderr: "ignore", timeout: 20_000 }).exitCode !== 0) {
      return "docker is installed but its daemon does not answer (docker info failed)";
    }
    return { name: "docker", cmd: [docker], limits: [] };
  }
  return wanted ? `${wanted} is not installed` : "neither podman nor docker is installed";
}

/** `<engine> run`, never pulling: every image here is local, and a missing one is a failure, not a download. */
const runIn = (engine: Engine) => [...engine.cmd, "run", ...engine.limits, "--pull=never"];

type Result = { code: number | null; out: string; err: string };

/** Runs a command to its end (or the timeout, which kills it) and returns its output. */
async function exec(cmd: string[], opts: { timeoutMs?: number; cwd?: string } = {}): Promise<Result> {
  const child = Bun.spawn(cmd, { cwd: opts.cwd ?? root, stdin: "ignore", stdout: "pipe", stderr: "pipe", timeout: opts.timeoutMs ?? 120_000 });
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  const code = await child.exited;
  return { code: child.signalCode ? null : code, out, err: err.replace(ENGINE_LOG, "") };
}

/**
 * podman's own log lines, e.g. 'unable to get systemd connection to start healthchecks' where no systemd runs the
 * image's HEALTHCHECK timer: the engine's words, not the container's, so kept out of what a flow checks.
 */
const ENGINE_LOG = /^time="[^"]*" level=\w+ msg=.*\n?/gm;

class FlowFailure extends Error {}

const lastLine = (r: Result) => (`${r.out}${r.err}`.trim().split("\n").pop() ?? "").replace(/\.$/, "");

/** Stops the flow with a sentence, and the command's own output when there is one. */
function fail(message: string, r?: Result): never {
  // The last lines, each cut short: Bun's source excerpt of a minified line runs to thousands of characters.
  const lines = `${r?.out ?? ""}${r?.err ?? ""}`.trim().split("\n").slice(-25);
  const detail = r ? `\n${indent(lines.map((l) => (l.length > 200 ? `${l.slice(0, 200)} …` : l)).join("\n"))}` : "";
  throw new FlowFailure(`${message}${detail}`);
}
const indent = (text: string) => text.replace(/^/gm, "      ");

// ---------------------------------------------------------------------------------------------------------------
// Base images: the public ones when they can be pulled, else stand-ins made from Debian packages

/** The nonroot user and group of the distroless image, which the Dockerfile's USER and --chown name. */
const PASSWD =
  "root:x:0:0:root:/root:/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n";
const GROUP = "root:x:0:\nnobody:x:65534:\nnonroot:x:65532:\n";
const CA_BUNDLE = "/etc/ssl/certs/ca-certificates.crt";
const PATH_ENV = "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/** mmdebstrap's command for a stand-in's root filesystem, written as a tarball. */
function mmdebstrap(suite: string, variant: string, packages: string[], tarball: string): string[] {
  const mirror = process.env.DEBIAN_MIRROR;
  return ["mmdebstrap", `--variant=${variant}`, `--include=${packages.join(",")}`, suite, tarball, ...(mirror ? [mirror] : [])];
}
// Trixie's Node 20.19: the lock's native optional packages (rolldown's binding, Tailwind's oxide) ask for Node
// ^20.19 or 22.12+, and npm skips an optional package whose engines do not match, so bookworm's Node 18 installs
// without them and the build fails. The compiled binary needs only the run stage's glibc.
const BUILD_SUITE = "trixie";
const BUILD_PACKAGES = ["nodejs", "npm", "ca-certificates"];
// What distroless cc-debian12 holds: glibc, libgcc, libstdc++, libgomp, OpenSSL, time zones and /etc basics. `extract`
// unpacks them without their maintainer scripts (nothing in the image could run them).
const RUN_PACKAGES = ["base-files", "netbase", "tzdata", "libc6", "libgcc-s1", "libstdc++6", "libgomp1", "libssl3"];

/** Files of a stand-in's build context: a Containerfile that unpacks the rootfs onto scratch, and what it copies. */
function standInContext(kind: "build" | "run"): Record<string, string> {
  // Both trust what the host trusts (its bundle replaces the image's): where a TLS-inspecting proxy sits between
  // this machine and the npm registry, npm ci in the build stage needs the proxy's authority as the host's npm does.
  const trust = `COPY ca-certificates.crt ${CA_BUNDLE}`;
  if (kind === "build") {
    return {
      Containerfile: ["FROM scratch", "ADD rootfs.tar /", trust, `ENV ${PATH_ENV} NODE_EXTRA_CA_CERTS=${CA_BUNDLE}`, 'CMD ["/bin/bash"]', ""].join("\n"),
    };
  }
  return {
    Containerfile: [
      "FROM scratch",
      "ADD rootfs.tar /",
      "COPY passwd group nsswitch.conf /etc/",
      trust,
      "COPY --chown=65532:65532 home /home/nonroot",
      `ENV ${PATH_ENV} SSL_CERT_FILE=${CA_BUNDLE}`,
      "USER 65532",
      "WORKDIR /home/nonroot",
      "",
    ].join("\n"),
    passwd: PASSWD,
    group: GROUP,
    "nsswitch.conf": "passwd: files\ngroup: files\nshadow: files\nhosts: files dns\nnetworks: files\nprotocols: files\nservices: files\n",
  };
}

async function imageExists(engine: Engine, tag: string) {
  return (await exec([...engine.cmd, "image", "inspect", tag], { timeoutMs: 30_000 })).code === 0;
}

async function makeStandIn(engine: Engine, kind: "build" | "run", work: string) {
  const tag = kind === "build" ? STAND_IN_BUILD : STAND_IN_RUN;
  if (!fresh && (await imageExists(engine, tag))) return `${tag} (cached)`;
  if (!Bun.which("mmdebstrap")) fail("the public base images cannot be pulled and mmdebstrap is not installed (apt-get install -y mmdebstrap)");
  const dir = path.join(work, `stand-in-${kind}`);
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(standInContext(kind))) writeFileSync(path.join(dir, name), text);
  if (kind === "run") mkdirSync(path.join(dir, "home"));
  // The run stage's `extract` would have none of its own: it does not run the hook that makes it.
  if (existsSync(CA_BUNDLE)) copyFileSync(CA_BUNDLE, path.join(dir, "ca-certificates.crt"));
  else writeFileSync(path.join(dir, "ca-certificates.crt"), "");
  const tarball = path.join(dir, "rootfs.tar");
  console.log(`      making ${tag} from Debian packages with mmdebstrap (this takes minutes) …`);
  const how = kind === "build" ? mmdebstrap(BUILD_SUITE, "minbase", BUILD_PACKAGES, tarball) : mmdebstrap("bookworm", "extract", RUN_PACKAGES, tarball);
  const r = await exec(how, {
    timeoutMs: 30 * 60_000,
  });
  if (r.code !== 0) fail(`mmdebstrap could not make the ${kind} stage's stand-in`, r);
  const built = await exec([...engine.cmd, "build", ...engine.limits, "-t", tag, "-f", "Containerfile", "."], { cwd: dir, timeoutMs: 10 * 60_000 });
  if (built.code !== 0) fail(`the ${kind} stage's stand-in did not build`, built);
  rmSync(dir, { recursive: true, force: true });
  return tag;
}

/** The images the Dockerfile builds on: the public defaults when they are here or can be pulled, else stand-ins. */
async function baseImages(engine: Engine, work: string): Promise<{ build: string; run: string; note: string }> {
  if (!standInsAsked) {
    let pulled = true;
    for (const image of [DEFAULT_BUILD_IMAGE, DEFAULT_RUN_IMAGE]) {
      if (await imageExists(engine, image)) continue;
      // A short try: where the registries cannot be reached at all the pull fails at once, and a slow one is not
      // waited for.
      if ((await exec([...engine.cmd, "pull", image], { timeoutMs: 90_000 })).code !== 0) {
        pulled = false;
        break;
      }
    }
    if (pulled) return { build: DEFAULT_BUILD_IMAGE, run: DEFAULT_RUN_IMAGE, note: "the public base images" };
  }
  const build = await makeStandIn(engine, "build", work);
  const node = await exec([...runIn(engine), "--rm", STAND_IN_BUILD, "node", "--version"]);
  const [major = 0, minor = 0] = (/^v(\d+)\.(\d+)\./.exec(node.out.trim()) ?? []).slice(1).map(Number);
  if (major < 20 || (major === 20 && minor < 19)) fail(`the build stage's stand-in has Node ${node.out.trim() || "?"}; the build needs 20.19 or newer`, node);
  const run = await makeStandIn(engine, "run", work);
  const why = standInsAsked ? "--stand-ins" : "the public base images could not be pulled";
  return { build: STAND_IN_BUILD, run: STAND_IN_RUN, note: `stand-ins (${why}): ${build} with Node ${node.out.trim()}, ${run}` };
}

// ---------------------------------------------------------------------------------------------------------------
// The server in its container, seen through the published port

async function freePort(): Promise<number> {
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = server.port as number;
  await server.stop(true);
  return port;
}

/** Waits for /healthz through the published port; fails if the container stops first or it never answers 200. */
async function healthy(engine: Engine, container: string, url: string) {
  const deadline = Date.now() + 90_000;
  let last = "no answer";
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      const body = await res.text();
      if (res.status === 200) {
        const parsed = JSON.parse(body) as { status?: string };
        if (parsed.status !== "ok") fail(`/healthz answered 200 with ${body}`);
        return;
      }
      last = `${res.status} ${body}`;
    } catch (e) {
      if (e instanceof FlowFailure) throw e;
      last = String(e);
    }
    const state = await exec([...engine.cmd, "inspect", "-f", "{{.State.Running}}", container]);
    if (state.out.trim() === "false") fail(`the container stopped before /healthz answered`, await exec([...engine.cmd, "logs", container]));
    await Bun.sleep(500);
  }
  fail(`/healthz did not answer 200 through the published port within 90 s (last: ${last})`, await exec([...engine.cmd, "logs", container]));
}

/** Signs in with the administrator's PIN and returns the headers of a same-origin JSON write. */
async function signIn(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/auth/verify-pin`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ pinCode: ADMIN_PIN }),
  });
  if (res.status !== 200) fail(`sign-in with ADMIN_PIN ${ADMIN_PIN} answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, origin: url, "content-type": "application/json" };
}

/** The shop's holidays: a setting any start keeps, standing for the whole database. */
async function holidays(url: string, set?: string[]): Promise<string[]> {
  const headers = await signIn(url);
  const res = await fetch(`${url}/api/shop-settings`, set ? { method: "PATCH", headers, body: JSON.stringify({ holidays: set }) } : { headers });
  if (res.status !== 200) fail(`${set ? "PATCH" : "GET"} /api/shop-settings answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { holidays: string[] }).holidays;
}

function expectHolidays(found: string[], wanted: string[], when: string) {
  if (JSON.stringify(found) !== JSON.stringify(wanted)) fail(`${when}, the holidays are ${JSON.stringify(found)}, not ${JSON.stringify(wanted)}`);
}

// ---------------------------------------------------------------------------------------------------------------
// The flows

type Ctx = { engine: Engine; work: string; volume: string; container: string; port: number; url: string; otherPort: number };

/** `docker run -d -p 3000:3000 -v shopflow-data:/data -e ADMIN_PIN=4321 shopflow`, on this run's port and volume. */
const runServer = (c: Ctx) => [
  ...runIn(c.engine),
  "-d",
  "--name",
  c.container,
  "-p",
  `127.0.0.1:${c.port}:3000`,
  "-v",
  `${c.volume}:/data`,
  "-e",
  `ADMIN_PIN=${ADMIN_PIN}`,
  IMAGE,
];

async function stop(c: Ctx) {
  const r = await exec([...c.engine.cmd, "stop", "-t", "30", c.container], { timeoutMs: 60_000 });
  if (r.code !== 0) fail(`${c.engine.name} stop failed`, r);
  // SIGTERM is a clean stop: the server finishes, writes the database out and exits 0.
  const code = (await exec([...c.engine.cmd, "inspect", "-f", "{{.State.ExitCode}}", c.container])).out.trim();
  if (code !== "0") fail(`the server exited ${code} on ${c.engine.name} stop, not 0`, await exec([...c.engine.cmd, "logs", c.container]));
}

async function start(c: Ctx) {
  const r = await exec([...c.engine.cmd, "start", c.container]);
  if (r.code !== 0) fail(`${c.engine.name} start failed`, r);
  await healthy(c.engine, c.container, c.url);
}

type Flow = { name: string; commands: string[]; run: (c: Ctx) => Promise<string>; chain: boolean };

const FLOWS: Flow[] = [
  {
    name: "image builds",
    commands: ["build --format docker -t shopflow --build-arg BUILD_IMAGE=… --build-arg RUN_IMAGE=… ."],
    chain: true,
    async run(c) {
      const bases = await baseImages(c.engine, c.work);
      const network = process.env.CONTAINER_BUILD_NETWORK;
      const cmd = [
        ...c.engine.cmd,
        "build",
        ...c.engine.limits,
        // The OCI format drops HEALTHCHECK; docker's keeps it, as `docker build` does.
        ...(c.engine.name === "podman" ? ["--format", "docker"] : []),
        ...(network ? ["--network", network] : []),
        ...(fresh ? ["--no-cache"] : []),
        "--build-arg",
        `BUILD_IMAGE=${bases.build}`,
        "--build-arg",
        `RUN_IMAGE=${bases.run}`,
        "-t",
        IMAGE,
        ".",
      ];
      console.log(`      building on ${bases.note} …`);
      const t = performance.now();
      const r = await exec(cmd, { timeoutMs: 60 * 60_000 });
      if (r.code !== 0) fail("the image did not build", r);
      const health = await exec([...c.engine.cmd, "image", "inspect", "-f", "{{json .Config.Healthcheck}}", IMAGE]);
      if (!health.out.includes("healthcheck")) fail(`the image has no HEALTHCHECK running /app/shopflow healthcheck (${health.out.trim()})`, health);
      return `${((performance.now() - t) / 1000).toFixed(0)} s on ${bases.note}`;
    },
  },
  {
    name: "named volume",
    commands: [
      "volume create <vol>",
      "run -d -p <port>:3000 -v <vol>:/data -e ADMIN_PIN=4321 shopflow",
      "GET /healthz",
      "POST /api/materials",
      "exec <c> /app/shopflow healthcheck",
    ],
    chain: true,
    async run(c) {
      const created = await exec([...c.engine.cmd, "volume", "create", c.volume]);
      if (created.code !== 0) fail("volume create failed", created);
      const r = await exec(runServer(c));
      if (r.code !== 0) fail(`${c.engine.name} run failed`, r);
      await healthy(c.engine, c.container, c.url);
      expectHolidays(await holidays(c.url, BEFORE_BACKUP), BEFORE_BACKUP, "after a PATCH");
      // A shop with something in it: restore refuses a backup of an empty one (docs/product.md, Backups and restores).
      const material = await fetch(`${c.url}/api/materials`, {
        method: "POST",
        headers: await signIn(c.url),
        body: JSON.stringify({ name: "Test vinyl", category: "Vinyl" }),
      });
      if (material.status !== 201 && material.status !== 200) fail(`POST /api/materials answered ${material.status}: ${await material.text()}`);
      // What the image's HEALTHCHECK runs (distroless has no shell or curl).
      const check = await exec([...c.engine.cmd, "exec", c.container, "/app/shopflow", "healthcheck"]);
      if (check.code !== 0) fail("the image's healthcheck failed", check);
      return `/healthz ok, holidays set to ${BEFORE_BACKUP.join(", ")}, healthcheck exit 0`;
    },
  },
  {
    name: "restart on the same volume",
    commands: ["stop <c> (exit 0)", "start <c>", "GET /healthz", "rm <c>; run -d … -v <vol>:/data … (a new container)", "GET /healthz"],
    chain: true,
    async run(c) {
      await stop(c);
      await start(c);
      // ADMIN_PIN still signs in (the secret is kept) and the setting is still there.
      expectHolidays(await holidays(c.url), BEFORE_BACKUP, "after a restart");
      // Upgrading recreates the container on the same volume.
      await stop(c);
      const rm = await exec([...c.engine.cmd, "rm", c.container]);
      if (rm.code !== 0) fail(`${c.engine.name} rm failed`, rm);
      const r = await exec(runServer(c));
      if (r.code !== 0) fail(`${c.engine.name} run failed`, r);
      await healthy(c.engine, c.container, c.url);
      expectHolidays(await holidays(c.url), BEFORE_BACKUP, "in a new container on the volume");
      return "stop exit 0; the PIN and the holidays kept after a start and in a new container";
    },
  },
  {
    name: "exec backup",
    commands: [`exec <c> /app/shopflow backup ${BACKUP}`, "GET /healthz"],
    chain: true,
    async run(c) {
      const r = await exec([...c.engine.cmd, "exec", c.container, "/app/shopflow", "backup", BACKUP], { timeoutMs: 5 * 60_000 });
      if (r.code !== 0) fail(`backup exited ${r.code}`, r);
      await healthy(c.engine, c.container, c.url);
      // A change after the backup, which the restore must undo.
      expectHolidays(await holidays(c.url, AFTER_BACKUP), AFTER_BACKUP, "after a PATCH");
      return `${lastLine(r)}; then holidays set to ${AFTER_BACKUP.join(", ")}`;
    },
  },
  {
    name: "restore refused while the server runs",
    commands: [`run --rm -v <vol>:/data shopflow restore ${BACKUP} (exit 1, 'Stop the server first')`],
    chain: true,
    async run(c) {
      const r = await exec([...runIn(c.engine), "--rm", "-v", `${c.volume}:/data`, IMAGE, "restore", BACKUP]);
      if (r.code !== 1 || !`${r.out}${r.err}`.includes("Stop the server first")) fail(`restore beside the running server exited ${r.code}`, r);
      await healthy(c.engine, c.container, c.url);
      expectHolidays(await holidays(c.url), AFTER_BACKUP, "after the refused restore");
      return `exit 1: ${lastLine(r)}`;
    },
  },
  {
    name: "restore in a one-off container",
    commands: ["stop <c>", `run --rm -v <vol>:/data shopflow restore ${BACKUP}`, "start <c>", "GET /healthz"],
    chain: true,
    async run(c) {
      await stop(c);
      const r = await exec([...runIn(c.engine), "--rm", "-v", `${c.volume}:/data`, IMAGE, "restore", BACKUP], {
        timeoutMs: 5 * 60_000,
      });
      if (r.code !== 0) fail(`restore exited ${r.code}`, r);
      await start(c);
      expectHolidays(await holidays(c.url), BEFORE_BACKUP, "after the restore");
      return `${lastLine(r)}; holidays back to ${BEFORE_BACKUP.join(", ")}`;
    },
  },
  {
    name: "bind mount owned by another user",
    commands: [
      "run --rm -p <port>:3000 -v <host dir, 0:0 0755>:/data shopflow (exits non-zero at once, one line: the folder, its owner, the user it runs as, the chown command)",
    ],
    chain: false,
    async run(c) {
      const dir = path.join(c.work, "root-owned");
      mkdirSync(dir);
      chmodSync(dir, 0o755);
      if (process.getuid?.() === 0) chownSync(dir, 0, 0);
      const name = `${c.container}-bind`;
      const args = ["--rm", "--name", name, "-p", `127.0.0.1:${c.otherPort}:3000`, "-v", `${dir}:/data`, IMAGE];
      const r = await exec([...runIn(c.engine), ...args], { timeoutMs: 60_000 });
      const output = `${r.out}${r.err}`;
      if (r.code === null) fail("the server was still running after 60 s on a /data it cannot write", r);
      if (r.code === 0) fail("the server exited 0 on a /data it cannot write", r);
      // 125-127 are the engine's own: the container did not start, so the server was never asked.
      if (r.code >= 125) fail(`${c.engine.name} run exited ${r.code}: the container did not start`, r);
      // One message an operator can act on, not a crash: no stack trace and no Bun source excerpt.
      if (/^\s+at /m.test(output) || /^\s*\d+ \| /m.test(output) || output.includes("$bunfs")) fail(`exit ${r.code} with a stack trace or source dump`, r);
      // The one line the README promises (app/infra/data-dir-check.server.ts): the folder, its owner, the user the
      // server runs as, and the command that fixes it on the host.
      const lines = r.err
        .trim()
        .split("\n")
        .filter((l) => l.startsWith("shopflow:"));
      if (lines.length !== 1) fail(`exit ${r.code} with ${lines.length} 'shopflow:' lines on stderr, not one`, r);
      const line = lines[0]!;
      for (const part of ["DATA_DIR /data", "owned by root", "runs as", "65532", "sudo chown -R 65532:65532"]) {
        if (!line.includes(part)) fail(`exit ${r.code}: its message does not say "${part}": ${line}`, r);
      }
      return `exit ${r.code}: ${line}`;
    },
  },
];

// ---------------------------------------------------------------------------------------------------------------

if (dryRun) {
  for (const flow of FLOWS) console.log(`▶ ${flow.name}: ${flow.commands.join("; ")}`);
  console.log("(dry run: nothing was run)");
  process.exit(0);
}

const found = findEngine();
if (typeof found === "string") {
  console.log(`test:container: skipped, ${found}.`);
  process.exit(0);
}
const engine = found;
const id = `shopflow-test-${process.pid}`;
const work = mkdtempSync(path.join(tmpdir(), "shopflow-container-"));
const port = await freePort();
// The bind mount's container has a port of its own: the server of the other flows may still hold the first.
const ctx: Ctx = { engine, work, volume: `${id}-data`, container: id, port, url: `http://127.0.0.1:${port}`, otherPort: await freePort() };

async function cleanUp() {
  for (const name of [ctx.container, `${ctx.container}-bind`]) await exec([...engine.cmd, "rm", "-f", "-t", "0", name]).catch(() => undefined);
  await exec([...engine.cmd, "volume", "rm", "-f", ctx.volume]).catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await cleanUp();
    process.exit(130);
  });
}

console.log(`test:container with ${engine.cmd.map((c) => path.basename(c)).join(" ")}, image ${IMAGE}, port ${port}`);
let failed = 0;
let chainBroken = false;
let noImage = false;
try {
  for (const flow of FLOWS) {
    if (noImage || (flow.chain && chainBroken)) {
      console.log(`SKIP  ${flow.name} (${noImage ? "no image" : "an earlier flow failed"})`);
      failed++;
      continue;
    }
    const t = performance.now();
    try {
      const note = await flow.run(ctx);
      console.log(`PASS  ${flow.name} (${((performance.now() - t) / 1000).toFixed(0)} s)${note ? `: ${note}` : ""}`);
    } catch (e) {
      failed++;
      if (flow.chain) chainBroken = true;
      if (flow === FLOWS[0]) noImage = true;
      console.log(`FAIL  ${flow.name}: ${e instanceof FlowFailure ? e.message : e instanceof Error ? e.stack : e}`);
    }
  }
} finally {
  await cleanUp();
}
console.log(failed ? `test:container: ${failed} of ${FLOWS.length} flows failed` : `test:container: all ${FLOWS.length} flows passed`);
process.exit(failed ? 1 : 0);
