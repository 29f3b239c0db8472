// Accessibility: axe-core on every page and dialog that exists, signed out and in. Any violation with impact
// 'serious' or 'critical' fails (docs/design.md).
//
// With JavaScript on ("js") every case runs. Without it ("no-js") only the cases whose server document differs from
// the hydrated page (each says how in `noJs`): dialogs drawn as panels on the page, the /login PIN field, Refresh links
// on live pages, ↑/↓ and Mark completed buttons, <noscript> buttons, the QR Timer's note. Every other page draws the
// same markup either way, so the "js" walk checks it.
//
// axe is a script, and a context with JavaScript disabled runs none, so the "no-js" walks run in a context where
// JavaScript runs but every script the page loads is blocked: the document is what a browser without JavaScript
// shows (no hydration, dialogs as panels, the /login form field), with its <noscript> content put in place.
import type { Page } from "@playwright/test";
import { DEMO, expect, test as fixtures } from "./fixtures";
import { expectNoSeriousA11yViolations, signInByApi, visit } from "./helpers";

const test = fixtures.extend<{ scriptlessPage: Page }>({
  scriptlessPage: async ({ browser, baseURL, clientIp }, use) => {
    // Playwright Test applies the project options (javaScriptEnabled: false) to new contexts too: turn it back on.
    const context = await browser.newContext({ baseURL, javaScriptEnabled: true, extraHTTPHeaders: { "X-Forwarded-For": clientIp } });
    await context.route("**/*", (route) => (route.request().resourceType() === "script" ? route.abort() : route.continue()));
    await use(await context.newPage());
    await context.close();
  },
});

type Case = {
  name: string;
  /** The page's address. With JavaScript, a state of the page open before it (a dialog, a tab, an editor) is opened
   * by its link on that page, as a person opens it: no new document. */
  path: string;
  status?: number;
  /** How the page's no-JavaScript document differs from the hydrated one; without it, the case runs with JavaScript only. */
  noJs?: string;
  /** Makes what the case needs in the worker's shared demo shop and returns the address to open instead of `path`. */
  open?: (page: Page, js: boolean) => Promise<string>;
  /** Something to do on the page first (open a menu or dialog, send a form). */
  act?: (page: Page, js: boolean) => Promise<void>;
  /** What must be on screen before axe runs. */
  ready: (page: Page, js: boolean) => Promise<void>;
  /** Removes what `open` added. */
  cleanup?: (page: Page) => Promise<void>;
};

const LIVE = "a Refresh link instead of the Live status";
const PANEL = "the dialog is a panel on the page";

/** The app's origin, for the API writes a case makes: a part of a walk may start on a page that has none yet. */
const originOf = (page: Page) => (page.url().startsWith("http") ? new URL(page.url()).origin : walkOrigin);
let walkOrigin = "";

/** A label printer of the test's own (the demo shop has none), opened at `?{open}=` on the printers page. */
const withPrinter = (open: "edit" | "delete") => ({
  open: async (page: Page, js: boolean) => {
    const res = await page.request.post("/api/label-printers", {
      data: { name: `A11y Zebra ${open} ${js ? "js" : "no-js"}`, host: "192.0.2.10" },
      headers: { origin: originOf(page) },
    });
    expect(res.status(), await res.text()).toBe(201);
    return `/settings/printers?${open}=${((await res.json()) as { id: number }).id}`;
  },
  cleanup: async (page: Page) => {
    const printers = (await (await page.request.get("/api/label-printers")).json()) as { id: number; name: string }[];
    for (const p of printers.filter((p) => p.name.startsWith("A11y Zebra"))) {
      await page.request.delete(`/api/label-printers/${p.id}`, { headers: { origin: originOf(page) } });
    }
  },
});

const h1 = (name: string) => async (page: Page) => {
  await expect(page.getByRole("heading", { name, level: 1 }).first()).toBeVisible();
};
const dialog = (title: string) => async (page: Page, js: boolean) => {
  await expect(js ? page.getByRole("dialog", { name: title }) : page.getByRole("region", { name: title })).toBeVisible();
};
/** A settings tab, told apart from the one before it (a tab opened by its link keeps the same heading). */
const settingsTab = (tab: string) => async (page: Page) => {
  await h1("Global Settings")(page);
  await expect(page.getByRole("navigation", { name: "Settings tabs" }).locator(`a[aria-current="page"][href="/settings?tab=${tab}"]`)).toBeAttached();
};

/** Each member's pages in the order one walk visits them: a page, then the dialogs and states opened on it. */
const WALKS: { pin?: string; cases: Case[] }[] = [
  {
    cases: [
      { name: "home, signed out", path: "/", ready: h1("Manufacturing Flow") },
      {
        // Without JavaScript the Login link opens /login, checked below.
        name: "the Global Login dialog",
        path: "/",
        act: async (page) => {
          await page.getByRole("banner").getByRole("link", { name: "Login" }).click();
        },
        ready: async (page) => {
          await expect(page.getByRole("dialog", { name: "Global Login" })).toBeVisible();
        },
      },
      { name: "/login", path: "/login", noJs: "one PIN field instead of four boxes", ready: h1("Global Login") },
      { name: "/login for a tile", path: "/login?tile=production", noJs: "one PIN field instead of four boxes", ready: h1("Access Production Floor") },
      { name: "404", path: "/no-such-page/here", status: 404, ready: h1("404 Page Not Found") },
      { name: "Access Denied signed out (/settings)", path: "/settings", status: 401, ready: h1("Access Denied") },
      {
        name: "machine ready files, signed out",
        path: "/projects/1/machine-files",
        ready: async (page) => {
          await expect(page.getByText("You are not logged in. File assignments will not track who changed them.")).toBeVisible();
        },
      },
    ],
  },
  {
    pin: DEMO.priya.pin,
    cases: [
      {
        name: "home, no keys (the member's welcome)",
        path: "/",
        ready: async (page) => {
          await expect(page.getByRole("heading", { name: `Welcome, ${DEMO.priya.name}` })).toBeVisible();
        },
      },
      { name: "Access Denied signed in (/settings as 7777)", path: "/settings", status: 403, ready: h1("Access Denied") },
      { name: "quality control work list", path: "/work/quality-control", noJs: LIVE, ready: h1("Quality Control Work List") },
    ],
  },
  {
    pin: "3333",
    cases: [
      {
        name: "home, fabrication key",
        path: "/",
        ready: async (page) => {
          await expect(page.getByTestId("tile-fabrication")).toBeVisible();
        },
      },
      // Department work lists (decision 0037): a full one with stations, a station's, and an empty one.
      { name: "a station's work list", path: "/work/fabrication?side=exterior", noJs: LIVE, ready: h1("Fabrication Work List") },
      {
        name: "a work list's Station dialog",
        path: "/work/fabrication",
        noJs: PANEL,
        act: async (page) => {
          await page
            .getByRole("link", { name: /^Set station for / })
            .first()
            .click();
        },
        ready: dialog("Station for"),
      },
    ],
  },
  {
    pin: DEMO.admin.pin,
    cases: [
      { name: "home, management", path: "/", ready: h1("Manufacturing Flow") },
      {
        name: "the side menu",
        path: "/",
        act: async (page) => {
          await page.getByRole("banner").getByLabel("Open menu").click();
        },
        ready: async (page) => {
          await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
        },
      },
      ...(
        [
          [
            "products",
            [
              ["new=1", "Add Product"],
              ["edit=1", "Edit Product"],
            ],
          ],
          [
            "departments",
            [
              ["new=1", "Add Department"],
              ["edit=1", "Edit Department"],
              ["subnew=1", "Add Subdepartment to"],
            ],
          ],
          ["workflows", [["new=1", "Add Workflow"]]],
          [
            "materials",
            [
              ["new=1", "Add Material"],
              ["delete=1", "Delete Material"],
            ],
          ],
          [
            "team",
            [
              ["new=1", "Add Team Member"],
              ["edit=1", "Edit Team Member"],
            ],
          ],
        ] as const
      ).flatMap(([tab, dialogs]): Case[] => [
        { name: `settings tab ${tab}`, path: `/settings?tab=${tab}`, ready: settingsTab(tab) },
        ...dialogs.map(([param, title]): Case => ({ name: `dialog ${title}`, path: `/settings?tab=${tab}&${param}`, noJs: PANEL, ready: dialog(title) })),
      ]),
      {
        name: "product details",
        path: "/products/1",
        ready: async (page) => {
          await expect(page.getByRole("link", { name: "← Back to Settings" })).toBeVisible();
        },
      },
      { name: "product details with the QR dialog", path: "/products/1?qr=1", noJs: PANEL, ready: dialog("QR Code") },
      { name: "product not found", path: "/products/99999999", status: 404, ready: h1("Product Not Found") },
      { name: "projects list", path: "/projects", noJs: "the Sort button of its <noscript>", ready: h1("Projects") },
      { name: "projects list, Create New Project", path: "/projects?dialog=new-project", noJs: PANEL, ready: dialog("Create New Project") },
      {
        name: "project detail",
        path: "/projects/1",
        noJs: `${LIVE}, no drag handles`,
        ready: async (page) => {
          await expect(page.getByRole("region", { name: "Workflow Steps" })).toBeVisible();
        },
      },
      {
        name: "project detail, editing a step",
        // The Edit link's own address: it scrolls to the step.
        path: "/projects/1?edit-step=1#step-1",
        noJs: `${LIVE}, no drag handles`,
        ready: async (page) => {
          await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
        },
      },
      { name: "project detail, Add Item", path: "/projects/1?dialog=add-item", noJs: PANEL, ready: dialog("Add Item") },
      { name: "project detail, Upload Design PDF", path: "/projects/1?dialog=design", noJs: PANEL, ready: dialog("Upload Design PDF") },
      {
        name: "project detail, Preview as rush",
        path: "/projects/2?preview=rush",
        noJs: `${LIVE}, no drag handles`,
        ready: async (page) => {
          await expect(page.getByRole("region", { name: "If this project were rush (a preview: nothing is saved)" })).toBeVisible();
        },
      },
      { name: "project not found", path: "/projects/99999999", status: 404, ready: h1("Project not found") },
      { name: "items list", path: "/items", noJs: `${LIVE}, the Filter button of its <noscript>`, ready: h1("Items") },
      { name: "items list, Create New Product", path: "/items?dialog=new", noJs: PANEL, ready: dialog("Create New Product") },
      { name: "items list, Edit Product", path: "/items?dialog=edit&item=1", noJs: PANEL, ready: dialog("Edit Product") },
      { name: "items list, Delete Item", path: "/items?dialog=delete&item=1", noJs: PANEL, ready: dialog("Delete Item") },
      { name: "items list, QR Code", path: "/items?dialog=qr&item=1", noJs: PANEL, ready: dialog("QR Code") },
      { name: "item detail, Reset Timer", path: "/items/1?dialog=reset-timer", noJs: PANEL, ready: dialog("Reset Timer") },
      { name: "item detail, Edit Item", path: "/items/1?dialog=edit", noJs: PANEL, ready: dialog("Edit Item") },
      { name: "item not found", path: "/items/99999999", status: 404, ready: h1("Item not found") },
      { name: "an empty machine queue", path: "/production/zund-g3-cutter?page=1", noJs: LIVE, ready: h1("Zund G3 Cutter Files") },
      { name: "fabrication", path: "/fabrication", ready: h1("Fabrication Department") },
      { name: "fabrication work list", path: "/work/fabrication", noJs: LIVE, ready: h1("Fabrication Work List") },
      { name: "an empty work list", path: "/work/project-management", noJs: LIVE, ready: h1("Project Management Work List") },
      {
        name: "machine ready files",
        path: "/projects/1/machine-files",
        noJs: "a Confirm button beside each file choice",
        ready: h1("Machine Ready Files"),
      },
      { name: "machine ready files, completed file log", path: "/projects/1/machine-files?log=1", noJs: PANEL, ready: dialog("Completed File Log") },
      {
        name: "machine files spreadsheet",
        path: "/projects/1/machine-files/spreadsheet",
        noJs: "the saved rows' Save buttons are enabled",
        ready: h1("Machine Files Spreadsheet"),
      },
      { name: "TV board links", path: "/settings/boards", ready: h1("Board links") },
      { name: "label printers", path: "/settings/printers", ready: h1("Label printers") },
      { name: "label printers, a printer's Edit", path: "/settings/printers?edit=", noJs: PANEL, ...withPrinter("edit"), ready: dialog("Edit printer") },
      {
        name: "label printers, a printer's Delete confirmation",
        path: "/settings/printers?delete=",
        noJs: PANEL,
        ...withPrinter("delete"),
        ready: dialog("Delete printer"),
      },
      { name: "sign-in settings", path: "/settings/sign-in", ready: h1("Sign-in") },
      { name: "capacity and calendar", path: "/settings/capacity", ready: h1("Capacity and calendar") },
      { name: "imported files settings", path: "/settings/imports", ready: h1("Imported files") },
      { name: "backups", path: "/settings/backups", ready: h1("Backups") },
      { name: "API tokens", path: "/settings/api-tokens", ready: h1("API tokens") },
      { name: "webhooks", path: "/settings/webhooks", ready: h1("Webhooks") },
      { name: "calendar feeds", path: "/settings/calendars", ready: h1("Calendar feeds") },
      { name: "customer page", path: "/settings/customer-page", ready: h1("Customer page") },
      { name: "order import", path: "/projects/import", ready: h1("Import orders") },
      { name: "flow analytics", path: "/analytics", ready: h1("Flow analytics") },
      {
        name: "flow analytics, a year by week, the numbers opened",
        path: "/analytics?from=2025-11-26&to=2026-11-25",
        act: async (page) => {
          await page.getByText("Show the numbers").click();
        },
        ready: h1("Flow analytics"),
      },
      {
        name: "audit trail, an entry opened",
        path: "/settings/audit",
        act: async (page) => {
          await page.getByTestId("audit-row").first().locator("summary").click();
        },
        ready: async (page) => {
          await expect(page.getByRole("heading", { level: 1, name: "Audit trail" })).toBeVisible();
          await expect(page.getByTestId("audit-row").first().locator("details")).toHaveAttribute("open", "");
        },
      },
      { name: "shop address", path: "/settings/shop-address", ready: h1("Shop address") },
      { name: "the schedule", path: "/schedule", ready: h1("Schedule") },
    ],
  },
  {
    pin: DEMO.james.pin,
    cases: [
      { name: "workflow overview", path: "/workflows", ready: h1("Project Workflows") },
      { name: "department views", path: "/department-views", ready: h1("Department Views") },
      {
        name: "item detail",
        path: "/items/1",
        noJs: LIVE,
        ready: async (page) => {
          await expect(page.getByRole("heading", { name: "Timer Log" })).toBeVisible();
        },
      },
      { name: "QR Timer", path: "/qr-scanner", noJs: "a note instead of the photo and camera buttons", ready: h1("QR Timer") },
      {
        name: "QR Timer after an unknown id",
        path: "/qr-scanner",
        noJs: "the form's answer is a page from the server",
        act: async (page) => {
          await page.getByLabel("Scan or type a QR code or item ID").fill("424242");
          await page.getByRole("button", { name: "Process" }).click();
        },
        ready: async (page) => {
          await expect(page.getByRole("alert").filter({ hasText: "Item not found" })).toBeVisible();
        },
      },
      { name: "production floor", path: "/production", noJs: LIVE, ready: h1("Production Floor") },
      {
        name: "a machine's queue",
        path: "/production/hp-latex-800",
        noJs: `${LIVE}, ↑/↓ and Mark completed buttons instead of drag handles and checkboxes`,
        ready: h1("HP Latex 800 Files"),
      },
      {
        name: "a machine's queue, a file's QR",
        path: "/production/hp-latex-800",
        noJs: PANEL,
        act: async (page) => {
          await page
            .getByRole("button", { name: /^QR code for / })
            .first()
            .click();
        },
        ready: dialog("File QR Code"),
      },
      { name: "a machine's queue, analytics", path: "/production/hp-latex-800?analytics=1", noJs: PANEL, ready: dialog("Completion Analytics") },
      {
        name: "the phone's timer page",
        path: "/qr/1",
        ready: async (page) => {
          await expect(page.getByRole("button", { name: /Start Timer|^Done/ })).toBeVisible();
        },
      },
    ],
  },
  {
    pin: DEMO.maria.pin,
    cases: [
      { name: "pre-production dashboard", path: "/pre-production", noJs: LIVE, ready: h1("Pre-Production Dashboard") },
      {
        name: "pre-production, nothing matches",
        path: "/pre-production?q=zzzz",
        noJs: LIVE,
        ready: async (page) => {
          await expect(page.getByText("No projects match your search criteria")).toBeVisible();
        },
      },
    ],
  },
];

/** The page's address as a case names it. */
const here = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search + url.hash;
};

/** Closes an open dialog with Escape, as a person would. False when one stays open. */
async function closeDialog(page: Page): Promise<boolean> {
  const open = page.getByRole("dialog");
  if ((await open.count()) === 0) return true;
  await page.keyboard.press("Escape");
  return open
    .first()
    .waitFor({ state: "detached", timeout: 15_000 })
    .then(
      () => true,
      () => false,
    );
}

/**
 * Opens `path`. With JavaScript, when it is a state of the page already open (same address but its query) and the
 * page has a link to it, the link is clicked: the router opens it without a new document, and axe, already in the
 * document, runs again at once. Returns the status of a new document, null when there was none.
 */
async function reach(page: Page, js: boolean, path: string, opts: { inPlace: boolean; samePage: boolean }): Promise<number | null> {
  if (opts.samePage && here(page) === path) return null;
  if (js && opts.inPlace && new URL(path, page.url()).pathname === new URL(page.url()).pathname && (await closeDialog(page))) {
    const [bare] = path.split("#");
    const link = page.locator(`a[href="${path}"]`).filter({ visible: true }).first();
    if ((await link.count()) > 0) {
      // Bounded: a case that failed may leave something over the page, and the walk goes on.
      await link.click({ timeout: 15_000 });
      await page.waitForURL((url) => url.pathname + url.search === bare);
      return null;
    }
  }
  return visit(page, js, path);
}

/**
 * Without JavaScript a browser draws what <noscript> holds; this context lets scripts run (axe is one), so its
 * parser kept that as text: put the elements in place.
 */
async function showNoscript(page: Page) {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll("noscript")) {
      const template = document.createElement("template");
      template.innerHTML = el.textContent ?? "";
      el.replaceWith(template.content);
    }
  });
}

/**
 * One member's cases on one page, signed in once: a context, a sign-in and the first (cold) load of the app's scripts
 * cost more than axe itself. Every case runs even when one fails, and the failure names the case.
 */
async function walk(page: Page, js: boolean, pin: string | undefined, baseURL: string, cases: Case[]) {
  test.setTimeout(30_000 + 20_000 * cases.length);
  walkOrigin = new URL(baseURL).origin;
  if (pin) await signInByApi(page, pin, baseURL);
  const failures: string[] = [];
  // After a failure the next case starts from a new document; after an `act` (a menu, a dialog, a form sent) the next
  // case with the same address does not start from what it left.
  let fresh = true;
  let acted = false;
  for (const c of cases) {
    let path = c.path;
    try {
      await test.step(c.name, async () => {
        if (c.open) path = await c.open(page, js);
        const status = await reach(page, js, path, { inPlace: !fresh && c.status === undefined, samePage: !fresh && !acted });
        if (status !== null) expect(status, path).toBe(c.status ?? 200);
        try {
          if (c.act) await c.act(page, js);
          await c.ready(page, js);
          await page.waitForLoadState();
          if (!js) await showNoscript(page);
          // A modal dialog hides the page under it, which its own case checks: axe reads the dialog alone, a
          // fraction of the page's elements (the walks are the largest part of the browser tests).
          const modal = js && (await page.getByRole("dialog").count()) === 1;
          await expectNoSeriousA11yViolations(page, `${c.name} (${path})`, modal ? { include: '[role="dialog"]' } : {});
        } finally {
          await c.cleanup?.(page);
        }
      });
      fresh = false;
    } catch (error) {
      failures.push(`${c.name} (${path}): ${error instanceof Error ? error.message : String(error)}`);
      fresh = true;
    }
    acted = c.act !== undefined;
  }
  expect(failures, "cases with a serious violation or that did not render").toEqual([]);
}

const memberOf = (pin?: string) => Object.values(DEMO).find((m) => m.pin === pin)?.name ?? (pin ? `PIN ${pin}` : "signed out");

/**
 * A long walk in parts of at most PART cases, each its own test: the parts run side by side on the workers, and a
 * walk of sixty cases does not leave one worker busy for minutes after the rest of the suite is done.
 */
const PART = 15;
function parts(cases: Case[]): { title: string; cases: Case[] }[] {
  const n = Math.ceil(cases.length / PART);
  return Array.from({ length: n }, (_, i) => ({
    title: n === 1 ? "" : ` (part ${i + 1} of ${n})`,
    cases: cases.slice(Math.round((i * cases.length) / n), Math.round(((i + 1) * cases.length) / n)),
  }));
}

for (const { pin, cases } of WALKS) {
  for (const part of parts(cases)) {
    test(`no serious accessibility violations, ${memberOf(pin)}: every page and dialog${part.title}`, async ({ page, baseURL }) => {
      await walk(page, true, pin, baseURL!, part.cases);
    });
  }
}

test.describe("without JavaScript", { tag: "@no-js" }, () => {
  test.skip(({ js }) => js, "with JavaScript the walks above check every page, these too");
  for (const { pin, cases } of WALKS) {
    const differing = cases.filter((c) => c.noJs);
    for (const part of parts(differing)) {
      test(`no serious accessibility violations, ${memberOf(pin)}: the pages and dialogs drawn differently${part.title}`, async ({
        scriptlessPage,
        baseURL,
      }) => {
        await walk(scriptlessPage, false, pin, baseURL!, part.cases);
      });
    }
  }
});
