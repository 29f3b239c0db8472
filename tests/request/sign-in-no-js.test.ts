// Signing in with JavaScript off (docs/product.md §2, §4, §5, §8; decision 0025), as a browser without it does:
// the header's Login link, the /login form, the tiles' forms, the header's Logout button and, in 'Choose your name,
// then PIN', the names as links and the Find form. Each step submits the page's real form (tests/helpers/html-form.ts)
// and reads the page the redirects land on. What only a real browser shows of the /login form (the cursor in the
// field, the field's own checks before anything is sent) is the @no-js test in tests/e2e/sign-in.e2e.ts.
import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { shopSettings } from "#db/schema";
import { addMember, createApp, hooks, type Client } from "../helpers/app";
import { type HtmlPage, open } from "../helpers/html-form";

let app: ReturnType<typeof createApp>;
const ids: Record<string, number> = {};

// The demo shop's people, by their keys.
const ADA = { name: "Ada Admin", pin: "4321" };
const MARIA = { name: "Maria Lopez", pin: "1111" };
const JAMES = { name: "James Carter", pin: "2222" };
const TOM = { name: "Tom Becker", pin: "4444" };
const PRIYA = { name: "Priya Shah", pin: "7777" };
const WRONG_PIN = "9999";

beforeEach(() => {
  app = createApp();
  ids.ada = addMember(ADA.name, ADA.pin, ["management"]).id;
  ids.maria = addMember(MARIA.name, MARIA.pin, ["pre-production"]).id;
  ids.james = addMember(JAMES.name, JAMES.pin, ["production"]).id;
  ids.tom = addMember(TOM.name, TOM.pin, ["project-management"]).id;
  ids.priya = addMember(PRIYA.name, PRIYA.pin, []).id;
});

const collapse = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

/** The name the header shows, or null when nobody is signed in. */
const signedInName = (page: HtmlPage) => {
  const el = page.$('[data-testid="signed-in-name"]');
  return el ? collapse(el.textContent) : null;
};

/** The names of the links inside `selector` (the whole page by default). */
const linkNames = (page: HtmlPage, selector = "body") => page.$$(`${selector} a[href]`).map((a) => collapse(a.textContent));

/** The flash toasts (role=status) of the page, as text. */
const toasts = (page: HtmlPage) => page.$$('[role="status"]').map((el) => collapse(el.textContent));

const tiles = (page: HtmlPage) => page.$$('[data-testid^="tile-"]').map((el) => el.getAttribute("data-testid"));

/** The one alert of the /login card (empty when all is well). */
const pinError = (page: HtmlPage) => collapse(page.$('main [role="alert"]')?.textContent);

/** Submits `pin` with the /login page's Continue button. */
const submitPin = (page: HtmlPage, pin: string) => page.form({ button: "Continue" }).fill({ pinCode: pin }).submit("Continue");

/** Presses the home page's tile whose title starts the button's text. */
const pressTile = (page: HtmlPage, title: string) => page.form({ button: new RegExp(`^${title}`) }).submit();

const apiStatus = async (c: Client) => (await c.request("/api/team-members")).status;

describe("'PIN only' without JavaScript", () => {
  test("the header's Login opens the form; a wrong PIN is refused on it; the right PIN signs in and a reload keeps the session", async () => {
    const c = app.client("10.1.0.1");
    const home = await open(c, "/");
    expect(signedInName(home)).toBeNull();
    const login = await home.click("Login");
    expect(login.url.pathname + login.url.search).toBe("/login?redirectTo=%2F");
    expect(login.textOf("h1")).toBe("Global Login");
    expect(login.textOf("main")).toContain("Enter your 4-digit PIN to continue");
    expect(new URL(login.link("Cancel")).pathname).toBe("/");
    // The one field the browser checks before sending: four digits, hidden, the cursor in it.
    const field = login.$('input[name="pinCode"]')!;
    expect(field.getAttribute("type")).toBe("password");
    expect(field.getAttribute("pattern")).toBe("\\d{4}");
    expect(field.getAttribute("minlength")).toBe("4");
    expect(field.getAttribute("maxlength")).toBe("4");
    expect(field.getAttribute("inputmode")).toBe("numeric");
    expect(field.getAttribute("required")).toBe("");
    expect(field.getAttribute("autofocus")).toBe("");
    expect(pinError(login)).toBe("");

    const wrong = await submitPin(login, WRONG_PIN);
    expect(wrong.status).toBe(401);
    expect(wrong.url.pathname).toBe("/login");
    expect(wrong.textOf("h1")).toBe("Global Login");
    expect(pinError(wrong)).toBe("Invalid PIN code");
    // The field comes back empty.
    expect(wrong.$('input[name="pinCode"]')!.getAttribute("value") ?? "").toBe("");
    expect(signedInName(wrong)).toBeNull();

    const signedIn = await submitPin(wrong, JAMES.pin);
    expect(signedIn.redirects).toEqual(["/"]);
    expect(signedIn.url.pathname).toBe("/");
    expect(signedInName(signedIn)).toBe(JAMES.name);
    expect(linkNames(signedIn, "header")).not.toContain("Login");
    expect(signedIn.form({ button: "Logout" }).action().pathname).toBe("/logout");

    const reloaded = await open(c, "/");
    expect(signedInName(reloaded)).toBe(JAMES.name);
    // James holds the production key only.
    expect(tiles(reloaded)).toEqual(["tile-production"]);
  });

  test("Cancel goes back to Home, signed out", async () => {
    const c = app.client("10.1.0.2");
    const login = await (await open(c, "/")).click("Login");
    const home = await login.click("Cancel");
    expect(home.url.pathname).toBe("/");
    expect(home.textOf("h1")).toBe("Manufacturing Flow");
    expect(linkNames(home, "header")).toContain("Login");
    expect(signedInName(home)).toBeNull();
  });

  test("a PIN that is not four digits, sent anyway (the browser checks the field first): 400 'Please enter a 4-digit PIN'", async () => {
    const login = await open(app.client("10.1.0.3"), "/login?redirectTo=%2F");
    for (const pin of ["12a4", "123"]) {
      const refused = await submitPin(login, pin);
      expect(refused.status).toBe(400);
      expect(pinError(refused)).toBe("Please enter a 4-digit PIN");
      expect(signedInName(refused)).toBeNull();
    }
  });

  test("the 6th wrong PIN from one address: 429 'Too many attempts. Try again in 5 minutes.' with Retry-After; then even the right PIN is refused", async () => {
    const c = app.client("10.1.0.4");
    let page = await (await open(c, "/")).click("Login");
    for (let i = 1; i <= 5; i++) {
      page = await submitPin(page, WRONG_PIN);
      expect(page.status, `attempt ${i}`).toBe(401);
      expect(pinError(page)).toBe("Invalid PIN code");
    }
    page = await submitPin(page, WRONG_PIN);
    expect(page.status).toBe(429);
    expect(pinError(page)).toBe("Too many attempts. Try again in 5 minutes.");
    // auth.server.ts computes the wait; the form's answer passes it on as /api/auth/verify-pin's does.
    const retryAfter = Number(page.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(240);
    expect(retryAfter).toBeLessThanOrEqual(300);

    const locked = await submitPin(page, ADA.pin);
    expect(locked.status).toBe(429);
    expect(pinError(locked)).toBe("Too many attempts. Try again in 5 minutes.");
    expect(signedInName(locked)).toBeNull();
    expect(await apiStatus(c)).toBe(401);
  });

  test("Logout (from a department's screen) returns to Home, shows Login again and ends the API session", async () => {
    const c = app.client("10.1.0.5");
    const signedIn = await submitPin(await open(c, "/login?tile=pre-production"), MARIA.pin);
    expect(signedIn.url.pathname).toBe("/pre-production");
    expect(await apiStatus(c)).toBe(200);

    const home = await signedIn.form({ button: "Logout" }).submit("Logout");
    expect(home.url.pathname).toBe("/");
    expect(linkNames(home, "header")).toContain("Login");
    expect(signedInName(home)).toBeNull();
    expect(home.$$("header button").map((b) => collapse(b.textContent))).not.toContain("Logout");
    expect(await apiStatus(c)).toBe(401);
    expect(signedInName(await open(c, "/"))).toBeNull();
  });
});

describe("the tiles without JavaScript", () => {
  test("signed out, Maria's PIN on Pre-Production lands on /pre-production with 'Access Granted'", async () => {
    const c = app.client("10.2.0.1");
    const login = await pressTile(await open(c, "/"), "Pre-Production");
    expect(login.url.pathname + login.url.search).toBe("/login?tile=pre-production");
    expect(login.textOf("h1")).toBe("Access Pre-Production");
    expect(login.textOf("main")).toContain("Enter your 4-digit PIN to continue");

    const landed = await submitPin(login, MARIA.pin);
    expect(landed.url.pathname).toBe("/pre-production");
    expect(signedInName(landed)).toBe(MARIA.name);
    expect(landed.textOf("h1")).toBe("Pre-Production Dashboard");
    const granted = toasts(landed).find((t) => t.includes("Access Granted"));
    expect(granted).toContain("Accessing Pre-Production.");
    expect(granted).not.toContain("Management Override");
  });

  test("signed in, a tile goes straight to its screen: management with the override toast, Tom with his key", async () => {
    const admin = app.client("10.2.0.2");
    await admin.signIn(ADA.pin);
    const floor = await pressTile(await open(admin, "/"), "Production Floor");
    expect(floor.url.pathname).toBe("/production");
    expect(signedInName(floor)).toBe(ADA.name);
    expect(floor.textOf("h1")).toBe("Production Floor");
    expect(toasts(floor).find((t) => t.includes("Access Granted"))).toContain("Accessing Production Floor (Management Override).");

    const tom = app.client("10.2.0.3");
    await tom.signIn(TOM.pin);
    const home = await open(tom, "/");
    expect(tiles(home)).toContain("tile-project-management");
    const projects = await pressTile(home, "Project Management");
    expect(projects.url.pathname).toBe("/projects");
    expect(signedInName(projects)).toBe(TOM.name);
    expect(projects.textOf("h1")).toBe("Projects");
    const granted = toasts(projects).find((t) => t.includes("Access Granted"));
    expect(granted).toContain("Accessing Project Management.");
    expect(granted).not.toContain("Management Override");
  });
});

describe("what Home offers each member without JavaScript", () => {
  const pickHint = "Select a department and enter your PIN to access workflows";

  test("the Administrator: every tile, the Global Settings button and the side menu", async () => {
    const c = app.client("10.3.0.1");
    await c.signIn(ADA.pin);
    const home = await open(c, "/");
    expect(tiles(home)).toEqual(["tile-pre-production", "tile-production", "tile-fabrication", "tile-project-management"]);
    expect(new URL(home.link("Global Settings")).pathname).toBe("/settings");
    expect(home.$('main a[href="/settings"]')).not.toBeNull();
    expect(home.$('summary[aria-label="Open menu"]')).not.toBeNull();
    const menu = home.$('nav[aria-label="Main menu"]')!;
    const entry = (href: string) => collapse(menu.querySelector(`a[href="${href}"]`)?.textContent);
    // Each entry is its name and a hint beneath it.
    expect(entry("/")).toMatch(/^Main Page\s*Department tiles$/);
    expect(entry("/projects")).toMatch(/^Projects\s*Manage Projects$/);
    expect(entry("/settings")).toMatch(/^Global Settings\s*Configure the shop$/);
    expect(home.textOf('nav[aria-label="Main menu"] [role="status"]')).toBe("online Manufacturing flow operational");
  });

  test("Maria: only the Pre-Production tile, no side menu and no Global Settings", async () => {
    const c = app.client("10.3.0.2");
    await c.signIn(MARIA.pin);
    const home = await open(c, "/");
    expect(tiles(home)).toEqual(["tile-pre-production"]);
    expect(home.$('[aria-label="Open menu"]')).toBeNull();
    expect(home.$('nav[aria-label="Main menu"]')).toBeNull();
    expect(linkNames(home)).not.toContain("Global Settings");
    expect(home.text()).toContain(pickHint);
  });

  test("Priya, with no departments, is welcomed by name and pointed to the QR Timer", async () => {
    const c = app.client("10.3.0.3");
    await c.signIn(PRIYA.pin);
    const home = await open(c, "/");
    expect(home.$$("h2, h1").map((h) => collapse(h.textContent))).toContain(`Welcome, ${PRIYA.name}`);
    expect(new URL(home.link("Open the QR Timer")).pathname).toBe("/qr-scanner");
    expect(home.text()).toContain("Access permissions are managed by your administrator");
    expect(tiles(home)).toEqual([]);
    expect(home.$('[aria-label="Open menu"]')).toBeNull();
  });

  test("signed out: every tile is offered and nobody's menu is shown", async () => {
    const home = await open(app.client("10.3.0.4"), "/");
    expect(tiles(home)).toEqual(["tile-pre-production", "tile-production", "tile-fabrication", "tile-project-management"]);
    expect(home.$('[aria-label="Open menu"]')).toBeNull();
    expect(linkNames(home)).not.toContain("Global Settings");
    expect(home.text()).toContain(pickHint);
  });

  test("an unknown path: '404 Page Not Found' in the app's shell, and Go to Home", async () => {
    const c = app.client("10.3.0.5");
    const missing = await open(c, "/no-such-page/here");
    expect(missing.status).toBe(404);
    expect(missing.textOf("h1")).toBe("404 Page Not Found");
    expect(missing.textOf("main")).toContain("There is no page at this address.");
    expect(linkNames(missing, "header")).toContain("Login");
    const home = await missing.click("Go to Home");
    expect(home.url.pathname).toBe("/");
    expect(home.textOf("h1")).toBe("Manufacturing Flow");
  });
});

describe("'Choose your name, then PIN' without JavaScript", () => {
  const mode = () => app.db.select().from(shopSettings).get()!.signInMode;
  const nameMode = () => {
    app.db.update(shopSettings).set({ signInMode: "name-then-pin" }).where(eq(shopSettings.id, 1)).run();
    hooks.forgetShopSettings();
  };
  const names = (page: HtmlPage) => page.$$('ul[aria-label="Team members"] li').map((li) => collapse(li.textContent));
  const chosenName = (page: HtmlPage) => collapse(page.$('[data-testid="chosen-name"]')?.textContent) || null;

  /** Home → Login: the names step. */
  async function nameStep(c: Client) {
    const page = await (await open(c, "/")).click("Login");
    expect(page.url.pathname + page.url.search).toBe("/login?redirectTo=%2F");
    expect(page.textOf("main")).toContain("Choose your name to continue");
    return page;
  }

  /** Narrows the names with the Find button and follows the one name left. */
  async function choose(page: HtmlPage, text: string, name: string) {
    const found = await page.form({ button: "Find" }).fill({ q: text }).submit("Find");
    expect(found.url.searchParams.get("q")).toBe(text);
    expect(names(found)).toEqual([name]);
    const pinStep = await found.click(name);
    expect(chosenName(pinStep)).toBe(name);
    expect(pinStep.textOf("main")).toContain("Enter your 4-digit PIN to continue");
    return pinStep;
  }

  test("Global Settings → Sign-in: management switches to 'Choose your name, then PIN' with the page's form", async () => {
    const admin = app.client("10.4.0.1");
    await admin.signIn(ADA.pin);
    const settings = await (await open(admin, "/settings")).click("Sign-in");
    expect(settings.url.pathname).toBe("/settings/sign-in");
    expect(settings.textOf("h1")).toBe("Sign-in");
    const radio = (page: HtmlPage, value: string) => page.$(`input[type="radio"][name="signInMode"][value="${value}"]`)!;
    expect(radio(settings, "pin").hasAttribute("checked")).toBe(true);
    expect(radio(settings, "name-then-pin").hasAttribute("checked")).toBe(false);

    const saved = await settings.form({ button: "Save sign-in mode" }).fill({ signInMode: "name-then-pin" }).submit("Save sign-in mode");
    expect(saved.url.pathname).toBe("/settings/sign-in");
    const toast = toasts(saved).find((t) => t.includes("Sign-in updated"));
    expect(toast).toContain("Staff now choose their name, then enter their PIN.");
    expect(radio(saved, "name-then-pin").hasAttribute("checked")).toBe(true);
    expect(mode()).toBe("name-then-pin");
    expect(radio(await open(admin, "/settings/sign-in"), "name-then-pin").hasAttribute("checked")).toBe(true);
  });

  test("choose your name, then PIN: another member's PIN is refused for the chosen one, the right one signs in", async () => {
    nameMode();
    const c = app.client("10.4.0.2");
    const step = await nameStep(c);
    // Names only: no PIN field yet, nobody's email.
    expect(names(step)).toEqual(expect.arrayContaining([ADA.name, MARIA.name, JAMES.name]));
    expect(step.$$('ul[aria-label="Team members"] a[href]').length).toBe(names(step).length);
    expect(step.$('input[name="pinCode"]')).toBeNull();
    expect(step.textOf("main")).not.toContain("@");
    const pinStep = await choose(step, "mar", MARIA.name);

    const wrong = await submitPin(pinStep, JAMES.pin);
    expect(wrong.status).toBe(401);
    expect(pinError(wrong)).toBe("PIN does not match the selected team member");
    expect(chosenName(wrong)).toBe(MARIA.name);
    expect(signedInName(wrong)).toBeNull();

    const right = await submitPin(wrong, MARIA.pin);
    expect(right.redirects).toEqual(["/"]);
    expect(signedInName(right)).toBe(MARIA.name);
  });

  test("'Not you?' goes back to the names", async () => {
    nameMode();
    const c = app.client("10.4.0.3");
    const tomStep = await choose(await nameStep(c), "tom", TOM.name);
    const back = await tomStep.click("Not you?");
    expect(back.textOf("main")).toContain("Choose your name to continue");
    expect(chosenName(back)).toBeNull();
    const jamesStep = await choose(back, "jam", JAMES.name);
    const signedIn = await submitPin(jamesStep, JAMES.pin);
    expect(signedInName(signedIn)).toBe(JAMES.name);
  });

  test("5 wrong PINs lock that member for 15 minutes; another member signs in from the same browser", async () => {
    nameMode();
    const c = app.client("10.4.0.4");
    let page = await choose(await nameStep(c), "tom", TOM.name);
    for (let i = 1; i <= 5; i++) {
      page = await submitPin(page, WRONG_PIN);
      expect(page.status, `wrong PIN ${i}`).toBe(401);
      expect(pinError(page)).toBe("PIN does not match the selected team member");
    }
    page = await submitPin(page, TOM.pin);
    expect(page.status).toBe(429);
    expect(pinError(page)).toBe("Too many attempts for this team member. Try again in 15 minutes.");
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);

    const maria = await choose(await page.click("Not you?"), "mar", MARIA.name);
    const signedIn = await submitPin(maria, MARIA.pin);
    expect(signedInName(signedIn)).toBe(MARIA.name);
  });
});
