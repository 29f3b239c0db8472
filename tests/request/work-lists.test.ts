import { beforeEach, describe, expect, test } from "bun:test";
import { type createApp, visibleHtml, type Client, hooks } from "../helpers/app";
import { countStatements } from "../helpers/app";
import { seedShop } from "../helpers/shop";
import { ageSession } from "../helpers/timers";

const { createBoardKey, alreadyRunningMessage, itemNotHereMessage, stationNotHereMessage } = hooks;

// Department work lists, /work/{department} and GET /api/work/{department} (decision 0037): the items in a
// department now, running first (who, since when), then waiting by rush, the project's due date and arrival; Start and
// Stop on the list without JavaScript (a post that redirects back) and with it (a fetcher's answer); who may open
// which list; stations as filters; a fixed number of statements per page; 304 while its department did not change.

const SEQUENCE = ["pre-production", "production", "fabrication", "quality-control", "installation"];
const DAY = 86_400_000;

let app: ReturnType<typeof createApp>;
let admin: Client;
let fay: Client;
let otto: Client;
let quinn: Client;
let signedOut: Client;
let projectIds: number[];

beforeEach(async () => {
  ({
    app,
    clients: { admin, fay, otto, quinn },
    projectIds,
  } = await seedShop({
    ipBase: "10.37.0",
    members: {
      admin: { name: "Ada", pin: "4321", keys: ["management"] },
      fay: { name: "Fay", pin: "3333", keys: ["fabrication"] },
      otto: { name: "Otto", pin: "2222", keys: ["production"] },
      quinn: { name: "Quinn", pin: "5678", keys: [] },
    },
    departments: ["Pre-Production", "Production", "Fabrication", "Quality Control", "Installation", { name: "HP Latex 800", isMachine: true }],
    categories: [{ name: "Banner", departmentSequence: SEQUENCE }],
    workflow: { name: "W", departmentSequence: SEQUENCE },
    projects: [
      { name: "Slow Job", priority: "medium" },
      { name: "Rush Job", priority: "rush" },
      { name: "High Job", priority: "high" },
      { name: "Later Job", priority: "medium" },
      { name: "Open Job", priority: "low" },
    ],
  }));
  signedOut = app.client("10.37.0.99");
});

const sql = (query: string, ...params: (string | number | null)[]) => app.db.$client.run(query, params);
const one = <T>(query: string, ...params: (string | number)[]) => app.db.$client.query(query).get(...params) as T;

async function addItem(name: string, project: number, department: string): Promise<number> {
  const res = await admin.request("/api/items", { method: "POST", json: { name, category: "Banner", projectId: projectIds[project], department } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

type ApiList = {
  department: { value: string; name: string };
  running: number;
  waiting: number;
  items: {
    id: number;
    name: string;
    isTimerActive: boolean;
    startedBy: string | null;
    currentSessionStart: string | null;
    arrivedAt: string;
    station: string | null;
    project: { name: string; priority: string; endDate: string | null; design: { url: string } | null };
    machineFiles: { fileName: string; fileType: string }[];
  }[];
};
const apiList = async (c: Client, path: string) => {
  const res = await c.request(path);
  expect(res.status).toBe(200);
  return (await res.json()) as ApiList;
};

/**
 * Quality Control holds six items: two running, four waiting. The waiting ones differ in rush, due date and arrival;
 * `moved` was created first of all (in Production) but arrived by its stop there after `early2` was created here.
 */
async function qualityControlShop() {
  const [slow, rush, high, later, open] = [0, 1, 2, 3, 4];
  const T = Date.now() - 3_600_000;
  sql("UPDATE projects SET end_date = ? WHERE id IN (?, ?)", T + 2 * DAY, projectIds[slow]!, projectIds[high]!);
  sql("UPDATE projects SET end_date = ? WHERE id = ?", T + 5 * DAY, projectIds[later]!);
  sql("UPDATE projects SET end_date = ? WHERE id = ?", T + 30 * DAY, projectIds[rush]!);
  sql("UPDATE projects SET end_date = NULL WHERE id = ?", projectIds[open]!);
  const ids = {
    moved: await addItem("Moved In", slow, "fabrication"),
    early2: await addItem("High Early", high, "quality-control"),
    early: await addItem("Slow Early", slow, "quality-control"),
    later: await addItem("Later Panel", later, "quality-control"),
    none: await addItem("Open Ended", open, "quality-control"),
    rush: await addItem("Rush Panel", rush, "quality-control"),
  };
  // Moved In: worked in Fabrication and stopped, so it arrives in Quality Control at its stop.
  expect((await otto.request(`/api/items/${ids.moved}/start-timer`, { method: "POST" })).status).toBe(200);
  expect((await otto.request(`/api/items/${ids.moved}/end-timer`, { method: "POST" })).status).toBe(200);
  sql("UPDATE items SET created_at = ? WHERE id = ?", T - 100_000, ids.moved);
  sql("UPDATE timer_logs SET timestamp = ? WHERE item_id = ? AND action = 'start'", T + 1_500, ids.moved);
  sql("UPDATE timer_logs SET timestamp = ? WHERE item_id = ? AND action = 'stop'", T + 2_000, ids.moved);
  for (const [key, at] of [
    ["early2", T + 1_000],
    ["early", T + 3_000],
    ["later", T],
    ["none", T - 10_000],
    ["rush", T + 5_000],
  ] as const)
    sql("UPDATE items SET created_at = ? WHERE id = ?", at, ids[key]);
  // Two running: Open Ended since a minute ago (Ada), Later Panel just now (Quinn).
  expect((await admin.request(`/api/items/${ids.none}/start-timer`, { method: "POST" })).status).toBe(200);
  ageSession(ids.none, 60_000);
  expect((await quinn.request(`/api/items/${ids.later}/start-timer`, { method: "POST" })).status).toBe(200);
  return ids;
}

describe("what a work list shows, and in which order", () => {
  test("running first (longest running first, with who and since), then waiting: rush, due date (none last), arrival", async () => {
    const ids = await qualityControlShop();
    // A rush item with no due date still comes before every other waiting item; no due date otherwise comes last.
    const undated = await addItem("Undated Panel", 4, "quality-control");
    sql("UPDATE items SET created_at = ? WHERE id = ?", Date.now() - 10 * DAY, undated);
    const order = [ids.none, ids.later, ids.rush, ids.early2, ids.moved, ids.early, undated];

    const list = await apiList(quinn, "/api/work/quality-control");
    expect(list.department).toEqual({ value: "quality-control", name: "Quality Control" });
    expect([list.running, list.waiting]).toEqual([2, 5]);
    expect(list.items.map((i) => i.id)).toEqual(order);
    const byId = new Map(list.items.map((i) => [i.id, i]));
    expect(byId.get(ids.later)!.startedBy).toBe("Quinn");
    expect(byId.get(ids.none)!.startedBy).toBe("Ada");
    expect(Date.parse(byId.get(ids.none)!.currentSessionStart!)).toBeLessThan(Date.parse(byId.get(ids.later)!.currentSessionStart!));
    expect(byId.get(ids.rush)!.startedBy).toBeNull();
    expect(byId.get(ids.rush)!.currentSessionStart).toBeNull();
    // Arrival: the stop in Fabrication, not the (earlier) creation.
    expect(Date.parse(byId.get(ids.moved)!.arrivedAt)).toBeGreaterThan(Date.parse(byId.get(ids.early2)!.arrivedAt));
    expect(byId.get(ids.none)!.project.endDate).toBeNull();

    // The page shows the same order, running under its own heading, with who started each.
    const res = await quinn.request("/work/quality-control");
    expect(res.status).toBe(200);
    const html = await visibleHtml(res);
    const names = ["Open Ended", "Later Panel", "Rush Panel", "High Early", "Moved In", "Slow Early", "Undated Panel"];
    const at = names.map((n) => html.indexOf(`>${n}<`));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(html).toContain("Quality Control Work List");
    expect(html).toContain("2 running · 5 waiting");
    expect(html).toMatch(/Running now[\s\S]*Open Ended[\s\S]*by Ada[\s\S]*Later Panel[\s\S]*by Quinn[\s\S]*Waiting[\s\S]*Rush Panel/);
    expect(html).toContain("RUSH");
    expect(html).toContain("No due date");
  });

  test("only items in progress: not another department's, not a finished item's, not a completed project's", async () => {
    const here = await addItem("Here", 0, "installation");
    const finished = await addItem("Finished", 0, "installation");
    await addItem("Elsewhere", 0, "production");
    const closed = await addItem("Closed Project", 1, "installation");
    // Finished: stopped in its last department, where it stays ('Final Department').
    await quinn.request(`/api/items/${finished}/start-timer`, { method: "POST" });
    await admin.request(`/api/items/${finished}/end-timer`, { method: "POST" });
    sql("UPDATE projects SET status = 'completed' WHERE id = ?", projectIds[1]!);
    const list = await apiList(quinn, "/api/work/installation");
    expect(list.items.map((i) => i.id)).toEqual([here]);
    expect(list.items.map((i) => i.id)).not.toContain(closed);
  });

  test("each row has its project, due date, quantity, material, design link and machine files", async () => {
    const id = await addItem("Lobby Banner", 0, "quality-control");
    sql("UPDATE items SET quantity = 12, material = 'Scrim Vinyl' WHERE id = ?", id);
    sql("UPDATE projects SET end_date = ? WHERE id = ?", Date.UTC(2030, 0, 15, 18), projectIds[0]!);
    sql(
      "INSERT INTO project_designs (project_id, file_name, file_path, file_size, uploaded_at) VALUES (?, 'lobby.pdf', 'designs/lobby-1.pdf', 100, ?)",
      projectIds[0]!,
      Date.now(),
    );
    const file = await admin.request("/api/machine-ready-files", {
      method: "POST",
      json: { fileName: "lobby_banner_print.pdf", machine: "hp-latex-800", projectId: projectIds[0] },
    });
    const fileId = ((await file.json()) as { id: number }).id;
    expect((await admin.request(`/api/items/${id}/assign-file`, { method: "POST", json: { fileId, fileType: "print" } })).status).toBe(200);
    const html = await visibleHtml(await quinn.request("/work/quality-control"));
    expect(html).toContain(`href="/projects/${projectIds[0]}"`);
    expect(html).toContain("Slow Job");
    expect(html).toContain("Tue, Jan 15");
    expect(html).toMatch(/Quantity<\/dt><dd[^>]*>12</);
    expect(html).toContain("Scrim Vinyl");
    expect(html).toContain(`href="/api/pdf-proxy?url=${encodeURIComponent("designs/lobby-1.pdf")}"`);
    expect(html).toMatch(/Print file:.*lobby_<wbr\/>banner_<wbr\/>print.<wbr\/>pdf.*HP Latex 800/s);
    const [row] = (await apiList(quinn, "/api/work/quality-control")).items;
    expect(row!.project.design!.url).toBe(`/api/pdf-proxy?url=${encodeURIComponent("designs/lobby-1.pdf")}`);
    expect(row!.machineFiles).toEqual([expect.objectContaining({ fileName: "lobby_banner_print.pdf", fileType: "print" })]);
  });

  test("an empty list says so and offers the next step", async () => {
    const html = await visibleHtml(await quinn.request("/work/installation"));
    expect(html).toContain("Nothing waiting in Installation");
    expect(html).toMatch(/href="\/qr-scanner"[^>]*>.*Open the QR Timer/s);
    expect(html).toContain('href="/board"');
  });
});

describe("who may open which list", () => {
  test("a department that is a key needs it (or management); Quality Control, Installation and the shop's own are open to every member", async () => {
    expect((await admin.request("/api/departments", { method: "POST", json: { name: "Sanding Booth" } })).status).toBe(201);
    const status = async (c: Client, path: string) => (await c.request(path)).status;
    for (const path of ["/work/quality-control", "/work/installation", "/work/sanding-booth"]) {
      expect(await status(quinn, path)).toBe(200);
      expect(await status(otto, path)).toBe(200);
    }
    expect(await status(fay, "/work/fabrication")).toBe(200);
    expect(await status(admin, "/work/fabrication")).toBe(200);
    expect(await status(otto, "/work/production")).toBe(200);
    expect(await status(admin, "/work/pre-production")).toBe(200);
    for (const [c, path] of [
      [otto, "/work/fabrication"],
      [quinn, "/work/fabrication"],
      [fay, "/work/production"],
      [otto, "/work/pre-production"],
    ] as const) {
      const res = await c.request(path);
      expect(res.status).toBe(403);
      const html = await visibleHtml(res);
      expect(html).toContain("Access Denied");
      expect(html).toMatch(/This work list needs the (Fabrication|Production|Pre-Production) key\./);
    }
  });

  test("signed out: Access Denied with the PIN's Login link, as on the other floor screens; /api answers 401 JSON", async () => {
    const res = await signedOut.request("/work/quality-control");
    expect(res.status).toBe(401);
    const html = await visibleHtml(res);
    expect(html).toContain("Access Denied");
    expect(html).toContain("Sign in with your 4-digit PIN to open this page.");
    expect(html).toContain(`href="/login?redirectTo=${encodeURIComponent("/work/quality-control")}"`);
    const api = await signedOut.request("/api/work/quality-control");
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ message: "Authentication required" });
    // A form post signed out changes nothing.
    const id = await addItem("Banner", 0, "quality-control");
    expect((await signedOut.request("/work/quality-control", { method: "POST", form: { intent: "start", itemId: String(id) } })).status).toBe(401);
    expect(one<{ running: number }>("SELECT is_timer_active AS running FROM items WHERE id = ?", id).running).toBe(0);
  });

  test("an unknown department or a machine station is the 404 page; /api answers 404 and 403 as JSON", async () => {
    for (const path of ["/work/nowhere", "/work/hp-latex-800", "/work/%E2%9C%93"]) {
      const res = await admin.request(path);
      expect(res.status).toBe(404);
      expect(await visibleHtml(res)).toContain("404 Page Not Found");
    }
    for (const path of ["/api/work/nowhere", "/api/work/hp-latex-800"]) {
      const res = await admin.request(path);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(((await res.json()) as { message: string }).message).toContain("Department not found");
    }
    const refused = await otto.request("/api/work/fabrication");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "This work list needs the Fabrication key." });
    // Only GET: a write to the list's API address is refused as JSON.
    expect((await admin.request("/api/work/fabrication", { method: "POST", json: {} })).status).toBe(405);
  });

  test("a member without the list's key cannot start an item from it", async () => {
    const id = await addItem("Cabinet", 0, "fabrication");
    const res = await otto.request("/work/fabrication", { method: "POST", form: { intent: "start", itemId: String(id) } });
    expect(res.status).toBe(403);
    expect(one<{ running: number }>("SELECT is_timer_active AS running FROM items WHERE id = ?", id).running).toBe(0);
  });
});

describe("Start and Stop on the list", () => {
  const follow = async (c: Client, res: Response) => visibleHtml(await c.request(res.headers.get("location")!));

  test("without JavaScript: a post, a redirect back to the same list and page, the toast once (Post/Redirect/Get)", async () => {
    const id = await addItem("Lobby Banner", 0, "quality-control");
    const start = await quinn.request("/work/quality-control?page=1", { method: "POST", form: { intent: "start", itemId: String(id) } });
    expect(start.status).toBe(302);
    // At the row, where the Start put it (under 'Running now'): the page lands there, not at the old scroll position.
    expect(start.headers.get("location")).toBe(`/work/quality-control#item-${id}`);
    expect(start.headers.get("set-cookie")).toContain("shopflow_toast");
    expect(one<{ running: number }>("SELECT is_timer_active AS running FROM items WHERE id = ?", id).running).toBe(1);
    let html = await follow(quinn, start);
    expect(html).toContain("Timer Started");
    expect(html).toContain("Lobby Banner in Quality Control.");
    expect(html).toMatch(/Running now[\s\S]*Lobby Banner[\s\S]*by Quinn/);
    // The toast was read once: a reload does not say it again.
    expect(await visibleHtml(await quinn.request("/work/quality-control"))).not.toContain("Timer Started");

    // The same Start form sent again (a second click, a stale page): refused by the timer's own rule, nothing changes.
    const again = await quinn.request("/work/quality-control", { method: "POST", form: { intent: "start", itemId: String(id) } });
    expect(again.status).toBe(302);
    html = await follow(quinn, again);
    expect(html).toContain("Failed to start timer");
    expect(html).toContain(alreadyRunningMessage());
    expect(one<{ n: number }>("SELECT count(*) AS n FROM timer_logs WHERE item_id = ? AND action = 'start'", id).n).toBe(1);

    // Done by the member who started it moments ago: a second tap on the row the list brought under the finger.
    // Refused, and the item keeps running where it is.
    const tapped = await quinn.request("/work/quality-control", { method: "POST", form: { intent: "stop", itemId: String(id) } });
    expect(tapped.status).toBe(302);
    html = await follow(quinn, tapped);
    expect(html).toContain("Started moments ago — tapped twice? Press Done again in a few seconds to stop.");
    expect(one<{ d: string; running: number }>("SELECT department AS d, is_timer_active AS running FROM items WHERE id = ?", id)).toEqual({
      d: "quality-control",
      running: 1,
    });
    // A few seconds on, Done does its work: the item moves on to Installation.
    ageSession(id);
    const stop = await quinn.request("/work/quality-control", { method: "POST", form: { intent: "stop", itemId: String(id) } });
    expect(stop.status).toBe(302);
    html = await follow(quinn, stop);
    expect(html).toContain("Timer Stopped &amp; Advanced");
    expect(html).toContain("Lobby Banner moved to Installation.");
    expect(html).toContain("Nothing waiting in Quality Control");
    expect(one<{ d: string }>("SELECT department AS d FROM items WHERE id = ?", id).d).toBe("installation");
    expect((await apiList(quinn, "/api/work/installation")).items.map((i) => i.id)).toEqual([id]);
  });

  test("the redirect keeps the list's filter and page", async () => {
    const fab = await (await admin.request("/api/departments")).json();
    const fabId = (fab as { id: number; value: string }[]).find((d) => d.value === "fabrication")!.id;
    await admin.request("/api/subdepartments", { method: "POST", json: { departmentId: fabId, name: "Interior Assembly" } });
    const id = await addItem("Letters", 0, "fabrication");
    const res = await fay.request("/work/fabrication?station=none&page=1", { method: "POST", form: { intent: "start", itemId: String(id) } });
    expect(res.headers.get("location")).toBe(`/work/fabrication?station=none#item-${id}`);
  });

  test("with JavaScript: the fetcher's post is answered with its toast and no redirect", async () => {
    const id = await addItem("Lobby Banner", 0, "quality-control");
    const res = await quinn.request("/work/quality-control.data", { method: "POST", form: { intent: "start", itemId: String(id), js: "1" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("location")).toBeNull();
    const body = await res.text();
    expect(body).toContain("Timer Started");
    expect(body).toContain("Lobby Banner in Quality Control.");
    const refused = await quinn.request("/work/quality-control.data", { method: "POST", form: { intent: "start", itemId: String(id), js: "1" } });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(alreadyRunningMessage());
  });

  test("an item that is no longer in this department is not started from its list", async () => {
    const id = await addItem("Elsewhere", 0, "production");
    const res = await quinn.request("/work/quality-control", { method: "POST", form: { intent: "start", itemId: String(id) } });
    expect(res.status).toBe(302);
    expect(await follow(quinn, res)).toContain(itemNotHereMessage());
    expect(one<{ running: number }>("SELECT is_timer_active AS running FROM items WHERE id = ?", id).running).toBe(0);
    const forms: Record<string, string>[] = [{ intent: "start", itemId: "abc" }, { intent: "launch", itemId: String(id) }, {}];
    for (const form of forms) {
      const bad = await quinn.request("/work/quality-control", { method: "POST", form });
      expect(bad.status).toBe(302);
    }
  });

  test("a scan elsewhere shows on the list: the QR Timer's scan starts the item the list shows", async () => {
    const id = await addItem("Scanned Banner", 0, "quality-control");
    expect((await quinn.request("/api/scans", { method: "POST", json: { code: String(id) } })).status).toBe(200);
    const [row] = (await apiList(admin, "/api/work/quality-control")).items;
    expect(row).toMatchObject({ id, isTimerActive: true, startedBy: "Quinn" });
  });
});

describe("stations", () => {
  async function fabricationShop() {
    const depts = (await (await admin.request("/api/departments")).json()) as { id: number; value: string }[];
    const fabId = depts.find((d) => d.value === "fabrication")!.id;
    const qcId = depts.find((d) => d.value === "quality-control")!.id;
    for (const name of ["Interior Assembly", "Exterior Riveting", "Channel Letter Lights"])
      expect((await admin.request("/api/subdepartments", { method: "POST", json: { departmentId: fabId, name } })).status).toBe(201);
    await admin.request("/api/subdepartments", { method: "POST", json: { departmentId: qcId, name: "Final Inspection" } });
    return {
      a: await addItem("Lobby Letters", 0, "fabrication"),
      b: await addItem("Pylon Face", 0, "fabrication"),
      c: await addItem("Raceway", 0, "fabrication"),
    };
  }
  const setStation = (c: Client, id: number, station: string) =>
    c.request("/work/fabrication", { method: "POST", form: { intent: "station", itemId: String(id), station } });
  const idsOf = async (path: string) => (await apiList(fay, path)).items.map((i) => i.id);

  test("an item is put at a station (audited); the stations filter the list, by one, by side, or none", async () => {
    const { a, b, c } = await fabricationShop();
    const res = await setStation(fay, a, "interior-assembly");
    expect(res.status).toBe(302);
    expect(await visibleHtml(await fay.request(res.headers.get("location")!))).toContain("Lobby Letters is at Interior Assembly.");
    await setStation(fay, b, "exterior-riveting");
    expect(await idsOf("/api/work/fabrication?station=interior-assembly")).toEqual([a]);
    expect(await idsOf("/api/work/fabrication?side=interior")).toEqual([a]);
    expect(await idsOf("/api/work/fabrication?side=exterior")).toEqual([b]);
    expect(await idsOf("/api/work/fabrication?station=none")).toEqual([c]);
    expect((await idsOf("/api/work/fabrication")).sort()).toEqual([a, b, c].sort());
    // An unknown station: the page (an old link) shows the whole list; the API says the filter names nothing.
    expect(await visibleHtml(await fay.request("/work/fabrication?station=gone"))).toContain("Raceway");
    expect((await fay.request("/api/work/fabrication?station=gone")).status).toBe(400);
    const audit = one<{ after: string }>("SELECT after FROM audit_log WHERE action = 'set-station' AND entity_id = ?", String(a));
    expect(JSON.parse(audit.after)).toEqual({ station: "interior-assembly" });

    const html = await visibleHtml(await fay.request("/work/fabrication?side=exterior"));
    expect(html).toContain("Pylon Face");
    expect(html).not.toContain("Lobby Letters");
    expect(html).toContain("0 running · 1 waiting at exterior stations");
    expect(html).toMatch(/aria-current="page"[^>]*>Exterior</);

    // Back to no station.
    await setStation(fay, a, "none");
    expect(await idsOf("/api/work/fabrication?station=interior-assembly")).toEqual([]);
  });

  test("a station of another department is refused and changes nothing", async () => {
    const { a } = await fabricationShop();
    const res = await setStation(fay, a, "final-inspection");
    expect(await visibleHtml(await fay.request(res.headers.get("location")!))).toContain(stationNotHereMessage());
    expect(one<{ m: string | null }>("SELECT assigned_machine AS m FROM items WHERE id = ?", a).m).toBeNull();
  });

  test("the Fabrication page's cards lead to the list at their station", async () => {
    await fabricationShop();
    const html = await visibleHtml(await fay.request("/fabrication"));
    expect(html).toContain('href="/work/fabrication?station=interior-assembly"');
    expect(html).toContain('href="/work/fabrication?station=exterior-riveting"');
    expect(html).toContain('href="/work/fabrication"');
    // The spec's sections and cards stay.
    expect(html).toMatch(/Interior Fabrication[\s\S]*Interior Assembly[\s\S]*Exterior Fabrication[\s\S]*Exterior Riveting/);
  });
});

describe("ways in", () => {
  test("Home lists the work lists a member may open, in the shop's order of departments", async () => {
    SEQUENCE.forEach((value, i) => sql("UPDATE departments SET sort_order = ? WHERE value = ?", i + 1, value));
    const links = async (c: Client) => [...(await visibleHtml(await c.request("/"))).matchAll(/href="(\/work\/[^"]+)"/g)].map((m) => m[1]);
    expect(await links(quinn)).toEqual(["/work/quality-control", "/work/installation"]);
    expect(await links(fay)).toEqual(["/work/fabrication", "/work/quality-control", "/work/installation"]);
    expect(await links(admin)).toEqual(SEQUENCE.map((d) => `/work/${d}`));
    expect(await links(signedOut)).toEqual([]);
  });

  test("the board's columns link to their lists for a member; a TV's board link opens nothing else", async () => {
    await addItem("Lobby Banner", 0, "quality-control");
    expect(await visibleHtml(await admin.request("/board"))).toContain('href="/work/quality-control"');
    const { key } = createBoardKey("Shop TV", { id: null, name: "test" });
    const tv = await visibleHtml(await signedOut.request(`/board?key=${encodeURIComponent(key)}`));
    expect(tv).toContain("Quality Control");
    expect(tv).not.toContain('href="/work/');
  });
});

describe("cost", () => {
  test("a fixed number of statements per page and per API call, whatever the number of rows", async () => {
    const file = async (projectId: number, fileName: string) =>
      (
        (await (await admin.request("/api/machine-ready-files", { method: "POST", json: { fileName, machine: "hp-latex-800", projectId } })).json()) as {
          id: number;
        }
      ).id;
    const addRows = async (n: number, from: number) => {
      for (let i = 0; i < n; i++) {
        const project = (from + i) % 5;
        const id = await addItem(`Row ${from + i}`, project, "quality-control");
        const fileId = await file(projectIds[project]!, `row_${from + i}.pdf`);
        await admin.request(`/api/items/${id}/assign-file`, { method: "POST", json: { fileId, fileType: "print" } });
        if (i % 3 === 0) await quinn.request(`/api/items/${id}/start-timer`, { method: "POST" });
      }
    };
    await addRows(3, 0);
    const count = async (path: string) => {
      await quinn.request(path);
      return countStatements(async () => void (await (await quinn.request(path)).arrayBuffer()));
    };
    const small = { page: await count("/work/quality-control"), api: await count("/api/work/quality-control") };
    await addRows(27, 3);
    const large = { page: await count("/work/quality-control"), api: await count("/api/work/quality-control") };
    expect((await apiList(quinn, "/api/work/quality-control")).items.length).toBe(30);
    expect(large).toEqual(small);
    expect(small.page).toBeLessThanOrEqual(12);
  });

  test("the list is paged: 50 rows a page, running ones first, page links keep the filter", async () => {
    for (let i = 0; i < 55; i++) await addItem(`Bulk ${String(i).padStart(2, "0")}`, 0, "installation");
    const html = await visibleHtml(await quinn.request("/work/installation"));
    expect((html.match(/data-testid="work-item-/g) ?? []).length).toBe(50);
    expect(html).toContain('href="/work/installation?page=2"');
    const second = await visibleHtml(await quinn.request("/work/installation?page=2"));
    expect((second.match(/data-testid="work-item-/g) ?? []).length).toBe(5);
    const res = await quinn.request("/api/work/installation?limit=20&offset=20");
    expect(res.headers.get("x-total-count")).toBe("55");
    expect(res.headers.get("link")).toBe('</api/work/installation?limit=20&offset=40>; rel="next"');
    const last = await quinn.request("/api/work/installation?limit=20&offset=40");
    expect(((await last.json()) as ApiList).items.length).toBe(15);
    expect(last.headers.get("link")).toBeNull();
    // A Start on page 2: the item is listed under 'Running now' on page 1, and the answer goes there (the page
    // without JavaScript by its redirect, the page's own code by `goTo`), its filter kept; a Pause stays put.
    const onSecond = [...second.matchAll(/data-testid="work-start-(\d+)"/g)].map((m) => Number(m[1]));
    const started = await quinn.request("/work/installation?page=2", { method: "POST", form: { intent: "start", itemId: String(onSecond[0]) } });
    expect(started.status).toBe(302);
    expect(started.headers.get("location")).toBe(`/work/installation#item-${onSecond[0]}`);
    expect(await visibleHtml(await quinn.request("/work/installation"))).toContain(`data-testid="work-${onSecond[0]}`);
    const js = await quinn.request("/work/installation.data?side=exterior&page=2", {
      method: "POST",
      form: { intent: "start", itemId: String(onSecond[1]), js: "1" },
    });
    expect(js.headers.get("location")).toBeNull();
    const answer = await js.text();
    expect(answer).toContain('"goTo","/work/installation?side=exterior"');
    expect(answer).toContain("Timer Started");
    const paused = await quinn.request("/work/installation?page=2", { method: "POST", form: { intent: "pause", itemId: String(onSecond[0]) } });
    expect(paused.headers.get("location")).toBe(`/work/installation?page=2#item-${onSecond[0]}`);
  });
});

describe("live", () => {
  const data = async (c: Client, page: string, etag?: string | null) => {
    const u = new URL(page, "http://localhost");
    const res = await c.request(`${u.pathname}.data${u.search}`, etag ? { headers: { "if-none-match": etag } } : {});
    return { status: res.status, etag: res.headers.get("etag"), body: await res.text() };
  };

  test("304 while nothing in its department changed; a scan that moves an item in or out reloads it", async () => {
    const stays = await addItem("Stays In Production", 0, "production");
    const comes = await addItem("Comes Over", 0, "fabrication");
    const qc = await data(quinn, "/work/quality-control");
    expect(qc.status).toBe(200);
    expect(qc.etag).toBeTruthy();
    expect((await data(quinn, "/work/quality-control", qc.etag)).status).toBe(304);
    // A start in Production: Quality Control's list is unchanged.
    await otto.request(`/api/items/${stays}/start-timer`, { method: "POST" });
    expect((await data(quinn, "/work/quality-control", qc.etag)).status).toBe(304);
    const prod = await data(otto, "/work/production");
    // A stop in Fabrication moves Comes Over into Quality Control: both lists change.
    const fab = await data(fay, "/work/fabrication");
    await fay.request(`/api/items/${comes}/start-timer`, { method: "POST" });
    ageSession(comes);
    await fay.request(`/api/items/${comes}/end-timer`, { method: "POST" });
    const after = await data(quinn, "/work/quality-control", qc.etag);
    expect(after.status).toBe(200);
    expect(after.body).toContain("Comes Over");
    expect((await data(fay, "/work/fabrication", fab.etag)).status).toBe(200);
    expect((await data(otto, "/work/production", prod.etag)).status).toBe(304);
    // A project's change (its due date, its name) shows on every list.
    await admin.request(`/api/projects/${projectIds[0]}`, { method: "PATCH", json: { name: "Slow Job Renamed", priority: "rush" } });
    expect((await data(quinn, "/work/quality-control", after.etag)).status).toBe(200);
  });
});
