import { beforeEach, describe, expect, test } from "bun:test";
import { auditLog } from "#db/schema";
import { addMember, createApp, type Client, hooks } from "../helpers/app";
import { statementsByTransaction } from "../helpers/app";
import { seedShop } from "../helpers/shop";

const { CLICK_QR_FIRST } = hooks;

// docs/product.md §7 'Machine files' and the items' file-association calls, §5 'Spreadsheet and CSV', §4 'Machine file',
// docs/product.md (Decisions) permissions (details and imports: project keys; QR click, completion, reorder: any member).

let app: ReturnType<typeof createApp>;
let admin: Client;
let pm: Client;
let floor: Client;
let signedOut: Client;
let projectId: number;
let otherProjectId: number;
let floorMemberId: number;
let pmName: string;

beforeEach(async () => {
  pmName = "Pat PM";
  ({
    app,
    clients: { admin, pm, floor },
    memberIds: { floor: floorMemberId },
    projectIds: [projectId, otherProjectId],
  } = await seedShop({
    members: {
      admin: { name: "Ada", pin: "4321", keys: ["management"] },
      pm: { name: pmName, pin: "1111", keys: ["pre-production"] },
      floor: { name: "Fay Floor", pin: "2222", keys: ["production"] },
    },
    departments: ["HP Latex 800", "Zund G3"].map((name) => ({ name, isMachine: true })),
    categories: [{ name: "Banner", departmentSequence: ["hp-latex-800"] }],
    workflow: { name: "W", departmentSequence: ["hp-latex-800"] },
    projects: [
      { name: "Bakery", priority: "rush", by: "pm" },
      { name: "Other", priority: "low", by: "pm" },
    ],
  }));
  signedOut = app.client("10.0.0.4");
});

const create = (c: Client, json: Record<string, unknown>) => c.request("/api/machine-ready-files", { method: "POST", json });
const patch = (c: Client, id: number, json: Record<string, unknown>) => c.request(`/api/machine-ready-files/${id}`, { method: "PATCH", json });
const newItem = async (name: string, material = "Vinyl", pid = projectId) =>
  (await (await pm.request("/api/items", { method: "POST", json: { name, category: "Banner", material, projectId: pid } })).json()) as { id: number };

describe("machine-ready files", () => {
  test("create fills the §9 defaults: name, Document, '/files/{fileName}', 'File for {machine}', the queue end, the project's priority", async () => {
    const res = await create(pm, { fileName: "front.pdf", machine: "HP Latex 800", projectId });
    expect(res.status).toBe(201);
    const file = await res.json();
    expect(file).toMatchObject({
      name: "front.pdf",
      fileName: "front.pdf",
      machine: "hp-latex-800",
      fileType: "Document",
      filePath: "/files/front.pdf",
      description: "File for HP Latex 800",
      projectId,
      isCompleted: false,
      qrCodeClicked: false,
      sortOrder: 1,
      priority: "rush",
    });
    const second = await (await create(pm, { fileName: "back.pdf", machine: "hp-latex-800", description: " Vinyl ", projectId })).json();
    expect(second).toMatchObject({ sortOrder: 2, description: "Vinyl" });
    const other = await (await create(pm, { fileName: "cut.dxf", machine: "zund-g3", projectId })).json();
    expect(other.sortOrder).toBe(1);
    expect(await (await floor.request(`/api/machine-ready-files/${file.id}`)).json()).toEqual(file);
    expect((await (await floor.request(`/api/machine-ready-files?projectId=${projectId}`)).json()).map((f: { id: number }) => f.id)).toEqual([
      file.id,
      second.id,
      other.id,
    ]);
    expect((await (await floor.request(`/api/machine-ready-files`)).json()).length).toBe(3);
  });

  test.each([
    [{ machine: "zund-g3" }, "fileName"],
    [{ fileName: "a.pdf" }, "machine"],
    [{ fileName: "  ", machine: "zund-g3" }, "fileName"],
  ])("§5 'Please fill in both file name and machine assignment' for %j", async (json, path) => {
    const res = await create(pm, { projectId, ...json });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe("Please fill in both file name and machine assignment");
    expect(body.issues).toContainEqual({ path, message: "Please fill in both file name and machine assignment" });
  });

  test("an unknown machine, a process department and an unknown project are refused with sentences", async () => {
    const unknown = await create(pm, { fileName: "a.pdf", machine: "Laser 9000" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toMatch(/^Unknown machine "Laser 9000"/);
    expect((await (await create(pm, { fileName: "a.pdf", machine: "zund-g3", projectId: 99999 })).json()).message).toBe("Project not found");
  });

  test("bulk saves every row in one transaction, or none when one row is wrong", async () => {
    const ok = await pm.request("/api/machine-ready-files/bulk", {
      method: "POST",
      json: {
        files: [
          { fileName: "a.pdf", machine: "zund-g3", projectId },
          { fileName: "b.pdf", machine: "HP Latex 800", description: "Vinyl", projectId },
        ],
      },
    });
    expect(ok.status).toBe(201);
    const body = await ok.json();
    expect(body.message).toBe("2 file(s) saved successfully");
    expect(body.files.map((f: { machine: string }) => f.machine)).toEqual(["zund-g3", "hp-latex-800"]);
    const bad = await pm.request("/api/machine-ready-files/bulk", {
      method: "POST",
      json: {
        files: [
          { fileName: "c.pdf", machine: "zund-g3" },
          { fileName: "d.pdf", machine: "nope" },
        ],
      },
    });
    expect(bad.status).toBe(400);
    const missing = await pm.request("/api/machine-ready-files/bulk", {
      method: "POST",
      json: { files: [{ fileName: "c.pdf", machine: "zund-g3" }, { fileName: "d.pdf" }] },
    });
    expect((await missing.json()).issues).toContainEqual({ path: "files.1.machine", message: "Please fill in both file name and machine assignment" });
    expect((await (await pm.request("/api/machine-ready-files")).json()).length).toBe(2);
  });

  test("a floor member may not create, edit, delete or import; signed out is 401 everywhere", async () => {
    const file = await (await create(pm, { fileName: "a.pdf", machine: "zund-g3", projectId })).json();
    expect((await create(floor, { fileName: "x.pdf", machine: "zund-g3" })).status).toBe(403);
    expect((await patch(floor, file.id, { fileName: "y.pdf" })).status).toBe(403);
    expect((await patch(floor, file.id, { fileName: "y.pdf", qrCodeClicked: true })).status).toBe(403);
    expect((await floor.request(`/api/machine-ready-files/${file.id}`, { method: "DELETE" })).status).toBe(403);
    expect(
      (await floor.request("/api/machine-ready-files/upload-csv", { method: "POST", json: { csvData: "File Name,Machine Assignment\na,zund-g3" } })).status,
    ).toBe(403);
    expect((await floor.request("/api/machine-ready-files/bulk", { method: "POST", json: { files: [{ fileName: "a", machine: "zund-g3" }] } })).status).toBe(
      403,
    );
    for (const [path, method] of [
      ["/api/machine-ready-files", "GET"],
      [`/api/machine-ready-files/${file.id}`, "PATCH"],
      ["/api/machine-files-with-details?machine=zund-g3", "GET"],
      ["/api/completed-files-analytics", "GET"],
      ["/api/machine-ready-files/csv-template", "GET"],
      ["/api/machine-files/reorder", "POST"],
      [`/api/items/1/file-associations`, "GET"],
    ] as const) {
      const res = await signedOut.request(path, { method, json: method === "GET" ? undefined : {} });
      expect(res.status, path).toBe(401);
    }
  });

  test("PATCH edits the spreadsheet fields; a machine change moves the file to the end of the new queue; DELETE", async () => {
    const a = await (await create(pm, { fileName: "a.pdf", machine: "zund-g3", projectId })).json();
    await create(pm, { fileName: "b.pdf", machine: "hp-latex-800", projectId });
    const res = await patch(pm, a.id, { fileName: "a2.pdf", machine: "HP Latex 800", description: "", name: "Front" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ fileName: "a2.pdf", name: "Front", machine: "hp-latex-800", sortOrder: 2, description: "File for HP Latex 800" });
    expect((await patch(pm, a.id, {})).status).toBe(400);
    expect((await patch(pm, 99999, { fileName: "z" })).status).toBe(404);
    expect((await patch(pm, a.id, { machine: "nope" })).status).toBe(400);
    const del = await pm.request(`/api/machine-ready-files/${a.id}`, { method: "DELETE" });
    expect(del.status).toBe(200);
    expect((await pm.request(`/api/machine-ready-files/${a.id}`)).status).toBe(404);
    expect((await pm.request(`/api/machine-ready-files/${a.id}`, { method: "DELETE" })).status).toBe(404);
  });

  test("§4: completion needs the QR click first (409); the click is kept once; the session member completes; processing time; uncheck", async () => {
    const file = await (await create(pm, { fileName: "a.pdf", machine: "zund-g3", projectId })).json();
    const early = await patch(floor, file.id, { isCompleted: true, completedBy: 1 });
    expect(early.status).toBe(409);
    expect((await early.json()).message).toBe(CLICK_QR_FIRST);

    const clicked = await (await patch(floor, file.id, { qrCodeClicked: true })).json();
    expect(clicked.qrCodeClicked).toBe(true);
    expect(typeof clicked.qrCodeClickedAt).toBe("string");
    const again = await (await patch(floor, file.id, { qrCodeClicked: true })).json();
    expect(again.qrCodeClickedAt).toBe(clicked.qrCodeClickedAt);
    expect((await patch(floor, file.id, { qrCodeClicked: false })).status).toBe(400);

    // Pretend the QR was opened 125 s ago, so the processing time is measurable.
    app.db.$client.run("UPDATE machine_ready_files SET qr_code_clicked_at = qr_code_clicked_at - 125000 WHERE id = ?", [file.id]);
    const done = await (await patch(floor, file.id, { isCompleted: true, completedBy: 1 })).json();
    expect(done).toMatchObject({ isCompleted: true, completedBy: floorMemberId });
    expect(done.processingTimeSeconds).toBeGreaterThanOrEqual(125);
    expect(done.processingTimeSeconds).toBeLessThan(130);
    expect(Math.round((new Date(done.completedAt).getTime() - new Date(done.qrCodeClickedAt).getTime()) / 1000)).toBe(done.processingTimeSeconds);

    const undone = await (await patch(floor, file.id, { isCompleted: false })).json();
    expect(undone).toMatchObject({ isCompleted: false, completedBy: null, completedAt: null, processingTimeSeconds: null, qrCodeClicked: true });
    const actions = app.db
      .select()
      .from(auditLog)
      .all()
      .filter((r) => r.entity === "machine-file")
      .map((r) => r.action);
    expect(actions).toEqual(["create", "qr-click", "complete", "uncomplete"]);
  });

  test("reorder: any member; sortOrder from 1; unknown ids change nothing (404); duplicates and 0 are refused", async () => {
    const ids: number[] = [];
    for (const n of ["a", "b", "c"]) ids.push((await (await create(pm, { fileName: `${n}.pdf`, machine: "zund-g3", projectId })).json()).id);
    const order = [ids[2]!, ids[0]!, ids[1]!].map((id, i) => ({ id, sortOrder: i + 1 }));
    const res = await floor.request("/api/machine-files/reorder", { method: "POST", json: { files: order } });
    expect(res.status).toBe(200);
    const queue = await (await floor.request("/api/machine-files-with-details?machine=zund-g3")).json();
    expect(queue.map((f: { id: number; sortOrder: number }) => [f.id, f.sortOrder])).toEqual(order.map((o) => [o.id, o.sortOrder]));

    const unknown = await floor.request("/api/machine-files/reorder", {
      method: "POST",
      json: {
        files: [
          { id: ids[0], sortOrder: 3 },
          { id: 99999, sortOrder: 1 },
        ],
      },
    });
    expect(unknown.status).toBe(404);
    expect((await (await floor.request(`/api/machine-ready-files/${ids[0]}`)).json()).sortOrder).toBe(2);
    expect(
      (
        await floor.request("/api/machine-files/reorder", {
          method: "POST",
          json: {
            files: [
              { id: ids[0], sortOrder: 1 },
              { id: ids[0], sortOrder: 2 },
            ],
          },
        })
      ).status,
    ).toBe(400);
    const zero = await floor.request("/api/machine-files/reorder", { method: "POST", json: { files: [{ id: ids[0], sortOrder: 0 }] } });
    expect(zero.status).toBe(400);
    expect((await zero.json()).message).toBe("sortOrder starts at 1");
    expect((await floor.request("/api/machine-files/reorder")).status).toBe(405);
  });

  test("machine-files-with-details: §3 fields with the first item, owner and assignment time; ?machine= is required", async () => {
    const item = await newItem("Front sign", "Vinyl");
    const file = await (await create(pm, { fileName: "a.pdf", machine: "zund-g3", projectId, description: "Vinyl" })).json();
    await create(pm, { fileName: "b.pdf", machine: "zund-g3" });
    await pm.request(`/api/items/${item.id}/assign-file`, { method: "POST", json: { fileId: file.id, fileType: "cut" } });
    const list = await (await floor.request("/api/machine-files-with-details?machine=zund-g3")).json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      id: file.id,
      projectName: "Bakery",
      projectPriority: "rush",
      itemId: item.id,
      itemName: "Front sign",
      itemCategory: "Banner",
      itemMaterial: "Vinyl",
      fileOwnerName: pmName,
    });
    expect(typeof list[0].fileAssignedAt).toBe("string");
    expect(list[1]).toMatchObject({ projectName: null, itemId: null, fileOwnerName: null, fileAssignedAt: null });
    expect(await floor.request("/api/machine-files-with-details?machine=hp-latex-800").then((r) => r.json())).toEqual([]);
    const none = await floor.request("/api/machine-files-with-details");
    expect(none.status).toBe(400);
  });

  test("completed-files-analytics: §3 rows newest first, by machine", async () => {
    const item = await newItem("Front sign");
    const a = await (await create(pm, { fileName: "a.pdf", machine: "zund-g3", projectId })).json();
    const b = await (await create(pm, { fileName: "b.pdf", machine: "hp-latex-800", projectId })).json();
    await pm.request(`/api/items/${item.id}/assign-file`, { method: "POST", json: { fileId: a.id, fileType: "cut" } });
    for (const f of [a, b]) {
      await patch(floor, f.id, { qrCodeClicked: true });
      await patch(floor, f.id, { isCompleted: true });
    }
    const all = await (await floor.request("/api/completed-files-analytics")).json();
    expect(all.map((r: { id: number }) => r.id).sort()).toEqual([a.id, b.id].sort());
    const zund = await (await floor.request("/api/completed-files-analytics?machine=zund-g3")).json();
    expect(zund).toHaveLength(1);
    expect(zund[0]).toMatchObject({
      id: a.id,
      name: "a.pdf",
      projectName: "Bakery",
      itemName: "Front sign",
      itemMaterial: "Vinyl",
      qrCodeClicked: true,
      completedByName: "Fay Floor",
    });
    expect(Object.keys(zund[0])).toEqual(expect.arrayContaining(["qrCodeClickedAt", "completedAt", "processingTimeSeconds"]));
  });
});

describe("CSV", () => {
  test("csv-template is a CSV with the headers File Name, Machine Assignment, Material", async () => {
    const res = await floor.request("/api/machine-ready-files/csv-template");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename=".*\.csv"/);
    const firstLine = (await res.text()).replace(/^\uFEFF/, "").split(/\r?\n/)[0];
    expect(firstLine).toBe("File Name,Machine Assignment,Material");
  });

  const upload = (c: Client, csvData: string, extra: Record<string, unknown> = {}) =>
    c.request("/api/machine-ready-files/upload-csv", { method: "POST", json: { csvData, defaultFileType: "Document", defaultProjectId: projectId, ...extra } });

  test("a partial import saves the good rows and lists the bad ones by line", async () => {
    const csv =
      '\uFEFFFile Name,Machine Assignment,Material\r\nfront.pdf,HP Latex 800,Vinyl\r\n,zund-g3,\r\nback.pdf,Laser 9000,\r\n"cut, final.dxf",zund-g3,\r\n';
    const res = await upload(pm, csv);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.message).toBe("2 file(s) saved successfully. 2 entries had issues");
    expect(body.errors).toHaveLength(2);
    expect(body.errors[0]).toMatch(/^Line 3: /);
    expect(body.errors[1]).toMatch(/^Line 4: .*Laser 9000/);
    const files = await (await pm.request(`/api/machine-ready-files?projectId=${projectId}`)).json();
    expect(files.map((f: Record<string, unknown>) => [f.fileName, f.machine, f.description, f.fileType, f.filePath])).toEqual([
      ["front.pdf", "hp-latex-800", "Vinyl", "Document", "/files/front.pdf"],
      ["cut, final.dxf", "zund-g3", "File for Zund G3", "Document", "/files/cut, final.dxf"],
    ]);
  });

  test("nothing saved is a 400 with the errors; no CSV is 'Please select a CSV file first'; an unknown project is refused", async () => {
    const bad = await upload(pm, "File Name,Machine Assignment\na.pdf,nope\n");
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toHaveLength(1);
    const empty = await upload(pm, "  ");
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("Please select a CSV file first");
    const project = await upload(pm, "File Name,Machine Assignment\na.pdf,zund-g3\n", { defaultProjectId: 99999 });
    expect(project.status).toBe(400);
    expect((await project.json()).message).toBe("Project not found");
    expect((await pm.request("/api/machine-ready-files")).json()).resolves.toEqual([]);
  });

  test("formula-like cells are stored as text, exactly", async () => {
    await upload(pm, 'File Name,Machine Assignment,Material\n"=HYPERLINK(""http://x"")",zund-g3,@SUM(A1)\n');
    const [file] = await (await pm.request("/api/machine-ready-files")).json();
    expect(file).toMatchObject({ fileName: '=HYPERLINK("http://x")', description: "@SUM(A1)" });
  });

  test("5,000 rows import, numbered in order in each machine's queue", async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `job-${i}.pdf,${i % 2 ? "HP Latex 800" : "zund-g3"},Vinyl`);
    const csv = `File Name,Machine Assignment,Material\r\n${rows.join("\r\n")}\r\n`;
    const res = await upload(pm, csv);
    expect(res.status).toBe(201);
    expect((await res.json()).message).toBe("5000 file(s) saved successfully");
    const queue = await (await floor.request("/api/machine-files-with-details?machine=zund-g3&limit=3")).json();
    expect(queue.map((f: { sortOrder: number }) => f.sortOrder)).toEqual([1, 2, 3]);
  });
});

describe("CSV from real programs, re-uploads and the template", () => {
  const upload = (c: Client, csvData: string, extra: Record<string, unknown> = {}) =>
    c.request("/api/machine-ready-files/upload-csv", { method: "POST", json: { csvData, defaultFileType: "Document", defaultProjectId: projectId, ...extra } });
  const names = async (pid = projectId) =>
    ((await (await pm.request(`/api/machine-ready-files?projectId=${pid}`)).json()) as { fileName: string; machine: string }[])
      .map((f) => `${f.fileName}@${f.machine}`)
      .sort();

  test("re-uploading after fixing one bad line adds only that line: '{n} file(s) saved successfully · {k} already there, skipped'", async () => {
    const broken = "File Name,Machine Assignment,Material\r\nfront.pdf,HP Latex 800,Vinyl\r\nback.pdf,Laser 9000,\r\ncut.dxf,zund-g3,\r\n";
    const first = await upload(pm, broken);
    expect(first.status).toBe(201);
    expect((await first.json()).message).toBe("2 file(s) saved successfully. 1 entries had issues");
    const fixed = await upload(pm, broken.replace("Laser 9000", "HP Latex 800"));
    expect(fixed.status).toBe(201);
    expect(await fixed.json()).toMatchObject({ message: "1 file(s) saved successfully \u00b7 2 already there, skipped", saved: 1, skipped: 2, errors: [] });
    expect(await names()).toEqual(["back.pdf@hp-latex-800", "cut.dxf@zund-g3", "front.pdf@hp-latex-800"]);
    // The same file again: nothing new, and that is not an error.
    const again = await upload(pm, broken.replace("Laser 9000", "HP Latex 800"));
    expect(again.status).toBe(200);
    expect((await again.json()).message).toBe("0 file(s) saved successfully \u00b7 3 already there, skipped");
    expect(await names()).toHaveLength(3);
  });

  test("already there means same project, file name (any case) and machine; a row listed twice in one file is saved once", async () => {
    await upload(pm, "File Name,Machine Assignment\nfront.pdf,HP Latex 800\n");
    const res = await upload(pm, "File Name,Machine Assignment\nFRONT.PDF,hp-latex-800\nfront.pdf,Zund G3\nnew.pdf,zund-g3\nnew.pdf,Zund G3\n");
    expect((await res.json()).message).toBe("2 file(s) saved successfully \u00b7 2 already there, skipped");
    expect(await names()).toEqual(["front.pdf@hp-latex-800", "front.pdf@zund-g3", "new.pdf@zund-g3"]);
    // Another project may have a file of the same name on the same machine.
    const other = await upload(pm, "File Name,Machine Assignment\nfront.pdf,HP Latex 800\n", { defaultProjectId: otherProjectId });
    expect((await other.json()).message).toBe("1 file(s) saved successfully");
  });

  test("bulk: one transaction; files already there are skipped and counted, so a repeated save adds nothing", async () => {
    const files = [
      { fileName: "a.pdf", machine: "zund-g3", projectId },
      { fileName: "b.pdf", machine: "HP Latex 800", projectId },
      { fileName: "a.pdf", machine: "Zund G3", projectId },
    ];
    const seen = await statementsByTransaction(() => pm.request("/api/machine-ready-files/bulk", { method: "POST", json: { files } }));
    const writes = seen.filter((s) => /^insert into "machine_ready_files"/i.test(s.sql));
    expect(writes.length).toBeGreaterThan(0);
    expect(new Set(writes.map((s) => s.tx)).size).toBe(1);
    expect(await names()).toEqual(["a.pdf@zund-g3", "b.pdf@hp-latex-800"]);
    const again = await pm.request("/api/machine-ready-files/bulk", { method: "POST", json: { files } });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ message: "0 file(s) saved successfully \u00b7 3 already there, skipped", files: [], saved: 0, skipped: 3 });
    expect(await names()).toHaveLength(2);
  });

  test("a quote never closed: exactly 'Line N: a quote opened here is never closed', and nothing saved", async () => {
    const res = await upload(pm, 'File Name,Machine Assignment\r\na.pdf,zund-g3\r\n"b.pdf,zund-g3\r\nc.pdf,zund-g3\r\n');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: "Line 3: a quote opened here is never closed",
      errors: ["Line 3: a quote opened here is never closed"],
      saved: 0,
    });
    expect(await names()).toEqual([]);
  });

  test("a missing column is its own message, not '1 entries had issues'", async () => {
    const res = await upload(pm, "File Name,Material\r\na.pdf,Vinyl\r\n");
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe("The CSV needs the columns File Name and Machine Assignment (found: File Name, Material).");
    expect(body.message).not.toContain("entries had issues");
  });

  test("csvData that already lost a character (U+FFFD) is never stored; Excel's 'sep=;' line is honoured", async () => {
    const res = await upload(pm, "sep=;\r\nFile Name;Machine Assignment\r\nCaf\uFFFD.pdf;zund-g3\r\nBäckerei, Schild.pdf;zund-g3\r\n");
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.errors).toEqual(["Line 3: a character could not be read (shown as \uFFFD): save the file again as CSV UTF-8 and upload it again."]);
    expect(await names()).toEqual(["Bäckerei, Schild.pdf@zund-g3"]);
  });

  test("the template names the shop's active machines and imports into the shop as it is", async () => {
    const zund = ((await (await admin.request("/api/departments")).json()) as { id: number; value: string }[]).find((d) => d.value === "zund-g3")!;
    await admin.request("/api/departments", { method: "POST", json: { name: "Roland VG3", isMachine: true } });
    await admin.request(`/api/departments/${zund.id}`, { method: "PATCH", json: { isActive: false } });
    const template = await (await pm.request("/api/machine-ready-files/csv-template")).text();
    expect(template).toContain("HP Latex 800");
    expect(template).toContain("Roland VG3");
    expect(template).not.toContain("Zund G3");
    const res = await upload(pm, template);
    expect(res.status).toBe(201);
    expect((await res.json()).message).toBe("2 file(s) saved successfully");
  });

  test("a shop without machines gets a template with a note saying what to do first", async () => {
    const fresh = createApp();
    addMember("Solo", "4321", ["management"]);
    const c = fresh.client("10.0.0.9");
    await c.signIn("4321");
    const text = await (await c.request("/api/machine-ready-files/csv-template")).text();
    expect(text.replace(/^\uFEFF/, "").split("\r\n")).toEqual([
      "File Name,Machine Assignment,Material",
      "# No machines yet: add them in Global Settings > Departments/Stations and download this template again.",
      "",
    ]);
  });
});

describe("item file associations", () => {
  test("assign print and cut, replace, list with updatedByName (the session member, not a userId), unassign", async () => {
    const item = await newItem("Front sign");
    const a = await (await create(pm, { fileName: "a.pdf", machine: "hp-latex-800", projectId, description: "Vinyl" })).json();
    const b = await (await create(pm, { fileName: "b.dxf", machine: "zund-g3", projectId, description: "Vinyl" })).json();
    const c = await (await create(pm, { fileName: "c.pdf", machine: "hp-latex-800", projectId })).json();
    const res = await pm.request(`/api/items/${item.id}/assign-file`, { method: "POST", json: { fileId: a.id, fileType: "print", userId: 12345 } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      itemId: item.id,
      machineFileId: a.id,
      fileType: "print",
      updatedByName: pmName,
      message: "File assignment updated successfully",
    });
    await admin.request(`/api/items/${item.id}/assign-file`, { method: "POST", json: { fileId: b.id, fileType: "cut" } });
    await pm.request(`/api/items/${item.id}/assign-file`, { method: "POST", json: { fileId: c.id, fileType: "print" } });
    const list = await (await floor.request(`/api/items/${item.id}/file-associations`)).json();
    expect(list.map((r: Record<string, unknown>) => [r.fileType, r.machineFileId, r.updatedByName])).toEqual([
      ["cut", b.id, "Ada"],
      ["print", c.id, pmName],
    ]);
    const del = await pm.request(`/api/items/${item.id}/unassign-file`, { method: "DELETE", json: { fileType: "cut", userId: 1 } });
    expect(del.status).toBe(200);
    expect((await pm.request(`/api/items/${item.id}/unassign-file`, { method: "DELETE", json: { fileType: "cut" } })).status).toBe(404);
    expect((await (await floor.request(`/api/items/${item.id}/file-associations`)).json()).map((r: { fileType: string }) => r.fileType)).toEqual(["print"]);
  });

  test("refusals: another project's file, a bad type, a missing item, a floor member", async () => {
    const item = await newItem("Front sign");
    const foreign = await (await create(pm, { fileName: "x.pdf", machine: "zund-g3", projectId: otherProjectId })).json();
    const wrongProject = await pm.request(`/api/items/${item.id}/assign-file`, { method: "POST", json: { fileId: foreign.id, fileType: "print" } });
    expect(wrongProject.status).toBe(400);
    expect((await wrongProject.json()).message).toMatch(/another project/);
    const type = await pm.request(`/api/items/${item.id}/assign-file`, { method: "POST", json: { fileId: foreign.id, fileType: "laminate" } });
    expect((await type.json()).message).toBe("File type must be one of print, cut.");
    expect((await pm.request(`/api/items/99999/assign-file`, { method: "POST", json: { fileId: foreign.id } })).status).toBe(404);
    expect((await pm.request(`/api/items/99999/file-associations`)).status).toBe(404);
    expect((await floor.request(`/api/items/${item.id}/assign-file`, { method: "POST", json: { fileId: foreign.id } })).status).toBe(403);
    expect((await pm.request(`/api/items/${item.id}/assign-file`, { method: "POST", json: { fileId: 99999 } })).status).toBe(400);
  });
});
