// Accessibility: axe-core on every page and dialog that exists, signed out and in, with JavaScript on ("js") and
// off ("no-js"). Any violation with impact 'serious' or 'critical' fails (docs/design.md).
//
// axe is a script, and a context with JavaScript disabled runs none, so the "no-js" project checks the server's
// page in a context where JavaScript runs but every script the page loads is blocked: the document is exactly what
// a browser without JavaScript shows (no hydration, dialogs as panels, the /login form field).
import type { Page } from "@playwright/test";
import { DEMO, expect, test as fixtures } from "./fixtures";
import { expectNoSeriousA11yViolations, signInByApi, visit } from "./helpers";

const test = fixtures.extend<{ axePage: Page }>({
  axePage: async ({ page, js, browser, baseURL, clientIp }, use) => {
    if (js) return use(page);
    // Playwright Test applies the project options (javaScriptEnabled: false) to new contexts too: turn it back on.
    const context = await browser.newContext({ baseURL, javaScriptEnabled: true, extraHTTPHeaders: { "X-Forwarded-For": clientIp } });
    await context.route("**/*", (route) => (route.request().resourceType() === "script" ? route.abort() : route.continue()));
    await use(await context.newPage());
    await context.close();
  },
});

type Case = {
  name: string;
  path: string;
  pin?: string;
  status?: number;
  /** What must be on screen before axe runs. */
  ready: (page: Page, js: boolean) => Promise<void>;
  /** Something to do first (open a menu or dialog). */
  act?: (page: Page, js: boolean) => Promise<void>;
  /** Removes what `act` added to the worker's shared demo shop. */
  cleanup?: (page: Page) => Promise<void>;
};

/** A label printer of the test's own (the demo shop has none), opened at `?{open}=` on the printers page. */
const withPrinter = (open: "edit" | "delete") => ({
  act: async (page: Page, js: boolean) => {
    const origin = new URL(page.url()).origin;
    const res = await page.request.post("/api/label-printers", {
      data: { name: `A11y Zebra ${open} ${js ? "js" : "no-js"}`, host: "192.0.2.10" },
      headers: { origin },
    });
    expect(res.status(), await res.text()).toBe(201);
    await visit(page, js, `/settings/printers?${open}=${((await res.json()) as { id: number }).id}`);
  },
  cleanup: async (page: Page) => {
    const origin = new URL(page.url()).origin;
    const printers = (await (await page.request.get("/api/label-printers")).json()) as { id: number; name: string }[];
    for (const p of printers.filter((p) => p.name.startsWith("A11y Zebra"))) await page.request.delete(`/api/label-printers/${p.id}`, { headers: { origin } });
  },
});

const h1 = (name: string) => async (page: Page) => {
  await expect(page.getByRole("heading", { name, level: 1 }).first()).toBeVisible();
};
const dialog = (title: string) => async (page: Page, js: boolean) => {
  await expect(js ? page.getByRole("dialog", { name: title }) : page.getByRole("region", { name: title })).toBeVisible();
};

const CASES: Case[] = [
  { name: "home, signed out", path: "/", ready: h1("Manufacturing Flow") },
  { name: "/login", path: "/login", ready: h1("Global Login") },
  { name: "/login for a tile", path: "/login?tile=production", ready: h1("Access Production Floor") },
  { name: "404", path: "/no-such-page/here", status: 404, ready: h1("404 Page Not Found") },
  { name: "Access Denied signed out (/settings)", path: "/settings", status: 401, ready: h1("Access Denied") },
  {
    name: "the Global Login dialog",
    path: "/",
    ready: async (page, js) => {
      if (js) await expect(page.getByRole("dialog", { name: "Global Login" })).toBeVisible();
      else await expect(page.getByRole("heading", { name: "Global Login" })).toBeVisible();
    },
    act: async (page) => {
      await page.getByRole("banner").getByRole("link", { name: "Login" }).click();
    },
  },
  {
    name: "home, no keys (the member's welcome)",
    path: "/",
    pin: DEMO.priya.pin,
    ready: async (page) => {
      await expect(page.getByRole("heading", { name: `Welcome, ${DEMO.priya.name}` })).toBeVisible();
    },
  },
  { name: "Access Denied signed in (/settings as 7777)", path: "/settings", pin: DEMO.priya.pin, status: 403, ready: h1("Access Denied") },
  {
    name: "home, fabrication key",
    path: "/",
    pin: "3333",
    ready: async (page) => {
      await expect(page.getByTestId("tile-fabrication")).toBeVisible();
    },
  },
  { name: "home, management", path: "/", pin: DEMO.admin.pin, ready: h1("Manufacturing Flow") },
  {
    name: "the side menu",
    path: "/",
    pin: DEMO.admin.pin,
    ready: async (page) => {
      await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
    },
    act: async (page) => {
      await page.getByRole("banner").getByLabel("Open menu").click();
    },
  },
  ...["products", "departments", "workflows", "materials", "team"].map(
    (tab): Case => ({ name: `settings tab ${tab}`, path: `/settings?tab=${tab}`, pin: DEMO.admin.pin, ready: h1("Global Settings") }),
  ),
  ...(
    [
      ["/settings?tab=products&new=1", "Add Product"],
      ["/settings?tab=products&edit=1", "Edit Product"],
      ["/settings?tab=departments&new=1", "Add Department"],
      ["/settings?tab=departments&edit=1", "Edit Department"],
      ["/settings?tab=departments&subnew=1", "Add Subdepartment to"],
      ["/settings?tab=workflows&new=1", "Add Workflow"],
      ["/settings?tab=materials&new=1", "Add Material"],
      ["/settings?tab=team&new=1", "Add Team Member"],
      ["/settings?tab=team&edit=1", "Edit Team Member"],
      ["/settings?tab=materials&delete=1", "Delete Material"],
    ] as const
  ).map(([path, title]): Case => ({ name: `dialog ${title}`, path, pin: DEMO.admin.pin, ready: dialog(title) })),
  {
    name: "product details",
    path: "/products/1",
    pin: DEMO.admin.pin,
    ready: async (page) => {
      await expect(page.getByRole("link", { name: "← Back to Settings" })).toBeVisible();
    },
  },
  { name: "product details with the QR dialog", path: "/products/1?qr=1", pin: DEMO.admin.pin, ready: dialog("QR Code") },
  { name: "product not found", path: "/products/99999999", pin: DEMO.admin.pin, status: 404, ready: h1("Product Not Found") },
  { name: "workflow overview", path: "/workflows", pin: DEMO.james.pin, ready: h1("Project Workflows") },
  { name: "department views", path: "/department-views", pin: DEMO.james.pin, ready: h1("Department Views") },
  { name: "pre-production dashboard", path: "/pre-production", pin: DEMO.maria.pin, ready: h1("Pre-Production Dashboard") },
  {
    name: "pre-production, nothing matches",
    path: "/pre-production?q=zzzz",
    pin: DEMO.maria.pin,
    ready: async (page) => {
      await expect(page.getByText("No projects match your search criteria")).toBeVisible();
    },
  },
  { name: "projects list", path: "/projects", pin: DEMO.admin.pin, ready: h1("Projects") },
  { name: "projects list, Create New Project", path: "/projects?dialog=new-project", pin: DEMO.admin.pin, ready: dialog("Create New Project") },
  {
    name: "project detail",
    path: "/projects/1",
    pin: DEMO.admin.pin,
    ready: async (page) => {
      await expect(page.getByRole("region", { name: "Workflow Steps" })).toBeVisible();
    },
  },
  {
    name: "project detail, editing a step",
    path: "/projects/1?edit-step=1",
    pin: DEMO.admin.pin,
    ready: async (page) => {
      await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
    },
  },
  { name: "project detail, Add Item", path: "/projects/1?dialog=add-item", pin: DEMO.admin.pin, ready: dialog("Add Item") },
  {
    name: "project detail, Preview as rush",
    path: "/projects/2?preview=rush",
    pin: DEMO.admin.pin,
    ready: async (page) => {
      await expect(page.getByRole("region", { name: "If this project were rush (a preview: nothing is saved)" })).toBeVisible();
    },
  },
  { name: "project detail, Upload Design PDF", path: "/projects/1?dialog=design", pin: DEMO.admin.pin, ready: dialog("Upload Design PDF") },
  { name: "project not found", path: "/projects/99999999", pin: DEMO.admin.pin, status: 404, ready: h1("Project not found") },
  { name: "items list", path: "/items", pin: DEMO.admin.pin, ready: h1("Items") },
  { name: "items list, Create New Product", path: "/items?dialog=new", pin: DEMO.admin.pin, ready: dialog("Create New Product") },
  { name: "items list, Edit Product", path: "/items?dialog=edit&item=1", pin: DEMO.admin.pin, ready: dialog("Edit Product") },
  { name: "items list, Delete Item", path: "/items?dialog=delete&item=1", pin: DEMO.admin.pin, ready: dialog("Delete Item") },
  { name: "items list, QR Code", path: "/items?dialog=qr&item=1", pin: DEMO.admin.pin, ready: dialog("QR Code") },
  {
    name: "item detail",
    path: "/items/1",
    pin: DEMO.james.pin,
    ready: async (page) => {
      await expect(page.getByRole("heading", { name: "Timer Log" })).toBeVisible();
    },
  },
  { name: "item detail, Reset Timer", path: "/items/1?dialog=reset-timer", pin: DEMO.admin.pin, ready: dialog("Reset Timer") },
  { name: "item detail, Edit Item", path: "/items/1?dialog=edit", pin: DEMO.admin.pin, ready: dialog("Edit Item") },
  { name: "item not found", path: "/items/99999999", pin: DEMO.admin.pin, status: 404, ready: h1("Item not found") },
  { name: "QR Timer", path: "/qr-scanner", pin: DEMO.james.pin, ready: h1("QR Timer") },
  {
    name: "QR Timer after an unknown id",
    path: "/qr-scanner",
    pin: DEMO.james.pin,
    act: async (page) => {
      await page.getByLabel("Scan or type a QR code or item ID").fill("424242");
      await page.getByRole("button", { name: "Process" }).click();
    },
    ready: async (page) => {
      await expect(page.getByRole("alert").filter({ hasText: "Item not found" })).toBeVisible();
    },
  },
  { name: "production floor", path: "/production", pin: DEMO.james.pin, ready: h1("Production Floor") },
  { name: "a machine's queue", path: "/production/hp-latex-800", pin: DEMO.james.pin, ready: h1("HP Latex 800 Files") },
  {
    name: "a machine's queue, a file's QR",
    path: "/production/hp-latex-800",
    pin: DEMO.james.pin,
    act: async (page) => {
      await page
        .getByRole("button", { name: /^QR code for / })
        .first()
        .click();
    },
    ready: dialog("File QR Code"),
  },
  { name: "a machine's queue, analytics", path: "/production/hp-latex-800?analytics=1", pin: DEMO.james.pin, ready: dialog("Completion Analytics") },
  { name: "an empty machine queue", path: "/production/zund-g3-cutter?page=1", pin: DEMO.admin.pin, ready: h1("Zund G3 Cutter Files") },
  { name: "fabrication", path: "/fabrication", pin: DEMO.admin.pin, ready: h1("Fabrication Department") },
  // Department work lists (docs/decisions/0037): a full one with stations, a station's, and an empty one.
  { name: "fabrication work list", path: "/work/fabrication", pin: DEMO.admin.pin, ready: h1("Fabrication Work List") },
  { name: "a station's work list", path: "/work/fabrication?side=exterior", pin: "3333", ready: h1("Fabrication Work List") },
  {
    name: "a work list's Station dialog",
    path: "/work/fabrication",
    pin: "3333",
    ready: dialog("Station for"),
    act: async (page) => {
      await page
        .getByRole("link", { name: /^Set station for / })
        .first()
        .click();
    },
  },
  { name: "quality control work list", path: "/work/quality-control", pin: DEMO.priya.pin, ready: h1("Quality Control Work List") },
  { name: "an empty work list", path: "/work/project-management", pin: DEMO.admin.pin, ready: h1("Project Management Work List") },
  { name: "machine ready files", path: "/projects/1/machine-files", pin: DEMO.admin.pin, ready: h1("Machine Ready Files") },
  { name: "machine ready files, completed file log", path: "/projects/1/machine-files?log=1", pin: DEMO.admin.pin, ready: dialog("Completed File Log") },
  {
    name: "machine ready files, signed out",
    path: "/projects/1/machine-files",
    ready: async (page) => {
      await expect(page.getByText("You are not logged in. File assignments will not track who changed them.")).toBeVisible();
    },
  },
  { name: "machine files spreadsheet", path: "/projects/1/machine-files/spreadsheet", pin: DEMO.admin.pin, ready: h1("Machine Files Spreadsheet") },
  { name: "TV board links", path: "/settings/boards", pin: DEMO.admin.pin, ready: h1("Board links") },
  { name: "label printers", path: "/settings/printers", pin: DEMO.admin.pin, ready: h1("Label printers") },
  { name: "sign-in settings", path: "/settings/sign-in", pin: DEMO.admin.pin, ready: h1("Sign-in") },
  { name: "capacity and calendar", path: "/settings/capacity", pin: DEMO.admin.pin, ready: h1("Capacity and calendar") },
  { name: "backups", path: "/settings/backups", pin: DEMO.admin.pin, ready: h1("Backups") },
  { name: "API tokens", path: "/settings/api-tokens", pin: DEMO.admin.pin, ready: h1("API tokens") },
  { name: "webhooks", path: "/settings/webhooks", pin: DEMO.admin.pin, ready: h1("Webhooks") },
  { name: "calendar feeds", path: "/settings/calendars", pin: DEMO.admin.pin, ready: h1("Calendar feeds") },
  { name: "customer page", path: "/settings/customer-page", pin: DEMO.admin.pin, ready: h1("Customer page") },
  { name: "order import", path: "/projects/import", pin: DEMO.admin.pin, ready: h1("Import orders") },
  { name: "label printers, a printer's Edit", path: "/settings/printers", pin: DEMO.admin.pin, ...withPrinter("edit"), ready: dialog("Edit printer") },
  {
    name: "label printers, a printer's Delete confirmation",
    path: "/settings/printers",
    pin: DEMO.admin.pin,
    ...withPrinter("delete"),
    ready: dialog("Delete printer"),
  },
  { name: "flow analytics", path: "/analytics", pin: DEMO.admin.pin, ready: h1("Flow analytics") },
  {
    name: "flow analytics, a year by week, the numbers opened",
    path: "/analytics?from=2025-11-26&to=2026-11-25",
    pin: DEMO.admin.pin,
    act: async (page) => {
      await page.getByText("Show the numbers").click();
    },
    ready: h1("Flow analytics"),
  },
  {
    name: "audit trail, an entry opened",
    path: "/settings/audit",
    pin: DEMO.admin.pin,
    act: async (page) => {
      await page.getByTestId("audit-row").first().locator("summary").click();
    },
    ready: async (page) => {
      await expect(page.getByRole("heading", { level: 1, name: "Audit trail" })).toBeVisible();
      await expect(page.getByTestId("audit-row").first().locator("details")).toHaveAttribute("open", "");
    },
  },
  { name: "shop address", path: "/settings/shop-address", pin: DEMO.admin.pin, ready: h1("Shop address") },
  { name: "the schedule", path: "/schedule", pin: DEMO.admin.pin, ready: h1("Schedule") },
  {
    name: "the phone's timer page",
    path: "/qr/1",
    pin: DEMO.james.pin,
    ready: async (page) => {
      await expect(page.getByRole("button", { name: /Start Timer|Stop Timer/ })).toBeVisible();
    },
  },
];

// The cases run in small groups, one signed-in member per group, on one page: a browser context, a sign-in and
// the first (cold) load of the app's scripts cost more than axe itself, so a test per case spent most of its time
// on them. Every case in a group runs even when one fails, and the failure names the case.
const CASES_PER_TEST = 6;
const memberOf = (pin?: string) => Object.values(DEMO).find((m) => m.pin === pin)?.name ?? (pin ? `PIN ${pin}` : "signed out");
const groups = new Map<string, Case[]>();
for (const c of CASES) groups.set(c.pin ?? "", [...(groups.get(c.pin ?? "") ?? []), c]);

for (const [pin, cases] of groups) {
  for (let from = 0; from < cases.length; from += CASES_PER_TEST) {
    const chunk = cases.slice(from, from + CASES_PER_TEST);
    const title = `no serious accessibility violations, ${memberOf(pin || undefined)}: ${chunk.map((c) => c.name).join("; ")}`;
    test(title, async ({ axePage: page, js, baseURL }) => {
      test.setTimeout(30_000 + 20_000 * chunk.length);
      if (pin) await signInByApi(page, pin, baseURL!);
      const failures: string[] = [];
      for (const c of chunk) {
        try {
          await test.step(c.name, async () => {
            const status = await visit(page, js, c.path);
            expect(status, c.path).toBe(c.status ?? 200);
            try {
              if (c.act) await c.act(page, js);
              await c.ready(page, js);
              await expectNoSeriousA11yViolations(page, `${c.name} (${c.path})`);
            } finally {
              await c.cleanup?.(page);
            }
          });
        } catch (error) {
          failures.push(`${c.name} (${c.path}): ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      expect(failures, "cases with a serious violation or that did not render").toEqual([]);
    });
  }
}
