// Every screen has a way in by clicking: the side menu (management) lists Items, Workflows, Department Views, Flow
// analytics and Global Settings, and says what Main Page really is; Home and Projects link the screens every member
// may read; Department Views opens only what the member may open and marks the rest as locked.
import { beforeEach, describe, expect, test } from "bun:test";
import { addMember, createApp, visibleHtml, type Client } from "../helpers/app";

let app: ReturnType<typeof createApp>;

const text = async (res: Response) => (await visibleHtml(res)).replace(/&amp;/g, "&");
/** [href, text] of every link inside the element that starts with `open` (up to its closing tag `close`). */
function linksIn(page: string, open: RegExp, close: string): [string, string][] {
  const start = page.search(open);
  if (start < 0) return [];
  const part = page.slice(start, page.indexOf(close, start));
  return [...part.matchAll(/<a[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gs)].map((m) => [
    m[1]!,
    m[2]!
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  ]);
}

async function member(name: string, pin: string, keys: string[], ip: string, department?: string): Promise<Client> {
  addMember(name, pin, keys);
  if (department) {
    const { teamMembers } = await import("#db/schema");
    const { eq } = await import("drizzle-orm");
    app.db.update(teamMembers).set({ department }).where(eq(teamMembers.name, name)).run();
  }
  const c = app.client(ip);
  await c.signIn(pin);
  return c;
}

beforeEach(() => {
  app = createApp();
});

describe("the side menu", () => {
  test("lists every screen, and Main Page says it holds the department tiles", async () => {
    const admin = await member("Ada Admin", "4321", ["management"], "10.9.0.1");
    const links = linksIn(await text(await admin.request("/")), /<nav aria-label="Main menu"/, "</nav>");
    expect(links.map(([href]) => href)).toEqual(["/", "/projects", "/items", "/workflows", "/department-views", "/analytics", "/schedule", "/settings"]);
    expect(links[0]![1]).toBe("Main Page Department tiles");
    // The spec's 'Overview & Analytics' stays in the menu, on the entry that has them.
    expect(links[5]![1]).toBe("Flow analytics Overview & Analytics");
    for (const [href] of links) expect((await admin.request(href)).status).toBe(200);
  });
});

describe("Home and Projects", () => {
  test("a signed-in member finds Department Views, Items and Workflows on Home; analytics only with its key", async () => {
    const floor = await member("Fay Floor", "2222", ["production"], "10.9.0.2");
    const more = linksIn(await text(await floor.request("/")), /<nav aria-label="More screens"/, "</nav>");
    expect(more).toEqual([
      ["/department-views", "Department Views"],
      ["/items", "Items"],
      ["/workflows", "Workflows"],
    ]);
    for (const [href] of more) expect((await floor.request(href)).status).toBe(200);

    const pm = await member("Pat PM", "1111", ["project-management"], "10.9.0.3");
    const pmLinks = linksIn(await text(await pm.request("/")), /<nav aria-label="More screens"/, "</nav>").map(([h]) => h);
    expect(pmLinks).toContain("/analytics");
    expect(pmLinks).toContain("/schedule");
    expect(await text(await app.client("10.9.0.4").request("/"))).not.toContain("More screens");
  });

  test("the Projects page links the workflow overview for everyone", async () => {
    const floor = await member("Fay Floor", "2222", ["production"], "10.9.0.5");
    expect(await text(await floor.request("/projects"))).toMatch(/<a[^>]*href="\/workflows"[^>]*>.*?Workflows<\/a>/s);
  });
});

describe("Department Views", () => {
  test("only the screens the member may open are links; the others say which key they need and whom to ask", async () => {
    addMember("Ada Admin", "4321", ["management"]);
    const floor = await member("Fay Floor", "2222", ["production"], "10.9.0.6");
    const page = await text(await floor.request("/department-views"));
    const cards = [...page.matchAll(/data-testid="department-view" data-open="(true|false)">(.*?)<\/li>/gs)].map((m) => ({
      open: m[1] === "true",
      html: m[2]!,
    }));
    expect(cards.map((c) => c.open)).toEqual([false, true, false, true]);
    expect(cards[0]!.html).not.toContain("<a");
    expect(cards[0]!.html).toContain("Locked: it needs the Pre-Production key. Ask Ada Admin for it.");
    expect(cards[2]!.html).toContain("Locked: it needs the Fabrication key.");
    const open = linksIn(page, /<ul class="grid/, "</ul>").map(([href]) => href);
    expect(open).toEqual(["/production", "/projects"]);
    for (const href of open) expect((await floor.request(href)).status).toBe(200);
  });

  test("management opens every card", async () => {
    const admin = await member("Ada Admin", "4321", ["management"], "10.9.0.7");
    const open = linksIn(await text(await admin.request("/department-views")), /<ul class="grid/, "</ul>").map(([href]) => href);
    expect(open).toEqual(["/pre-production", "/production", "/fabrication", "/projects"]);
  });

  test("a Pre-Production member goes straight to their dashboard only when their keys open it", async () => {
    const keyed = await member("Paula", "1111", ["pre-production"], "10.9.0.8", "Pre-Production");
    const res = await keyed.request("/department-views");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/pre-production");

    const keyless = await member("Pete", "1112", ["production"], "10.9.0.9", "Pre-Production");
    expect((await keyless.request("/department-views")).status).toBe(200);
  });
});
