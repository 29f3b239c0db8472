// The app's shell and Home with JavaScript off, as a browser without it uses them: the Fabrication tile (the fourth
// key), the department form's machine-station box, a team member's photo that does not load, and the product details
// back link per role. Each step submits the page's real form or follows its real link (tests/helpers/html-form.ts).
// The header on a phone, the side menu and the Global Settings widths are browser tests (tests/e2e/shell.e2e.ts).
import { beforeEach, describe, expect, test } from "bun:test";
import * as schema from "#db/schema";
import { addMember, createApp, type Client } from "../helpers/app";
import { type HtmlPage, open } from "../helpers/html-form";

let app: ReturnType<typeof createApp>;
let admin: Client;

const AISHA = { name: "Aisha Khan", pin: "3333" };

beforeEach(async () => {
  app = createApp();
  addMember("Ada Admin", "4321", ["management"]);
  admin = app.client("10.5.0.1");
  await admin.signIn("4321");
});

const collapse = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();
const signedInName = (page: HtmlPage) => collapse(page.$('[data-testid="signed-in-name"]')?.textContent) || null;
const tiles = (page: HtmlPage) => page.$$('[data-testid^="tile-"]').map((el) => el.getAttribute("data-testid"));
const toasts = (page: HtmlPage) => page.$$('[role="status"]').map((el) => collapse(el.textContent));

describe("the Fabrication tile without JavaScript", () => {
  beforeEach(() => {
    addMember(AISHA.name, AISHA.pin, ["fabrication"]);
  });

  test("signed out, the fourth tile asks for a PIN and 3333 lands on /fabrication", async () => {
    const c = app.client("10.5.1.1");
    const home = await open(c, "/");
    expect(tiles(home)).toEqual(["tile-pre-production", "tile-production", "tile-fabrication", "tile-project-management"]);
    const login = await home.form({ button: /^Fabrication/ }).submit();
    expect(login.url.pathname + login.url.search).toBe("/login?tile=fabrication");
    expect(login.textOf("h1")).toBe("Access Fabrication");
    const landed = await login.form({ button: "Continue" }).fill({ pinCode: AISHA.pin }).submit("Continue");
    expect(landed.url.pathname).toBe("/fabrication");
    expect(signedInName(landed)).toBe(AISHA.name);
    expect(toasts(landed).find((t) => t.includes("Access Granted"))).toContain("Accessing Fabrication.");
  });

  test("PIN 3333 (fabrication key only) sees the Fabrication tile, not 'No Access Configured', and it opens /fabrication", async () => {
    const c = app.client("10.5.1.2");
    await c.signIn(AISHA.pin);
    const home = await open(c, "/");
    expect(tiles(home)).toEqual(["tile-fabrication"]);
    const tile = home.$('[data-testid="tile-fabrication"]')!;
    expect(tile.textContent).toContain("Fabrication");
    expect(tile.textContent).toContain("Interior and exterior fabrication stations");
    expect(home.text()).not.toContain("No Access Configured");
    expect(home.text()).toContain("Select a department and enter your PIN to access workflows");

    const fabrication = await home.form({ button: /^Fabrication/ }).submit();
    expect(fabrication.url.pathname).toBe("/fabrication");
    expect(fabrication.textOf("h1")).toContain("Fabrication");
    expect(toasts(fabrication).find((t) => t.includes("Access Granted"))).toContain("Accessing Fabrication.");
  });
});

describe("the department form without JavaScript", () => {
  test("'This department is a machine station' is ticked by default; unticked makes a process department", async () => {
    const name = "Quality Control Bay";
    const list = await open(admin, "/settings?tab=departments");
    const adding = await list.click("Add Department");
    expect(adding.url.search).toBe("?tab=departments&new=1");
    // Without JavaScript the dialog is a panel on the page (a section, which is a region).
    const panel = adding.$('section[aria-label="Add Department"]');
    expect(panel).not.toBeNull();
    const box = adding.$('input[type="checkbox"][name="isMachine"]')!;
    expect(panel!.contains(box)).toBe(true);
    expect(box.hasAttribute("checked")).toBe(true);
    // Unticked, as a person clicking the box leaves it (the hidden `false` beside it is what is then sent).
    box.removeAttribute("checked");
    const saved = await adding.form({ button: "Create Department" }).fill({ name }).submit("Create Department");
    expect(saved.url.pathname + saved.url.search).toBe("/settings?tab=departments");
    const card = () => saved.$$('[data-testid="department-card"]').find((c) => collapse(c.textContent).includes(name));
    expect(collapse(card()?.textContent)).toContain("· Process");
    expect(collapse(card()?.textContent)).not.toContain("Machine ·");
    const row = app.db
      .select()
      .from(schema.departments)
      .all()
      .find((d) => d.name === name)!;
    expect(row.isMachine).toBe(false);

    const confirm = await saved.click(`Delete ${name}`);
    expect(confirm.$('section[aria-label="Delete Department"]')).not.toBeNull();
    const gone = await confirm.form({ button: "Delete" }).submit("Delete");
    expect(gone.$$('[data-testid="department-card"]').some((c) => collapse(c.textContent).includes(name))).toBe(false);
  });
});

describe("a team member's photo that does not load, without JavaScript", () => {
  test("the card and the form preview keep the image, which draws the initials instead of a broken picture (CSS)", async () => {
    const member = addMember("Brandon Rye Okafor", "5678", ["production"]);
    const patched = await admin.request(`/api/team-members/${member.id}`, {
      method: "PATCH",
      json: { profilePhotoUrl: "https://photos.e2e.test/missing.png" },
    });
    expect(patched.status).toBe(200);

    const team = await open(admin, "/settings?tab=team");
    const card = team.$$('[data-testid="team-member-card"]').find((c) => collapse(c.textContent).includes(member.name))!;
    expect(collapse(card.textContent)).toContain("BO"); // first and last word of the name
    const img = card.querySelector("img")!;
    expect(img.getAttribute("data-fallback")).toBe("BO");
    expect(img.getAttribute("class")).toMatch(/\bimg-fallback\b/);

    const edit = await team.click(`Edit ${member.name}`);
    const preview = edit.$('[data-testid="photo-preview"]')!;
    expect(collapse(preview.textContent)).toContain("BO");
    const previewImg = preview.querySelector('img[alt="Photo preview"]')!;
    expect(previewImg.getAttribute("data-fallback")).toBe("BO");
    expect(previewImg.getAttribute("class")).toMatch(/\bimg-fallback\b/);
  });
});

describe("product details back link", () => {
  test("management goes back to Settings; others to the item's project; an unknown item to Home", async () => {
    const project = app.db.insert(schema.projects).values({ name: "Acme Sign", description: "Front sign" }).returning().get();
    const item = app.db.insert(schema.items).values({ name: "Front Letters", category: "Channel Letters", projectId: project.id }).returning().get();

    const forAdmin = await open(admin, `/products/${item.id}`);
    expect(new URL(forAdmin.link("← Back to Settings")).pathname).toBe("/settings");

    addMember("James Carter", "2222", ["production"]);
    const james = app.client("10.5.2.1");
    await james.signIn("2222");
    const forJames = await open(james, `/products/${item.id}`);
    expect(() => forJames.link("← Back to Settings")).toThrow();
    const projectLink = forJames.$('main dd a[href^="/projects/"]')!.getAttribute("href");
    expect(projectLink).toBe(`/projects/${project.id}`);
    expect(new URL(forJames.link("← Back to Project")).pathname).toBe(projectLink!);

    const missing = await open(james, "/products/99999999");
    expect(missing.status).toBe(404);
    expect(missing.textOf("h1")).toBe("Product Not Found");
    expect(new URL(missing.link("← Back to Home")).pathname).toBe("/");
  });
});
