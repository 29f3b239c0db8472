import { describe, expect, test } from "bun:test";
import type { Client } from "../helpers/app";
import { type HtmlPage, open } from "../helpers/html-form";
import { seedShop } from "../helpers/shop";

// What a newcomer trips on, clicked through as a browser without JavaScript (tests/helpers/html-form.ts): a fresh
// shop's way to its first item (the dialogs are panels on the page), the team member form's two department settings,
// the greeting of a member without keys and their first scan, the ways into every screen, and the items search
// (Enter, and the Filter button that exists only without JavaScript). With JavaScript, and the drags and the QR image
// upload that need it: tests/e2e/newcomer.e2e.ts.

async function post(c: Client, path: string, json: object) {
  const res = await c.request(path, { method: "POST", json });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; value?: string };
}

/** Each toast's title and text (a toast drawn without JavaScript is a status with a paragraph each; not the side menu's). */
const toasts = (page: HtmlPage) =>
  page
    .$$('[role="status"]')
    .filter((el) => !el.closest("nav"))
    .map((el) => [...el.querySelectorAll("p")].map((p) => p.textContent?.trim()).join(" "));
/** The panel a dialog is without JavaScript: a region named `name`. */
const panel = (page: HtmlPage, name: string) => page.$(`section[aria-label="${name}"]`);

describe("a fresh shop without demo data", () => {
  test("reaches its first item: Materials on the checklist, 'Add a material' from Add Item and back", async () => {
    const {
      clients: { admin },
    } = await seedShop({ ipBase: "10.22.0", members: { admin: { name: "Ada Admin", pin: "4321", keys: ["management"] } } });

    const home = await open(admin, "/");
    const checklist = home.$$('[data-testid="setup-checklist"] li').map((li) => li.textContent ?? "");
    const expected = [/departments/, /machine stations/, /products/, /materials/, /workflow/, /team/, /shop.s address/];
    expect(checklist).toHaveLength(expected.length);
    checklist.forEach((text, i) => expect(text).toMatch(expected[i]!));
    const materials = await home.click(/Add your materials/);
    expect(materials.url.pathname + materials.url.search).toBe("/settings?tab=materials");
    expect(materials.text()).toContain("No material types configured yet.");

    // Everything else a first project needs, quickly through the API.
    for (const name of ["Pre-Production", "Production"]) await post(admin, "/api/departments", { name });
    await post(admin, "/api/categories", { name: "Channel Letters", departmentSequence: ["pre-production", "production"] });
    const wf = await post(admin, "/api/workflows", { name: "Standard", departmentSequence: ["pre-production", "production"] });
    const project = await post(admin, "/api/projects", { name: "Acme Letters", description: "Front sign", priority: "medium", workflowId: wf.id });

    let page = await (await open(admin, `/projects/${project.id}`)).click("Add First Item");
    expect(page.url.search).toBe("?dialog=add-item");
    expect(panel(page, "Add Item")?.textContent).toContain("No materials yet.");
    page = await page.form({ button: "Create Item" }).fill({ name: "Letter A", category: "Channel Letters" }).submit("Add a material");
    expect(panel(page, "Add Material")?.querySelector("form")).toBeTruthy();
    page = await page.form({ button: "Create Material" }).fill({ name: "Aluminum", category: "Metal" }).submit("Create Material");

    // Back on the item form as it was typed, with the new material chosen.
    expect(page.url.pathname + page.url.search).toBe(
      `/projects/${project.id}?dialog=add-item&typed-name=Letter+A&typed-category=Channel+Letters&typed-quantity=1&typed-material=Aluminum`,
    );
    expect(toasts(page).join(" ")).toContain("Material created successfully");
    expect(panel(page, "Add Item")).toBeTruthy();
    page = await page.form({ button: "Create Item" }).submit("Create Item");
    expect(page.url.pathname).toBe(`/projects/${project.id}`);
    expect(toasts(page).join(" ")).toContain("Item created successfully with QR code!");
    expect(page.textOf('section[aria-labelledby="items-heading"] table')).toContain("Letter A");
    expect(page.link("View Letter A")).toMatch(/\/items\/\d+$/);
  });
});

describe("team members and their keys", () => {
  test("the team member form (a panel) explains Department against Accessible departments and offers no machine as a department", async () => {
    const {
      clients: { admin },
    } = await seedShop({
      ipBase: "10.22.1",
      members: { admin: { name: "Ada Admin", pin: "4321", keys: ["management"] } },
      departments: ["Pre-Production", "Production", { name: "HP Latex 800", isMachine: true }, { name: "Zund G3 Cutter", isMachine: true }],
    });
    const page = await (await open(admin, "/settings?tab=team")).click("Add Team Member");
    const form = panel(page, "Add Team Member")!;
    expect(form).toBeTruthy();
    const described = (el: { getAttribute(n: string): string | null }) =>
      (el.getAttribute("aria-describedby") ?? "")
        .split(/\s+/)
        .map((id) => page.$(`#${id}`)?.textContent ?? "")
        .join(" ");
    const department = form.querySelector('select[name="department"]')!;
    expect(described(department)).toMatch(/Their home department: where Back on a project page and Department Views take them\. It opens nothing by itself\./);
    const options = [...department.querySelectorAll("option")].map((o) => o.textContent?.trim());
    expect(options).toContain("Pre-Production");
    expect(options).not.toContain("HP Latex 800");
    expect(options).not.toContain("Zund G3 Cutter");
    const keys = [...form.querySelectorAll("fieldset")].find((f) => f.querySelector("legend")?.textContent?.trim() === "Accessible departments")!;
    expect(described(keys)).toMatch(/Their keys: the areas they may unlock with their PIN/);
  });

  test("a member without keys is greeted on Home and runs a timer from the QR Timer", async () => {
    const {
      clients: { nora },
      itemIds: [itemId],
    } = await seedShop({
      ipBase: "10.22.2",
      members: {
        admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
        nora: { name: "Nora New", pin: "3141", keys: [] },
      },
      departments: ["Production"],
      categories: [{ name: "Channel Letters", departmentSequence: ["production"] }],
      workflow: { name: "W", departmentSequence: ["production"] },
      projects: [{ name: "Keyless" }],
      items: [{ name: "Sign Keyless", category: "Channel Letters" }],
    });
    const home = await open(nora, "/");
    const welcome = home.textOf('[data-testid="no-keys"]');
    expect(welcome).toContain("Welcome, Nora New");
    expect(welcome).toContain("you have no department keys yet");
    expect(welcome).toMatch(/Ada Admin.* can give you keys in Global Settings → Team Members\./);
    expect(home.text()).not.toContain("No Access Configured");
    const scanner = await home.click("Open the QR Timer");
    expect(scanner.url.pathname).toBe("/qr-scanner");
    const page = await scanner
      .form({ button: "Process" })
      .fill({ code: String(itemId) })
      .submit("Process");
    const card = page.textOf('[data-testid="scan-result"]');
    expect(card).toContain("Sign Keyless");
    expect(card).toContain("Running");
  });
});

describe("every screen has a way in by clicking", () => {
  test("management: the side menu (a <details>) leads to Items, Workflows and Department Views, and Main Page says what it is", async () => {
    const {
      clients: { admin },
    } = await seedShop({ ipBase: "10.22.3", members: { admin: { name: "Ada Admin", pin: "4321", keys: ["management"] } } });
    const home = await open(admin, "/");
    const menu = home.$('nav[aria-label="Main menu"]')!;
    expect(menu.closest("details")).not.toBeNull();
    const main = [...menu.querySelectorAll("a")].find((a) => a.getAttribute("href") === "/")!;
    expect(main.textContent).toContain("Department tiles");
    for (const [entry, heading] of [
      [/^Items\s*Every item/, "Items"],
      [/^Workflows\s*Items moving/, "Project Workflows"],
      [/^Department Views\s*Each department/, "Department Views"],
    ] as const) {
      expect((await home.click(entry)).textOf("h1")).toBe(heading);
    }
  });

  test("a floor member: Home → Department Views → their own screen; locked cards are no links; Home → Items; Projects → Workflows", async () => {
    const {
      clients: { james },
    } = await seedShop({
      ipBase: "10.22.4",
      members: {
        admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
        james: { name: "James Carter", pin: "2222", keys: ["production"] },
      },
      departments: ["Pre-Production", "Production", "Fabrication"],
    });
    const home = await open(james, "/");
    const views = await home.click("Department Views");
    expect(views.textOf("h1")).toBe("Department Views");
    const locked = views.$$('[data-testid="department-view"]').filter((c) => c.textContent?.includes("Locked"));
    expect(locked).toHaveLength(2);
    expect(locked.flatMap((c) => [...c.querySelectorAll("a")])).toEqual([]);
    const floor = await views.click(/^Production/);
    expect(floor.textOf("h1")).toBe("Production Floor");

    expect((await home.click("Items")).textOf("h1")).toBe("Items");
    const projects = await open(james, "/projects");
    expect((await projects.click("Workflows")).textOf("h1")).toBe("Project Workflows");
  });
});

describe("the items list", () => {
  test("searches by name with Enter, and the category applies with 'Filter', keeping the search", async () => {
    const {
      clients: { james },
    } = await seedShop({
      ipBase: "10.22.5",
      members: {
        admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
        james: { name: "James Carter", pin: "2222", keys: ["production"] },
      },
      departments: ["Production"],
      categories: [
        { name: "Channel Letters", departmentSequence: ["production"] },
        { name: "Vinyl Banner", departmentSequence: ["production"] },
      ],
      workflow: { name: "W", departmentSequence: ["production"] },
      projects: [{ name: "Search Zq" }],
      items: [
        { name: "Zq Channel Letters", category: "Channel Letters" },
        { name: "Zq Vinyl Banner", category: "Vinyl Banner" },
        { name: "Other Letters", category: "Channel Letters" },
      ],
    });
    const rows = (p: HtmlPage) => p.$$("tbody tr").map((r) => r.querySelector("td a")?.textContent?.trim());
    let page = await open(james, "/items");
    expect(rows(page)).toHaveLength(3);
    const search = () => page.form({ field: "q" });
    // Enter in the search field sends its form.
    page = await search().fill({ q: "zq letters" }).submit();
    expect(page.url.searchParams.get("q")).toBe("zq letters");
    expect(rows(page)).toEqual(["Zq Channel Letters"]);

    page = await search().fill({ q: "Zq" }).submit();
    expect(rows(page)).toHaveLength(2);
    page = await page.form({ button: "Filter" }).fill({ category: "Vinyl Banner" }).submit("Filter");
    expect(rows(page)).toEqual(["Zq Vinyl Banner"]);
    expect(page.$('input[name="q"]')?.getAttribute("value")).toBe("Zq");
  });
});

describe("the QR Timer's image upload", () => {
  test("without JavaScript the page says the upload needs it", async () => {
    const {
      clients: { james },
    } = await seedShop({ ipBase: "10.22.6", members: { james: { name: "James Carter", pin: "2222", keys: ["production"] } } });
    const page = await open(james, "/qr-scanner");
    expect(page.text()).toContain("Uploading a photo of a label or scanning with the camera needs JavaScript; the field above works without it.");
  });
});
