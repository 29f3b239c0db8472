import { describe, expect, test } from "bun:test";
import { PDFDocument } from "pdf-lib";
import * as schema from "#db/schema";
import { addMember, createApp, visibleHtml, hooks } from "../helpers/app";
import { decodePdfPages, decodePng, qpdfCheck } from "../helpers/label-tools";
import { countStatements } from "../helpers/app";

const { forgetPreparedForTests } = hooks;

let app: ReturnType<typeof createApp>;

function addProject(name = "Acme Sign") {
  return app.db.insert(schema.projects).values({ name }).returning().get();
}
function addItem(projectId: number, name = "Front Letters", opts: { material?: string; qrCode?: string | null } = {}) {
  return app.db
    .insert(schema.items)
    .values({ name, category: "Channel Letters", material: opts.material ?? "Aluminium", projectId, qrCode: opts.qrCode === undefined ? "/qr/x" : opts.qrCode })
    .returning()
    .get();
}

async function signedIn(env: Record<string, string> = {}) {
  app = createApp(env);
  addMember("Sam Shop", "2468", ["production"]);
  const c = app.client("10.9.0.2");
  await c.signIn("2468");
  return c;
}

async function pdfOf(res: Response) {
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { bytes, doc: await PDFDocument.load(bytes) };
}

describe("label PDFs: access and ids", () => {
  test("signed out: 401 for both, no PDF", async () => {
    app = createApp();
    const project = addProject();
    const item = addItem(project.id);
    for (const url of [`/items/${item.id}/label.pdf`, `/projects/${project.id}/labels.pdf`]) {
      const res = await app.client().request(url);
      expect({ url, status: res.status }).toEqual({ url, status: 401 });
      expect(res.headers.get("content-type")).not.toContain("application/pdf");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });

  test("404 JSON {message} for an id that is not plain decimal digits, an unknown item or project, an item without a QR code", async () => {
    const c = await signedIn();
    const project = addProject();
    const item = addItem(project.id);
    const bare = addItem(project.id, "No code", { qrCode: null });
    for (const id of ["0x1", "1e0", "%201", "+1", "0", "01x", "1.0", "-1", "99999", String(bare.id)]) {
      const res = await c.request(`/items/${id}/label.pdf`);
      expect({ id, status: res.status, type: res.headers.get("content-type")?.split(";")[0] }).toEqual({ id, status: 404, type: "application/json" });
      expect(await res.json()).toEqual({ message: "Item not found" });
    }
    for (const id of ["0x1", "1e0", "%201", "+1", "0", "01x", "1.0", "-1", "99999"]) {
      const res = await c.request(`/projects/${id}/labels.pdf`);
      expect({ id, status: res.status, type: res.headers.get("content-type")?.split(";")[0] }).toEqual({ id, status: 404, type: "application/json" });
      expect(await res.json()).toEqual({ message: "Project not found" });
    }
    // The same ids, real: the 404s above are about the ids, not the routes.
    expect((await c.request(`/items/${item.id}/label.pdf`)).status).toBe(200);
    expect((await c.request(`/projects/${project.id}/labels.pdf`)).status).toBe(200);
  });

  test("a browser tab (Accept: text/html) gets a readable page with a way back instead of JSON or plain text", async () => {
    app = createApp();
    const project = addProject();
    const item = addItem(project.id);
    const html = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
    const out = await app.client().request(`/items/${item.id}/label.pdf`, { headers: html });
    expect(out.status).toBe(401);
    expect(out.headers.get("content-type")).toContain("text/html");
    const outPage = await out.text();
    expect(outPage).toContain("Access Denied");
    expect(outPage).toContain(`/login?redirectTo=${encodeURIComponent(`/items/${item.id}/label.pdf`)}`);

    addMember("Sam Shop", "2468", ["production"]);
    const c = app.client("10.9.0.2");
    await c.signIn("2468");
    const bare = addItem(project.id, "No code", { qrCode: null });
    const noLabel = await c.request(`/items/${bare.id}/label.pdf`, { headers: html });
    expect(noLabel.status).toBe(404);
    const noLabelPage = await noLabel.text();
    expect(noLabelPage).toContain("This item has no QR code, so it has no label.");
    expect(noLabelPage).toContain(`href="/items/${bare.id}"`);
    const unknown = await (await c.request(`/items/99999/label.pdf`, { headers: html })).text();
    expect(unknown).toContain("Item not found");
    expect(unknown).toContain('href="/items"');
    // The CSV of a figure a floor member may not see: the page says why, as the app's own page would.
    const csv = await c.request(`/analytics/departments.csv`, { headers: html });
    expect(csv.status).toBe(403);
    expect(await csv.text()).toContain("Access Denied");
  });

  test("a project without items: 404 'This project has no items to label.'", async () => {
    const c = await signedIn();
    const empty = addProject("Empty");
    const res = await c.request(`/projects/${empty.id}/labels.pdf`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "This project has no items to label." });
  });
});

describe("GET /items/{id}/label.pdf", () => {
  test("one 144 × 144 pt page, inline PDF with an ASCII file name, not stored by shared caches; qpdf finds no error", async () => {
    const c = await signedIn();
    const project = addProject();
    const item = addItem(project.id, "Front Letters / Café №1");
    const res = await c.request(`/items/${item.id}/label.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('inline; filename="label-front-letters-cafe-no1.pdf"');
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    const { bytes, doc } = await pdfOf(res);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 144, height: 144 });
    expect(qpdfCheck(bytes).code).toBe(0);
  });

  test("the printed label's QR code and the qr.png both decode (zbar) to exactly the item's URL", async () => {
    const c = await signedIn();
    const project = addProject();
    const item = addItem(project.id);
    const url = `http://localhost/qr/${item.id}`;
    const { bytes } = await pdfOf(await c.request(`/items/${item.id}/label.pdf`));
    expect(decodePdfPages(bytes)).toEqual([[url]]);
    const png = await c.request(`/items/${item.id}/qr.png`);
    expect(decodePng(new Uint8Array(await png.arrayBuffer()))).toEqual([url]);
  });

  test("PUBLIC_URL is what the label encodes, as for qr.png", async () => {
    const c = await signedIn({ PUBLIC_URL: "https://shop.example.com" });
    const item = addItem(addProject().id);
    const { bytes } = await pdfOf(await c.request(`/items/${item.id}/label.pdf`));
    expect(decodePdfPages(bytes)).toEqual([[`https://shop.example.com/qr/${item.id}`]]);
  });

  test("text outside WinAnsi (and a very long name) makes a valid label, not a 500", async () => {
    const c = await signedIn();
    const project = addProject("プロジェクト ✓");
    const item = addItem(project.id, `日本 ✓ Ω ${"x".repeat(300)}`, { material: "Ａｃｒｙｌｉｃ 🚀" });
    const res = await c.request(`/items/${item.id}/label.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="label-${"x".repeat(60)}.pdf"`);
    const { bytes, doc } = await pdfOf(res);
    expect(doc.getPageCount()).toBe(1);
    expect(qpdfCheck(bytes).code).toBe(0);
    expect(decodePdfPages(bytes)).toEqual([[`http://localhost/qr/${item.id}`]]);
  });
});

describe("GET /projects/{id}/labels.pdf", () => {
  test("one 144 × 144 pt page per item in item id order, each decoding to its own item's URL; only this project's items", async () => {
    const c = await signedIn();
    const project = addProject("Main Street Signs");
    const other = addProject("Other");
    const first = addItem(project.id, "Letter A");
    addItem(other.id, "Not mine");
    const second = addItem(project.id, "Letter B");
    const third = addItem(project.id, "Letter C");
    const res = await c.request(`/projects/${project.id}/labels.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('inline; filename="labels-main-street-signs.pdf"');
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    const { bytes, doc } = await pdfOf(res);
    expect(doc.getPageCount()).toBe(3);
    for (const page of doc.getPages()) expect(page.getSize()).toEqual({ width: 144, height: 144 });
    expect(qpdfCheck(bytes).code).toBe(0);
    expect(decodePdfPages(bytes)).toEqual([first, second, third].map((i) => [`http://localhost/qr/${i.id}`]));
  });

  test("a project with no ASCII letters in its name gets labels-project-{id}.pdf", async () => {
    const c = await signedIn();
    const project = addProject("日本");
    addItem(project.id);
    const res = await c.request(`/projects/${project.id}/labels.pdf`);
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="labels-project-${project.id}.pdf"`);
  });

  test("the same number of statements for 3 items and for 40", async () => {
    const c = await signedIn();
    const project = addProject();
    for (let i = 0; i < 3; i++) addItem(project.id, `I${i}`);
    await c.request(`/projects/${project.id}/labels.pdf`); // warm up: session, caches
    const small = await countStatements(() => c.request(`/projects/${project.id}/labels.pdf`));
    for (let i = 3; i < 40; i++) addItem(project.id, `I${i}`);
    let pages = 0;
    const large = await countStatements(async () => {
      pages = (await pdfOf(await c.request(`/projects/${project.id}/labels.pdf`))).doc.getPageCount();
    });
    expect(pages).toBe(40);
    expect(small).toBeGreaterThan(0);
    expect(large).toBe(small);
  });
});

describe("links to the label PDFs (server-rendered, so they work without JavaScript)", () => {
  test("the project page offers 'Print all labels' when it has items, opening labels.pdf in a new tab", async () => {
    const c = await signedIn();
    const empty = addProject("Empty");
    expect(await visibleHtml(await c.request(`/projects/${empty.id}`))).not.toContain("Print all labels");
    const project = addProject();
    addItem(project.id);
    const html = await visibleHtml(await c.request(`/projects/${project.id}`));
    const link = html.match(/<a [^>]*href="\/projects\/\d+\/labels\.pdf"[^>]*>.*?<\/a>/)?.[0];
    expect(link).toContain(`href="/projects/${project.id}/labels.pdf"`);
    expect(link).toContain('target="_blank"');
    expect(link).toContain("Print all labels");
  });

  test("the QR code dialog, on the project page and the product page, links its item's Label PDF", async () => {
    const c = await signedIn();
    const project = addProject();
    const item = addItem(project.id);
    for (const url of [`/projects/${project.id}?dialog=qr&item=${item.id}`, `/products/${item.id}?qr=1`]) {
      const html = await visibleHtml(await c.request(url));
      const link = html.match(/<a [^>]*href="\/items\/\d+\/label\.pdf"[^>]*>.*?<\/a>/)?.[0];
      expect({ url, link }).toEqual({ url, link: expect.stringContaining(`href="/items/${item.id}/label.pdf"`) });
      expect(link).toContain("Label PDF");
    }
  });
});

describe("GET /projects/{id}/labels.pdf?layout=sheet", () => {
  test("two-inch labels to a Letter (20) or A4 (15) sheet, from the first free position; every label decodes; qpdf finds no error", async () => {
    const c = await signedIn();
    const project = addProject("Sheet Signs");
    const items = [addItem(project.id, "One"), addItem(project.id, "Two"), addItem(project.id, "Three")];
    const urls = items.map((i) => `http://localhost/qr/${i.id}`);
    // Letter, starting at position 19 of a half-used sheet: two labels on the first page, one on a new page.
    const letter = await c.request(`/projects/${project.id}/labels.pdf?layout=sheet&paper=letter&start=19`);
    expect(letter.status).toBe(200);
    const a = await pdfOf(letter);
    expect(a.doc.getPageCount()).toBe(2);
    for (const page of a.doc.getPages()) expect(page.getSize()).toEqual({ width: 612, height: 792 });
    expect(qpdfCheck(a.bytes).code).toBe(0);
    expect(decodePdfPages(a.bytes).map((p) => [...p].sort())).toEqual([[urls[0], urls[1]].sort(), [urls[2]]]);
    // A4 from the top left: all three on one page.
    const a4 = await pdfOf(await c.request(`/projects/${project.id}/labels.pdf?layout=sheet&paper=a4`));
    expect(a4.doc.getPageCount()).toBe(1);
    const size = a4.doc.getPage(0).getSize();
    expect([Math.round(size.width), Math.round(size.height)]).toEqual([595, 842]);
    expect(qpdfCheck(a4.bytes).code).toBe(0);
    expect([...decodePdfPages(a4.bytes)[0]!].sort()).toEqual([...urls].sort());
  });

  test("the project page's form without JavaScript: each paper with its count, positions only Letter has named so", async () => {
    const c = await signedIn();
    const project = addProject("Form Signs");
    addItem(project.id);
    const html = await visibleHtml(await c.request(`/projects/${project.id}`));
    expect(html).toContain(`action="/projects/${project.id}/labels.pdf"`);
    expect(html).toContain('<option value="letter" selected="">US Letter (20 labels)</option><option value="a4">A4 (15 labels)</option>');
    expect(html).toContain('<option value="15">15</option><option value="16">16 (US Letter only)</option>');
    expect(html).toContain('<option value="20">20 (US Letter only)</option>');
    expect(html).not.toContain('value="21"');
  });

  test("a wrong paper or start position is a 400 that says what is allowed", async () => {
    const c = await signedIn();
    const project = addProject();
    addItem(project.id);
    const paper = await c.request(`/projects/${project.id}/labels.pdf?layout=sheet&paper=tabloid`);
    expect(paper.status).toBe(400);
    expect((await paper.json()).message).toBe("Choose the paper: letter (US Letter) or a4 (A4).");
    const start = await c.request(`/projects/${project.id}/labels.pdf?layout=sheet&start=21`);
    expect(start.status).toBe(400);
    expect((await start.json()).message).toBe("A sheet of US Letter has 20 label positions: choose a first free position from 1 to 20.");
    // A4 holds 15 (3 across, for margins an office printer can print): 16 is Letter's alone.
    const a4 = await c.request(`/projects/${project.id}/labels.pdf?layout=sheet&paper=a4&start=16`);
    expect(a4.status).toBe(400);
    expect((await a4.json()).message).toBe("A sheet of A4 has 15 label positions: choose a first free position from 1 to 15.");
    expect((await c.request(`/projects/${project.id}/labels.pdf?layout=sheet&paper=a4&start=15`)).status).toBe(200);
    for (const bad of ["0", "1.5", "x"]) expect((await c.request(`/projects/${project.id}/labels.pdf?layout=sheet&paper=a4&start=${bad}`)).status).toBe(400);
  });

  // 'Labels on sheets…' without JavaScript: the browser sends the form to a new tab, which must read as a page.
  test("a browser's refused form gets a readable page with the sentence and a way back to the project", async () => {
    const c = await signedIn();
    const project = addProject("Acme <Sign>");
    addItem(project.id);
    const browser = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" };
    const a4 = await c.request(`/projects/${project.id}/labels.pdf?layout=sheet&paper=a4&start=16`, { headers: browser });
    expect(a4.status).toBe(400);
    expect(a4.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(a4.headers.get("cache-control")).toBe("no-store");
    const html = await a4.text();
    expect(html).toStartWith("<!doctype html>");
    expect(html).toContain("<h1");
    expect(html).toContain("A sheet of A4 has 15 label positions: choose a first free position from 1 to 15.");
    expect(html).toContain(`<a href="/projects/${project.id}"`);
    expect(html).toContain("Back to Acme &#60;Sign&#62;");
    expect(html).not.toContain('{"message"');
    // A project with nothing to label, and one that is not there: pages too, each with a way back.
    const empty = addProject("Empty");
    const none = await c.request(`/projects/${empty.id}/labels.pdf`, { headers: browser });
    expect([none.status, none.headers.get("content-type")]).toEqual([404, "text/html; charset=utf-8"]);
    const noneHtml = await none.text();
    expect(noneHtml).toContain("This project has no items to label.");
    expect(noneHtml).toContain(`<a href="/projects/${empty.id}"`);
    const gone = await c.request(`/projects/987654/labels.pdf`, { headers: browser });
    expect([gone.status, gone.headers.get("content-type")]).toEqual([404, "text/html; charset=utf-8"]);
    expect(await gone.text()).toContain('<a href="/projects"');
    // Signed out, a browser reads why too.
    const out = await app.client("10.9.0.3").request(`/projects/${project.id}/labels.pdf?layout=sheet`, { headers: browser });
    expect([out.status, out.headers.get("content-type")]).toEqual([401, "text/html; charset=utf-8"]);
    expect(await out.text()).toContain(`href="/login?redirectTo=${encodeURIComponent(`/projects/${project.id}/labels.pdf?layout=sheet`)}"`);
    // A client that asks for JSON still gets JSON.
    const api = await c.request(`/projects/${project.id}/labels.pdf?layout=sheet&paper=a4&start=16`, { headers: { accept: "application/json" } });
    expect([api.status, api.headers.get("content-type")?.split(";")[0]]).toEqual([400, "application/json"]);
    expect((await api.json()).message).toBe("A sheet of A4 has 15 label positions: choose a first free position from 1 to 15.");
  });
});
