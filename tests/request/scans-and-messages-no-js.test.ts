import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { type Client, hooks } from "../helpers/app";
import { type HtmlPage, open } from "../helpers/html-form";
import { bakery, seedShop } from "../helpers/shop";

// The messages around a project's page as a browser without JavaScript shows them, through the page's real forms
// (tests/helpers/html-form.ts): Create Project and then Back, who is offered Reset Timer, the step dates' bounds, the
// design upload's refusal. With JavaScript: tests/e2e/scans-and-messages.e2e.ts.

let admin: Client;
let james: Client;
let maria: Client;
let projectId: number;
let itemId: number;

beforeEach(async () => {
  ({
    clients: { admin, james, maria },
    projectIds: [projectId],
    itemIds: [itemId],
  } = await seedShop({
    ipBase: "10.15.0",
    members: {
      admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
      james: { name: "James Carter", pin: "2222", keys: ["production"] },
      maria: { name: "Maria Lopez", pin: "1111", keys: ["pre-production"] },
    },
    ...bakery(["Pre-Production", "Production", "Installation"]),
    items: [{ name: "Fence banner", category: "Banner", department: "production" }],
  }));
});

/** Each toast's title and text (a toast drawn without JavaScript is a status with a paragraph each; not the side menu's). */
const toasts = (page: HtmlPage) =>
  page
    .$$('[role="status"]')
    .filter((el) => !el.closest("nav"))
    .map((el) => [...el.querySelectorAll("p")].map((p) => p.textContent?.trim()).join(" "));

describe("Create Project, then Back", () => {
  test("the new project's page says it once: Back and a reload say nothing again, and it is created once", async () => {
    let page = await open(admin, "/projects");
    page = await page.click("New Project");
    const formPage = page.url.pathname + page.url.search;
    expect(formPage).toBe("/projects?dialog=new-project");
    // The dialog without JavaScript: a panel on the page, holding the form.
    expect(page.$('section[aria-label="Create New Project"] form')).not.toBeNull();
    const name = `Back button ${Date.now()}`;
    page = await page.form({ button: "Create Project" }).fill({ name, description: "Back button", workflowId: "W" }).submit("Create Project");
    expect(page.url.pathname).toMatch(/^\/projects\/\d+$/);
    expect(toasts(page)).toContain("Success Project created successfully!");

    // Back: the list's page is never kept by the browser (no-store), so Back asks the server for it again.
    const back = await open(admin, formPage);
    expect(back.headers.get("cache-control")).toContain("no-store");
    expect(back.text()).not.toContain("Project created successfully!");
    const reloaded = await open(admin, page.url.pathname);
    expect(reloaded.text()).not.toContain("Project created successfully!");
    expect(hooks.getDb().select().from(schema.projects).where(eq(schema.projects.name, name)).all()).toHaveLength(1);
  });
});

describe("Reset Timer", () => {
  test("is offered only to the project keys, and resets from the project's items table", async () => {
    let page = await open(james, `/items/${itemId}`);
    expect(page.textOf("h1")).toBe("Fence banner");
    expect(page.text()).toContain("Total Time");
    expect(() => page.link("Reset Timer")).toThrow();
    page = await open(james, `/items/${itemId}?dialog=reset-timer`);
    expect(() => page.form({ button: "Reset Timer" })).toThrow();
    page = await open(james, `/projects/${projectId}`);
    expect(page.text()).toContain("Fence banner");
    expect(() => page.link("Reset timer of Fence banner")).toThrow();

    hooks.getDb().update(schema.items).set({ totalTimeSeconds: 4000 }).where(eq(schema.items.id, itemId)).run();
    page = await open(maria, `/projects/${projectId}`);
    page = await page.click("Reset timer of Fence banner");
    page = await page.form({ button: "Reset Timer" }).submit("Reset Timer");
    expect(page.url.pathname).toBe(`/projects/${projectId}`);
    expect(toasts(page).join(" ")).toContain("Timer reset successfully.");
    expect(hooks.getDb().select().from(schema.items).where(eq(schema.items.id, itemId)).get()!.totalTimeSeconds).toBe(0);
    page = await open(maria, `/items/${itemId}`);
    expect(page.link("Reset Timer")).toEndWith(`/items/${itemId}?dialog=reset-timer`);
  });
});

describe("step dates", () => {
  test("each input bounds the other, within 2000–2099, after a save through the step's form", async () => {
    let page = await open(admin, `/projects/${projectId}`);
    page = await page.click("Edit Pre-Production step");
    const bounds = (p: HtmlPage) => {
      const start = p.$('input[name="startDate"]')!;
      const end = p.$('input[name="endDate"]')!;
      return { start: [start.getAttribute("min"), start.getAttribute("max")], end: [end.getAttribute("min"), end.getAttribute("max")] };
    };
    expect(bounds(page)).toEqual({ start: ["2000-01-01", "2099-12-31"], end: ["2000-01-01", "2099-12-31"] });
    page = await page.form({ button: "Save", field: "startDate" }).fill({ startDate: "2026-12-01", endDate: "2026-12-04" }).submit("Save");
    expect(toasts(page).join(" ")).toContain("Step Updated");
    page = await page.click("Edit Pre-Production step");
    expect(bounds(page)).toEqual({ start: ["2000-01-01", "2026-12-04"], end: ["2026-12-01", "2099-12-31"] });
  });
});

describe("the design upload", () => {
  test("a file named and typed as a PDF that is not one is refused with 'Invalid file type'", async () => {
    const page = await open(admin, `/projects/${projectId}?dialog=design`);
    // Only the server can tell: it is a photo.
    const photo = new File([Buffer.from("\x89PNG\r\n\x1a\n not a pdf", "latin1")], "proof.pdf", { type: "application/pdf" });
    const refused = await page.form({ button: "Upload" }).fill({ file: photo }).submit("Upload");
    expect(refused.status).toBe(400);
    expect(toasts(refused)).toContain("Invalid file type Please select a PDF file");
    expect(hooks.getDb().select().from(schema.projectDesigns).all()).toHaveLength(0);
    // The same form takes a PDF: the refusal is the file's, not the form's.
    const pdf = new File(["%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n"], "proof.pdf", { type: "application/pdf" });
    const taken = await (await open(admin, `/projects/${projectId}?dialog=design`)).form({ button: "Upload" }).fill({ file: pdf }).submit("Upload");
    expect(toasts(taken)).toContain("Success Design uploaded successfully!");
    expect(hooks.getDb().select().from(schema.projectDesigns).all()).toHaveLength(1);
  });
});
