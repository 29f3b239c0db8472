import { beforeEach, describe, expect, test } from "bun:test";
import { auditLog, projects, shopSettings } from "#db/schema";
import type { Client } from "../helpers/app";
import { type HtmlPage, open } from "../helpers/html-form";
import { bakery, seedShop } from "../helpers/shop";

// Capacity, calendar and the expected finish (docs/decisions/0038-finish-date-forecast.md) as a browser without
// JavaScript uses them, through the pages' real forms and links (tests/helpers/html-form.ts): Global Settings →
// Capacity and calendar saves the shop's week and a department's people; the project page says when the project is
// expected to finish and previews it as rush. With JavaScript: tests/e2e/forecast.e2e.ts.

let app: Awaited<ReturnType<typeof seedShop>>["app"];
let admin: Client;
let operator: Client;
let projectId: number;

beforeEach(async () => {
  ({
    app,
    clients: { admin, operator },
    projectIds: [projectId],
  } = await seedShop({
    env: { SHOP_TIMEZONE: "America/Chicago" },
    ipBase: "10.17.0",
    members: {
      admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
      operator: { name: "Otto Operator", pin: "2222", keys: ["production"] },
    },
    ...bakery(["Production", "Quality Control", "Installation"]),
    items: [{ name: "Fence banner", category: "Banner", department: "production" }],
  }));
});

/** Each toast's title and text (a toast drawn without JavaScript is a status with a paragraph each; not the side menu's). */
const toasts = (page: HtmlPage) =>
  page
    .$$('[role="status"]')
    .filter((el) => !el.closest("nav"))
    .map((el) => [...el.querySelectorAll("p")].map((p) => p.textContent?.trim()).join(" "));
/** The name of the field labelled `label` (by its <label> or its aria-label), as a person finds it. */
function fieldNamed(page: HtmlPage, label: string): string {
  const byLabel = page.$$("label[for]").find((el) => el.textContent?.trim() === label);
  const field = byLabel ? page.$(`#${byLabel.getAttribute("for")}`) : page.$$("input[aria-label]").find((el) => el.getAttribute("aria-label") === label);
  if (!field) throw new Error(`no field labelled ${label}`);
  return field.getAttribute("name")!;
}
const capacityRow = (page: HtmlPage, department: string) =>
  page.$$("tr").find((tr) => tr.querySelector("th, td")?.textContent?.trim() === department)?.textContent ?? "";

describe("Global Settings → Capacity and calendar", () => {
  test("the shop's week and holidays are saved from the settings page", async () => {
    let page = await open(admin, "/settings/capacity");
    expect(page.textOf("h1")).toBe("Capacity and calendar");
    const calendar = page.form({ button: "Save calendar" });
    page = await calendar
      .fill({
        workingDays: ["1", "2", "3", "4", "5", "6"],
        [fieldNamed(page, "Work starts at")]: "07:30",
        [fieldNamed(page, "Hours in a working day")]: "9",
        [fieldNamed(page, "Holidays (days the shop is closed)")]: "2026-12-25\n2026-12-24",
      })
      .submit("Save calendar");
    expect(page.url.pathname).toBe("/settings/capacity");
    expect(page.text()).toContain("Now: Monday to Saturday, from 7:30 AM for 9 hours");
    expect(page.$$('[aria-label="Saved holidays"] li').map((li) => li.textContent?.trim())).toEqual(["Thu, Dec 24", "Fri, Dec 25"]);
    expect(toasts(page).join(" ")).toContain("Calendar saved");
    expect(app.db.select().from(shopSettings).get()).toMatchObject({ workingDays: [1, 2, 3, 4, 5, 6], dayStartMinutes: 450, dayHours: 9 });
  });

  test("a department's people are saved; with none it has no capacity, and says so", async () => {
    let page = await open(admin, "/settings/capacity");
    page = await page
      .form({ button: "Save capacity" })
      .fill({ [fieldNamed(page, "People in Quality Control")]: "0" })
      .submit("Save capacity");
    expect(toasts(page).join(" ")).toContain("Capacity saved");
    expect(capacityRow(page, "Quality Control")).toContain("None: its items get no expected finish");
    expect(capacityRow(page, "Production")).toContain("8 h");

    page = await page
      .form({ button: "Save capacity" })
      .fill({ [fieldNamed(page, "People in Quality Control")]: "1" })
      .submit("Save capacity");
    expect(capacityRow(page, "Quality Control")).toContain("8 h");
  });
});

describe("the project page", () => {
  test("says when the project is expected to finish, and previews it as rush", async () => {
    let page = await open(admin, `/projects/${projectId}`);
    expect(page.textOf('[data-testid="expected-finish"]')).toMatch(
      /^Expected to finish \w{3}, \w{3} \d{1,2}( — (\d+ working days? (after|before) the due date|on the due date|before the due date))?$/,
    );
    page = await page.click("Preview as rush");
    const preview = page.$('[data-testid="rush-preview-finish"]')?.closest("section");
    expect(preview?.getAttribute("aria-labelledby") ? page.textOf(`#${preview.getAttribute("aria-labelledby")}`) : preview?.getAttribute("aria-label")).toBe(
      "If this project were rush (a preview: nothing is saved)",
    );
    expect(page.textOf('[data-testid="rush-preview-finish"]')).toMatch(/^Expected to finish \w{3}, \w{3} \d{1,2}/);
    page = await page.click("Close preview");
    expect(page.$('[data-testid="rush-preview-finish"]')).toBeNull();
    expect(page.link("Preview as rush")).toEndWith(`/projects/${projectId}?preview=rush`);
  });

  test("'Make it rush' beside 'Close preview' saves the priority, audited; only for those who may change projects", async () => {
    // Someone without the key sees the preview (it saves nothing) but no 'Make it rush', and cannot post it.
    const looking = await open(operator, `/projects/${projectId}?preview=rush`);
    expect(looking.$('[data-testid="rush-preview-finish"]')).not.toBeNull();
    expect(looking.$$("button").some((b) => b.textContent?.trim() === "Make it rush")).toBe(false);
    const refused = await operator.request(`/projects/${projectId}`, { method: "POST", form: { intent: "make-rush" } });
    expect(refused.status).toBe(403);

    let page = await open(admin, `/projects/${projectId}?preview=rush`);
    const preview = page.$('[data-testid="rush-preview-finish"]')!.closest("section")!;
    expect([...preview.querySelectorAll("a, button")].map((b) => b.textContent?.trim())).toEqual(["Make it rush", "Close preview"]);
    page = await page.form({ button: "Make it rush" }).submit("Make it rush");
    expect(page.url.pathname).toBe(`/projects/${projectId}`);
    expect(page.url.search).toBe("");
    expect(toasts(page).join(" ")).toContain("Bakery is now rush.");
    expect(page.text()).toContain("RUSH");
    expect(page.$('[data-testid="rush-preview-finish"]')).toBeNull();
    expect(app.db.select().from(projects).all()[0]!.priority).toBe("rush");
    const audit = app.db
      .select()
      .from(auditLog)
      .all()
      .filter((r) => r.entity === "project" && r.action === "update");
    expect(audit.at(-1)).toMatchObject({
      actorName: "Ada Admin",
      before: expect.objectContaining({ priority: "medium" }),
      after: expect.objectContaining({ priority: "rush" }),
    });
    // Rush already: nothing to preview, nothing to make.
    expect((await open(admin, `/projects/${projectId}`)).$$("a").some((a) => a.textContent?.trim() === "Preview as rush")).toBe(false);
  });
});
