// Helpers for the design and accessibility tests (fixtures.ts holds the shared fixtures; it is not edited here).
import AxeBuilder from "@axe-core/playwright";
import { request, type APIRequestContext, type Page } from "@playwright/test";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test, waitForHydration } from "./fixtures";
import { BUN } from "./app-server";
import { AGE_LAST_STOP_SQL, AGE_SESSION_SQL } from "../helpers/age-session-sql";
import { DOUBLE_SCAN_WINDOW_MS } from "~/domain/constants";

/**
 * Signs in by posting the PIN to the API from the page's own request context: the session cookie lands in the
 * browser context, so the next navigation is signed in. Much faster than the dialog, for tests about other things.
 */
export async function signInByApi(page: Page, pin: string, baseURL: string) {
  const origin = new URL(baseURL).origin;
  const res = await page.request.post("/api/auth/verify-pin", { data: { pinCode: pin }, headers: { origin } });
  expect(res.status(), `sign-in with ${pin}`).toBe(200);
  return (await res.json()) as { id: number; name: string };
}

/**
 * Opens a page and, with JavaScript, waits until React has hydrated it and, on a live page, until its event stream
 * has answered (live, or closed when the server refused it): a change made before that would reach the page only
 * with the next one. Returns the HTTP status.
 */
export async function visit(page: Page, js: boolean, path: string): Promise<number> {
  const response = await page.goto(path);
  if (js) {
    await waitForHydration(page);
    const live = page.getByTestId("live-status").first();
    if ((await live.count()) > 0) await expect(live).toHaveAttribute("data-status", /^(live|closed)$/);
  }
  return response?.status() ?? 0;
}

/** The page's document is no wider than the window: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => {
    const edge = window.innerWidth + 1;
    const describe = (el: Element, text: string) => `<${el.tagName.toLowerCase()} class="${String(el.className).slice(0, 60)}"> "${text.trim().slice(0, 50)}"`;
    // What sticks out past the window's right edge, to name in the failure: elements, and text that overflows the
    // element holding it (a long word in a flex item keeps its whole width while its box stays inside).
    const boxes = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => el.getBoundingClientRect().right > edge && el.getBoundingClientRect().width > 0)
      .map((el) => describe(el, el.textContent ?? ""));
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some((r) => r.right > edge && r.width > 0) && node.parentElement)
        texts.push(describe(node.parentElement, node.textContent ?? ""));
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, wide: [...boxes, ...texts].slice(0, 6) };
  });
  expect(scrollWidth, `document ${scrollWidth}px wide in a ${innerWidth}px window: ${wide.join("; ")}`).toBeLessThanOrEqual(innerWidth);
}

/**
 * Every piece of visible text is at least 14 px (docs/design.md: '14 px is the floor'). Screen-reader-only text
 * and SVG <title>/<desc> (never drawn) are not looked at.
 */
export async function expectNoTextBelow14px(page: Page, label: string) {
  const small = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      const el = n.parentElement;
      if (!text || !el || el.closest(".sr-only, title, desc, script, style, [hidden]")) continue;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === "hidden") continue;
      const size = parseFloat(style.fontSize);
      if (size < 14) out.push(`${size}px "${text.slice(0, 40)}"`);
    }
    return out;
  });
  expect(small, `text under 14 px on ${label}`).toEqual([]);
}

/**
 * Runs axe-core on the page and fails on any serious or critical violation, listing each with its elements.
 * Legacy mode (no blank page for the results of frames) and violations only keep a run to a few seconds on a slow box.
 *
 * Two costs more are left out, and nothing that can fail is: AxeBuilder evaluates axe's source (600 kB, a second or
 * more on a busy machine) twice per run in every frame, so it goes into each frame once here, and a frame that already
 * has it (a dialog opened in place) keeps it. And the rules that can only report a minor or moderate impact are not
 * run: by axe's own metadata (a rule's impact, else its checks' highest), so a rule an upgrade makes serious runs again.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string, opts: { include?: string } = {}) {
  const { default: axe } = await import("axe-core");
  for (const frame of page.frames()) {
    const inject = (async () => {
      const present = await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function");
      if (!present) await frame.evaluate(axe.source);
    })();
    if (frame === page.mainFrame()) await inject;
    // A frame axe cannot enter (a PDF) is left out, as AxeBuilder leaves it out.
    else await Promise.race([inject.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
  const levels = ["minor", "moderate", "serious", "critical"];
  type Meta = { id: string; impact?: string; any: unknown[]; all: unknown[]; none: unknown[] };
  const audit = (axe as unknown as { _audit?: { rules: Meta[]; data: { checks: Record<string, { impact?: string }> } } })._audit;
  const highest = (rule: Meta) => {
    if (rule.impact) return levels.indexOf(rule.impact);
    const checks = [...rule.any, ...rule.all, ...rule.none].map((c) => audit!.data.checks[typeof c === "string" ? c : (c as { id: string }).id]);
    // A check of unknown impact may be serious.
    return Math.max(...checks.map((c) => (c?.impact ? levels.indexOf(c.impact) : 3)));
  };
  const cannotFail = audit?.rules.filter((rule) => highest(rule) >= 0 && highest(rule) < 2).map((rule) => rule.id) ?? [];
  const builder = new AxeBuilder({ page, axeSource: "/* axe-core is in every frame already */ void 0" });
  if (opts.include) builder.include(opts.include);
  const results = await builder
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .disableRules(cannotFail)
    .analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join(" ")}`).join("\n")}`,
  );
  expect(report, `axe on ${label}`).toEqual([]);
}

/**
 * An API client signed in as the demo Administrator, in its own cookie jar, for creating and removing the records a
 * test needs (members with long names, ...). Dispose it at the end.
 */
export async function adminApi(baseURL: string, clientIp: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": clientIp, origin: new URL(baseURL).origin } });
  const res = await api.post("/api/auth/verify-pin", { data: { pinCode: "1234" } });
  expect(res.status(), "admin sign-in").toBe(200);
  return api;
}

/** Creates a record through the reference API and returns it. */
export async function createRecord<T = { id: number }>(api: APIRequestContext, entity: string, body: Record<string, unknown>): Promise<T> {
  const res = await api.post(`/api/${entity}`, { data: body });
  expect(res.status(), `POST /api/${entity}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

/**
 * Adds an active team member with a fresh PIN (5xxx for "js", 6xxx for "no-js": neither a demo PIN nor the range
 * settings.e2e.ts uses), retrying when the PIN is taken. Returns the member's id and PIN.
 */
export async function createMember(api: APIRequestContext, name: string, accessibleDepartments: string[]) {
  const base = test.info().project.name === "no-js" ? 6000 : 5000;
  for (let attempt = 0; attempt < 20; attempt++) {
    const pin = String(base + 1 + Math.floor(Math.random() * 998));
    if (pin === "5555" || pin === "6666") continue;
    const res = await api.post("/api/team-members", { data: { name, pinCode: pin, accessibleDepartments } });
    if (res.status() === 409) continue;
    expect(res.status(), `POST /api/team-members: ${await res.text()}`).toBe(201);
    const { id } = (await res.json()) as { id: number };
    return { id, pin, name };
  }
  throw new Error("no free PIN");
}

/**
 * A new project of the demo shop's first workflow with one item in the first department of a product that passes
 * three or more: an item of its own for a live-page test, named `${kind} ${label}`.
 */
export async function newLiveItem(page: Page, baseURL: string, kind: string, label: string) {
  const origin = new URL(baseURL).origin;
  const headers = { origin };
  const categories = (await (await page.request.get("/api/categories")).json()) as { name: string; departmentSequence: string[] }[];
  const category = categories.find((c) => c.departmentSequence.length >= 3)!;
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { id: number }[];
  const project = await page.request.post("/api/projects", {
    data: { name: `E2E ${kind} ${label} ${Date.now()}`, description: kind, workflowId: workflows[0]!.id },
    headers,
  });
  const projectId = ((await project.json()) as { id: number }).id;
  const item = await page.request.post("/api/items", {
    data: { name: `${kind} ${label}`, category: category.name, projectId, department: category.departmentSequence[0] },
    headers,
  });
  expect(item.status()).toBe(201);
  return { id: ((await item.json()) as { id: number }).id, projectId, origin };
}

/**
 * Moves an item's running session `ms` into the past in the worker server's database (by default just past the
 * double-read window), as if it had been started then: a test of what follows the window needs no real wait.
 * The server reads the start from the database on each scan, so the next one sees the older start.
 */
export function ageSession(dataDir: string, itemId: number, ms = DOUBLE_SCAN_WINDOW_MS + 100) {
  runAgeing(dataDir, AGE_SESSION_SQL, itemId, ms);
}

/**
 * Moves an item's latest stop `ms` into the past (by default just past the double-read window), as if the scan that
 * moved it on had been made then: the same member's next scan or Start then starts it in its new department
 * instead of being refused as a second read of that scan.
 */
export function ageLastStop(dataDir: string, itemId: number, ms = DOUBLE_SCAN_WINDOW_MS + 100) {
  runAgeing(dataDir, [AGE_LAST_STOP_SQL], itemId, ms);
}

function runAgeing(dataDir: string, statements: readonly string[], itemId: number, ms: number) {
  const script = `const { Database } = require("bun:sqlite");
const db = new Database(process.env.DB_FILE);
db.run("PRAGMA busy_timeout = 5000");
for (const sql of JSON.parse(process.env.SQL)) db.query(sql).run(Number(process.env.MS), Number(process.env.ITEM));
db.close();`;
  const env = { ...process.env, DB_FILE: path.join(dataDir, "shopflow.db"), SQL: JSON.stringify(statements), MS: String(ms), ITEM: String(itemId) };
  const run = spawnSync(BUN, ["-e", script], { env, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`ageing the timer log failed: ${run.stderr}`);
}

/**
 * Waits until dnd-kit's keyboard sensor, just activated by Space, listens for the arrow keys: it adds its key
 * listener in a timer (so the Space that picked the row up is not read as a move), and a key pressed before that
 * timer ran is lost. A timer of the page's own, set after the pick-up, runs after it.
 */
export async function untilKeyboardDragListens(page: Page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
