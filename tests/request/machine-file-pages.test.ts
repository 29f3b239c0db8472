import { beforeEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { machineReadyFiles } from "#db/schema";
import { type createApp, visibleHtml, type Client, hooks } from "../helpers/app";
import { countStatements, statementsByTransaction } from "../helpers/app";
import { seedShop } from "../helpers/shop";

const { createMachineFiles } = hooks;

// The machine-file screens without JavaScript (each is a plain form post): docs/product.md §2 'Machine Files for one machine',
// 'Machine Ready Files' and 'Machine Files Spreadsheet'.

let app: ReturnType<typeof createApp>;
let admin: Client;
let pm: Client;
let operator: Client;
let fab: Client;
let signedOut: Client;
let projectId: number;
let itemId: number;

const system = { id: null, name: "test" };

beforeEach(async () => {
  ({
    app,
    clients: { admin, pm, operator, fab },
    projectIds: [projectId],
    itemIds: [itemId],
  } = await seedShop({
    members: {
      admin: { name: "Ada", pin: "4321", keys: ["management"] },
      pm: { name: "Pat PM", pin: "1111", keys: ["pre-production"] },
      operator: { name: "Otto Operator", pin: "2222", keys: ["production"] },
      fab: { name: "Fay Fab", pin: "3333", keys: ["fabrication"], ip: "10.0.0.5" },
    },
    departments: ["HP Latex 800", "Zund G3"].map((name) => ({ name, isMachine: true })),
    categories: [{ name: "Banner", departmentSequence: ["hp-latex-800"] }],
    workflow: { name: "W", departmentSequence: ["hp-latex-800"] },
    projects: [{ name: "Bakery", priority: "high", by: "pm" }],
    items: [{ name: "Fence banner", category: "Banner", material: "Vinyl", by: "pm" }],
  }));
  signedOut = app.client("10.0.0.4");
});

const postForm = (c: Client, path: string, pairs: [string, string][]) =>
  c.request(path, { method: "POST", body: new URLSearchParams(pairs).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
const files = () => app.db.select().from(machineReadyFiles).all();

describe("/production/{machine}", () => {
  test("the queue: header, count, the nine columns with their fallbacks, 'Click QR first', the empty state", async () => {
    const [a, b] = createMachineFiles(
      [
        { fileName: "fence.pdf", machine: "hp-latex-800", description: "Vinyl", projectId },
        { fileName: "loose.pdf", machine: "hp-latex-800" },
      ],
      system,
    );
    await pm.request(`/api/items/${itemId}/assign-file`, { method: "POST", json: { fileId: a!.id, fileType: "print" } });
    const res = await operator.request("/production/hp-latex-800");
    expect(res.status).toBe(200);
    const html = await visibleHtml(res);
    for (const text of [
      "HP Latex 800 Files",
      "All files currently assigned to this machine",
      "2 files assigned",
      "Back to Production",
      "View Completion Analytics",
      "Click QR first",
    ])
      expect(html).toContain(text);
    for (const h of ["#", "File Name", "Project Name", "Item", "Material", "File Owner", "Date/Time File Added", "QR Code", "File Completed"])
      expect(html).toContain(`>${h}</th>`);
    expect(html).toContain("fence.pdf");
    expect(html).toContain(`href="/items/${itemId}"`);
    expect(html).toContain("Pat PM");
    expect(html).toContain("just now");
    // The loose file: no project, item or owner.
    expect(html).toMatch(/loose\.pdf[\s\S]*N\/A[\s\S]*N\/A[\s\S]*Unknown[\s\S]*Unknown/);
    expect(b!.sortOrder).toBe(2);

    const empty = await visibleHtml(await operator.request("/production/zund-g3"));
    expect(empty).toContain("No Files Assigned");
    expect(empty).toContain("No files are currently assigned to the Zund G3 machine.");
    expect((await operator.request("/production/no-such-machine")).status).toBe(404);
  });

  test("who may open it: the production key and management; signed out and others are refused", async () => {
    expect((await admin.request("/production/hp-latex-800")).status).toBe(200);
    expect((await pm.request("/production/hp-latex-800")).status).toBe(403);
    expect((await fab.request("/production/hp-latex-800")).status).toBe(403);
    const out = await signedOut.request("/production/hp-latex-800");
    expect(out.status).toBe(401);
    expect(await visibleHtml(out)).toContain("Access Denied");
  });

  test("QR, then complete, then undo, then reorder with the arrows — all without JavaScript", async () => {
    const [a, b, c] = createMachineFiles(
      ["a", "b", "c"].map((n) => ({ fileName: `${n}.pdf`, machine: "hp-latex-800", projectId })),
      system,
    );
    const path = "/production/hp-latex-800";
    const early = await postForm(operator, path, [
      ["intent", "complete"],
      ["fileId", String(a!.id)],
      ["completed", "true"],
    ]);
    expect(early.status).toBe(409);
    expect(files().find((f) => f.id === a!.id)!.isCompleted).toBe(false);

    const qr = await postForm(operator, path, [
      ["intent", "open-qr"],
      ["fileId", String(a!.id)],
    ]);
    expect(qr.status).toBe(302);
    expect(qr.headers.get("location")).toBe(`${path}?qr=${a!.id}`);
    const dialog = await visibleHtml(await operator.request(`${path}?qr=${a!.id}`));
    expect(dialog).toContain("Print QR Code");
    expect(dialog).toContain(`href="/machine-files/${a!.id}/print"`);
    expect(dialog).toContain("<svg");
    expect(dialog).toMatch(/Priority<\/dt><dd[^>]*>high</);

    expect(
      (
        await postForm(operator, path, [
          ["intent", "complete"],
          ["fileId", String(a!.id)],
          ["completed", "true"],
        ])
      ).status,
    ).toBe(302);
    expect(files().find((f) => f.id === a!.id)).toMatchObject({ isCompleted: true, qrCodeClicked: true });
    expect(await visibleHtml(await operator.request(path))).toContain("Completed ✓ (undo)");
    await postForm(operator, path, [
      ["intent", "complete"],
      ["fileId", String(a!.id)],
      ["completed", "false"],
    ]);
    expect(files().find((f) => f.id === a!.id)!.isCompleted).toBe(false);

    // Move c up: c and b swap places.
    expect(
      (
        await postForm(operator, path, [
          ["intent", "reorder"],
          ["ids", String(c!.id)],
          ["ids", String(b!.id)],
        ])
      ).status,
    ).toBe(302);
    const order = files()
      .filter((f) => f.machine === "hp-latex-800")
      .sort((x, y) => x.sortOrder - y.sortOrder)
      .map((f) => f.fileName);
    expect(order).toEqual(["a.pdf", "c.pdf", "b.pdf"]);
    // A file of another machine is refused, nothing moves.
    const [z] = createMachineFiles([{ fileName: "z.dxf", machine: "zund-g3" }], system);
    expect(
      (
        await postForm(operator, path, [
          ["intent", "reorder"],
          ["ids", String(z!.id)],
          ["ids", String(a!.id)],
        ])
      ).status,
    ).toBe(409);
  });

  test("equal places (old data) are renumbered before a move", async () => {
    const made = createMachineFiles(
      ["a", "b", "c"].map((n) => ({ fileName: `${n}.pdf`, machine: "hp-latex-800" })),
      system,
    );
    app.db.$client.run("UPDATE machine_ready_files SET sort_order = 0");
    await postForm(operator, "/production/hp-latex-800", [
      ["intent", "reorder"],
      ["ids", String(made[2]!.id)],
      ["ids", String(made[1]!.id)],
    ]);
    const order = files().sort((x, y) => x.sortOrder - y.sortOrder);
    expect(order.map((f) => [f.fileName, f.sortOrder])).toEqual([
      ["a.pdf", 1],
      ["c.pdf", 2],
      ["b.pdf", 3],
    ]);
  });

  test("analytics dialog: the table, or 'No Completed Files'", async () => {
    const path = "/production/hp-latex-800";
    const none = await visibleHtml(await operator.request(`${path}?analytics=1`));
    expect(none).toContain("No Completed Files");
    expect(none).toContain("No files have been completed yet.");
    const [a] = createMachineFiles([{ fileName: "a.pdf", machine: "hp-latex-800", projectId }], system);
    await postForm(operator, path, [
      ["intent", "open-qr"],
      ["fileId", String(a!.id)],
    ]);
    await postForm(operator, path, [
      ["intent", "complete"],
      ["fileId", String(a!.id)],
      ["completed", "true"],
    ]);
    const html = await visibleHtml(await operator.request(`${path}?analytics=1`));
    expect(html).toContain("1 completed file");
    for (const h of ["File Name", "Project", "Item", "Material", "QR Clicked", "QR Clicked At", "Completed By", "Completed At", "Processing Time"])
      expect(html).toContain(`>${h}</th>`);
    expect(html).toContain("Otto Operator");
    expect(html).toContain("0m 0s");
  });

  test("the queue holds the open files and the last day's completions, in queue order; older completions are left out", async () => {
    const made = createMachineFiles(
      ["open-1.pdf", "done-today.pdf", "done-last-week.pdf", "open-2.pdf", "other-machine.pdf"].map((fileName, i) => ({
        fileName,
        machine: i === 4 ? "zund-g3" : "hp-latex-800",
        projectId,
      })),
      system,
    );
    const day = 24 * 60 * 60 * 1000;
    app.db.$client.run("UPDATE machine_ready_files SET is_completed = 1, completed_at = ? WHERE id = ?", [Date.now() - day / 2, made[1]!.id]);
    app.db.$client.run("UPDATE machine_ready_files SET is_completed = 1, completed_at = ? WHERE id = ?", [Date.now() - 7 * day, made[2]!.id]);
    // open-2 first in the queue: the order is sort_order, then age.
    app.db.$client.run("UPDATE machine_ready_files SET sort_order = CASE file_name WHEN 'open-2.pdf' THEN 0 ELSE 5 END WHERE machine = 'hp-latex-800'");
    const html = await visibleHtml(await operator.request("/production/hp-latex-800"));
    expect(html).toContain("3 files assigned");
    expect(html).not.toContain("done-last-week.pdf");
    expect(html).not.toContain("other-machine.pdf");
    const order = ["open-2.pdf", "open-1.pdf", "done-today.pdf"].map((name) => html.indexOf(name));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
  });

  test("5,000 queued files: one page of 100 in a fixed number of statements", async () => {
    createMachineFiles(
      Array.from({ length: 5000 }, (_, i) => ({ fileName: `f${i}.pdf`, machine: "hp-latex-800", projectId })),
      system,
    );
    await operator.request("/production/hp-latex-800");
    let res: Response | undefined;
    const n = await countStatements(async () => {
      res = await operator.request("/production/hp-latex-800?page=3");
    });
    const html = await visibleHtml(res!);
    expect(html).toContain("5000 files assigned");
    expect(html).toContain("f200.pdf");
    expect(html).not.toContain("f199.pdf");
    expect(n).toBeLessThanOrEqual(8);
  });
});

describe("/projects/{id}/machine-files", () => {
  test("signed out: the banner of product §2, nothing else", async () => {
    const html = await visibleHtml(await signedOut.request(`/projects/${projectId}/machine-files`));
    expect(html).toContain("You are not logged in. File assignments will not track who changed them.");
    expect(html).not.toContain("Fence banner");
  });

  test("assign, see the indicator, remove; the signed-in name; the empty states", async () => {
    const path = `/projects/${projectId}/machine-files`;
    let html = await visibleHtml(await pm.request(path));
    expect(html).toContain("Signed in as <span");
    expect(html).toContain("Pat PM");
    expect(html).toContain("No files available");
    const [vinyl, mesh] = createMachineFiles(
      [
        { fileName: "print.pdf", machine: "hp-latex-800", description: "vinyl ", projectId },
        { fileName: "cut.dxf", machine: "zund-g3", description: "Mesh", projectId },
      ],
      system,
    );
    expect(
      (
        await postForm(pm, path, [
          ["intent", "assign"],
          ["itemId", String(itemId)],
          ["fileType", "print"],
          ["fileId", String(vinyl!.id)],
        ])
      ).status,
    ).toBe(302);
    html = await visibleHtml(await pm.request(path));
    expect(html).toContain('data-indicator="match"');
    await postForm(pm, path, [
      ["intent", "assign"],
      ["itemId", String(itemId)],
      ["fileType", "cut"],
      ["fileId", String(mesh!.id)],
    ]);
    html = await visibleHtml(await pm.request(path));
    expect(html).toContain('data-indicator="mismatch"');
    expect(html).toContain("A file&#x27;s material differs from the item&#x27;s".replace(/&#x27;/g, "'"));
    // The project page's Files column shows the same dot.
    expect(await visibleHtml(await pm.request(`/projects/${projectId}`))).toContain('data-indicator="mismatch"');
    await postForm(pm, path, [
      ["intent", "unassign"],
      ["itemId", String(itemId)],
      ["fileType", "cut"],
    ]);
    expect(await visibleHtml(await pm.request(path))).toContain('data-indicator="match"');
    // The floor may look but not assign.
    expect(await visibleHtml(await operator.request(path))).not.toContain("Choose a file");
    expect(
      (
        await postForm(operator, path, [
          ["intent", "unassign"],
          ["itemId", String(itemId)],
          ["fileType", "print"],
        ])
      ).status,
    ).toBe(403);
  });

  test("a project with many files: each row links to a picker with a search instead of a select of every file", async () => {
    const path = `/projects/${projectId}/machine-files`;
    createMachineFiles(
      Array.from({ length: 80 }, (_, i) => ({ fileName: `job-${i}.pdf`, machine: "hp-latex-800", description: "Vinyl", projectId })),
      system,
    );
    const page = await visibleHtml(await pm.request(path));
    expect(page).not.toContain("<select");
    expect(page).toContain(`href="${path}?pick=${itemId}-print"`);
    const picker = await visibleHtml(await pm.request(`${path}?pick=${itemId}-cut&q=JOB-7`));
    expect(picker).toContain("Choose the cut file");
    const listed = picker.match(/job-\d+\.pdf/g)!;
    expect(new Set(listed)).toEqual(new Set(["job-7.pdf", ...Array.from({ length: 10 }, (_, i) => `job-7${i}.pdf`)]));
    const file = app.db
      .select()
      .from(machineReadyFiles)
      .all()
      .find((f) => f.fileName === "job-72.pdf")!;
    expect(
      (
        await postForm(pm, path, [
          ["intent", "assign"],
          ["itemId", String(itemId)],
          ["fileType", "cut"],
          ["fileId", String(file.id)],
        ])
      ).status,
    ).toBe(302);
    expect(await visibleHtml(await pm.request(path))).toContain("job-72.pdf");
  });

  test("no items: 'No project items found. Items must be created before assigning files.'; log dialog; missing project", async () => {
    const wf = await (await admin.request("/api/workflows", { method: "POST", json: { name: "W2", departmentSequence: ["zund-g3"] } })).json();
    const empty = (await (await pm.request("/api/projects", { method: "POST", json: { name: "Empty", description: "d", workflowId: wf.id } })).json()).id;
    expect(await visibleHtml(await pm.request(`/projects/${empty}/machine-files`))).toContain(
      "No project items found. Items must be created before assigning files.",
    );
    const log = await visibleHtml(await pm.request(`/projects/${projectId}/machine-files?log=1`));
    expect(log).toContain("Completed File Log");
    expect(log).toContain("No Completed Files");
    const missing = await pm.request("/projects/99999/machine-files");
    expect(missing.status).toBe(404);
    expect(await visibleHtml(missing)).toContain("Project not found");
  });
});

describe("/projects/{id}/machine-files/spreadsheet", () => {
  const path = () => `/projects/${projectId}/machine-files/spreadsheet`;
  const row = (i: number, fileName: string, machine: string, material = "", id?: number): [string, string][] => [
    ...(id ? ([[`rows[${i}].id`, String(id)]] as [string, string][]) : []),
    [`rows[${i}].fileName`, fileName],
    [`rows[${i}].machine`, machine],
    [`rows[${i}].material`, material],
  ];

  test("a new project opens with 10 blank rows; Add 10 Rows keeps what was typed", async () => {
    const html = await visibleHtml(await pm.request(path()));
    expect(html.match(/name="rows\[\d+\]\.fileName"/g)).toHaveLength(10);
    const res = await postForm(pm, path(), [["intent", "add-rows"], ...row(0, "typed.pdf", "")]);
    const after = await visibleHtml(res);
    expect(after.match(/name="rows\[\d+\]\.fileName"/g)).toHaveLength(11);
    expect(after).toContain('value="typed.pdf"');
  });

  test("Save All saves only rows with a name and a machine, keeps the others marked; statuses New / Saved / Modified", async () => {
    const res = await postForm(pm, path(), [["intent", "save-all"], ...row(0, "a.pdf", "hp-latex-800", "Vinyl"), ...row(1, "half.pdf", ""), ...row(2, "", "")]);
    expect(res.status).toBe(200);
    const html = await visibleHtml(res);
    expect(files().map((f) => [f.fileName, f.machine, f.description, f.fileType, f.filePath])).toEqual([
      ["a.pdf", "hp-latex-800", "Vinyl", "Document", "/files/a.pdf"],
    ]);
    expect(html).toContain('value="half.pdf"');
    expect(html).toContain("Please fill in both file name and machine assignment");
    expect(html).toContain(">Saved</span>");
    expect(html).toContain(">New</span>");
    const id = files()[0]!.id;
    // Save one modified row.
    const saved = await postForm(pm, path(), [["intent", "save-row:0"], ...row(0, "a2.pdf", "zund-g3", "", id)]);
    expect(await visibleHtml(saved)).toContain("1 file(s) saved successfully");
    expect(files()[0]).toMatchObject({ fileName: "a2.pdf", machine: "zund-g3", description: "File for Zund G3" });
    const modified = await postForm(pm, path(), [["intent", "save-row:1"], ...row(0, "a3.pdf", "zund-g3", "File for Zund G3", id), ...row(1, "", "")]);
    const modifiedHtml = await visibleHtml(modified);
    expect(modified.status).toBe(400);
    expect(modifiedHtml).toContain(">Modified</span>");
    expect(modifiedHtml).toContain("Please fill in both file name and machine assignment");
  });

  test("Save Selected: 'Please fill in file name and machine for selected rows'; delete a saved row", async () => {
    const bad = await postForm(pm, path(), [
      ["intent", "save-selected"],
      ...row(0, "a.pdf", "hp-latex-800"),
      ["rows[0].selected", "on"],
      ...row(1, "b.pdf", ""),
      ["rows[1].selected", "on"],
    ]);
    expect(bad.status).toBe(400);
    expect(await visibleHtml(bad)).toContain("Please fill in file name and machine for selected rows");
    expect(files()).toHaveLength(0);
    await postForm(pm, path(), [["intent", "save-selected"], ...row(0, "a.pdf", "hp-latex-800"), ["rows[0].selected", "on"], ...row(1, "b.pdf", "")]);
    expect(files().map((f) => f.fileName)).toEqual(["a.pdf"]);
    const del = await postForm(pm, path(), [["intent", "delete:0"], ...row(0, "a.pdf", "hp-latex-800", "", files()[0]!.id)]);
    expect(del.status).toBe(200);
    expect(files()).toHaveLength(0);
  });

  test("CSV upload without JavaScript: the file input posts; 'Please select a CSV file' / '... first'; partial import warns", async () => {
    const upload = (name: string, text: string | null, type = "text/csv") => {
      const form = new FormData();
      form.set("intent", "upload-csv");
      if (text !== null) form.set("csv", new File([text], name, { type }));
      return pm.request(path(), { method: "POST", body: form });
    };
    expect(await visibleHtml(await upload("", null))).toContain("Please select a CSV file first");
    expect(await visibleHtml(await upload("files.xlsx", "x", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"))).toContain(
      "Please select a CSV file",
    );
    const res = await upload(
      "files.csv",
      "File Name;Machine Assignment;Material\r\na.pdf;HP Latex 800;Vinyl\r\nb.pdf;nope;\r\nc.pdf;d;\r\nd.pdf;e;\r\ne.pdf;f;\r\n",
    );
    expect(res.status).toBe(200);
    const html = await visibleHtml(res);
    expect(html).toContain("4 entries had issues");
    expect(html).toContain('value="a.pdf"');
    expect(files().map((f) => f.fileName)).toEqual(["a.pdf"]);
  });

  const uploadBytes = (bytes: Uint8Array | string, name = "files.csv", type = "text/csv") => {
    const form = new FormData();
    form.set("intent", "upload-csv");
    form.set("csv", new File([bytes as BlobPart], name, { type }));
    return pm.request(path(), { method: "POST", body: form });
  };
  const fixture = (name: string) => new Uint8Array(readFileSync(`tests/fixtures/csv/${name}`));

  test("files as Excel and LibreOffice write them: Windows-1252, 'sep=;', UTF-16 — stored as written, never U+FFFD", async () => {
    for (const [name, expected] of [
      ["excel-windows-1252.csv", ["Café façade.pdf", "Zürich – Ölmühle.pdf", "€ price tag.pdf", "“Grand” opening.pdf"]],
      ["excel-sep-semicolon-1252.csv", ["Bäckerei Müller, Schild.pdf", "Straße – Tafel.pdf"]],
      ["excel-unicode-text-utf16le.csv", ["看板 – 正面.pdf", "Proof – v2 🎉.pdf", "Café"]],
      ["libreoffice-utf16be-semicolon.csv", ["Łódź sign.pdf", "Ελληνικά.dxf"]],
    ] as const) {
      const before = files().length;
      const res = await uploadBytes(fixture(name), name, "application/vnd.ms-excel");
      expect(res.status, name).toBe(200);
      expect(await visibleHtml(res)).toContain(`${expected.length} file(s) saved successfully`);
      expect(
        files()
          .slice(before)
          .map((f) => f.fileName),
      ).toEqual([...expected]);
    }
    expect(files().some((f) => /\uFFFD/.test(f.fileName + f.description))).toBe(false);
    expect(files().find((f) => f.fileName === "€ price tag.pdf")!.description).toBe('13oz "Scrim" Banner');
  });

  test("a quote never closed and a missing column: their own message, nothing saved, no 'entries had issues'", async () => {
    const quote = await uploadBytes(fixture("unclosed-quote.csv"));
    expect(quote.status).toBe(400);
    const html = await visibleHtml(quote);
    expect(html).toContain("Line 3: a quote opened here is never closed");
    expect(html).not.toContain("entries had issues");
    const column = await visibleHtml(await uploadBytes(fixture("missing-column.csv")));
    expect(column).toContain("The CSV needs the columns File Name and Machine Assignment (found: File Name, Material).");
    expect(column).not.toContain("entries had issues");
    expect(files()).toHaveLength(0);
  });

  test("re-uploading after fixing a line: '{n} file(s) saved successfully · {k} already there, skipped'", async () => {
    const broken = "File Name,Machine Assignment\r\na.pdf,HP Latex 800\r\nb.pdf,Laser 9000\r\nc.pdf,Zund G3\r\n";
    expect(await visibleHtml(await uploadBytes(broken))).toContain("1 entries had issues");
    const html = await visibleHtml(await uploadBytes(broken.replace("Laser 9000", "Zund G3")));
    expect(html).toContain("1 file(s) saved successfully \u00b7 2 already there, skipped");
    expect(
      files()
        .map((f) => f.fileName)
        .sort(),
    ).toEqual(["a.pdf", "b.pdf", "c.pdf"]);
  });

  test("the page's template link downloads a template that imports into this shop", async () => {
    // This shop's machines have their own names (the values stay).
    for (const d of (await (await admin.request("/api/departments")).json()) as { id: number; value: string }[]) {
      await admin.request(`/api/departments/${d.id}`, { method: "PATCH", json: { name: d.value === "zund-g3" ? "Zund S3 Cutter" : "Epson SureColor" } });
    }
    const html = await visibleHtml(await pm.request(path()));
    const href = /href="([^"]*csv-template[^"]*)"/.exec(html)![1]!;
    const template = await (await pm.request(href)).text();
    const res = await uploadBytes(template, "machine-files-template.csv");
    expect(res.status).toBe(200);
    expect(await visibleHtml(res)).toContain("2 file(s) saved successfully");
  });

  test("Save All is one transaction: a row that cannot be saved leaves every other row as it was", async () => {
    const [a] = createMachineFiles([{ fileName: "a.pdf", machine: "hp-latex-800", projectId }], system);
    // The machine is retired (deleted) after the page was drawn: its row cannot be saved, so nothing is.
    const res = await postForm(pm, path(), [["intent", "save-all"], ...row(0, "a-renamed.pdf", "hp-latex-800", "", a!.id), ...row(1, "new.pdf", "laser-9000")]);
    expect(res.status).toBe(400);
    expect(await visibleHtml(res)).toContain('Unknown machine "laser-9000"');
    expect(files().map((f) => f.fileName)).toEqual(["a.pdf"]);
    const seen = await statementsByTransaction(() =>
      postForm(pm, path(), [
        ["intent", "save-all"],
        ...row(0, "a-renamed.pdf", "zund-g3", "", a!.id),
        ...row(1, "new.pdf", "zund-g3"),
        ...row(2, "new2.pdf", "hp-latex-800"),
      ]),
    );
    const writes = seen.filter((s) => /^(insert into|update) "machine_ready_files"/i.test(s.sql));
    expect(writes.length).toBeGreaterThanOrEqual(2);
    expect(new Set(writes.map((s) => s.tx)).size).toBe(1);
    expect(
      files()
        .map((f) => f.fileName)
        .sort(),
    ).toEqual(["a-renamed.pdf", "new.pdf", "new2.pdf"]);
  });

  test("Save All twice adds nothing the second time: rows already there are skipped and counted", async () => {
    const pairs = [["intent", "save-all"], ...row(0, "a.pdf", "hp-latex-800"), ...row(1, "b.pdf", "zund-g3")] as [string, string][];
    expect(await visibleHtml(await postForm(pm, path(), pairs))).toContain("2 file(s) saved successfully");
    // The same post again (Back and resend without JavaScript): nothing new.
    expect(await visibleHtml(await postForm(pm, path(), pairs))).toContain("0 file(s) saved successfully \u00b7 2 already there, skipped");
    expect(files()).toHaveLength(2);
  });

  test("the trash icon asks first, naming the file, its machine queue and its items; Cancel keeps it and the typed rows", async () => {
    const [a, b] = createMachineFiles(
      [
        { fileName: "fence.pdf", machine: "hp-latex-800", projectId },
        { fileName: "loose.pdf", machine: "zund-g3", projectId },
      ],
      system,
    );
    createMachineFiles([{ fileName: "other.pdf", machine: "hp-latex-800" }], system);
    await pm.request(`/api/items/${itemId}/assign-file`, { method: "POST", json: { fileId: a!.id, fileType: "print" } });
    const rows = [...row(0, "fence.pdf", "hp-latex-800", "", a!.id), ...row(1, "loose.pdf", "zund-g3", "", b!.id), ...row(2, "typed.pdf", "")];
    const ask = await postForm(pm, path(), [["intent", "confirm-delete:0"], ...rows]);
    expect(ask.status).toBe(200);
    const html = await visibleHtml(ask);
    expect(html).toContain("Delete Machine File");
    expect(html).toContain('Are you sure you want to delete "fence.pdf"? This action cannot be undone.');
    expect(html).toContain("Waiting in the HP Latex 800 queue, 1st of 2.");
    expect(html).toContain("Assigned to Fence banner (print file): that item loses this file.");
    expect(html).toContain('value="delete:0"');
    expect(html).toContain('value="typed.pdf"');
    expect(files()).toHaveLength(3);

    const keep = await visibleHtml(await postForm(pm, path(), [["intent", "keep"], ...rows]));
    expect(keep).not.toContain("Delete Machine File");
    expect(keep).toContain('value="typed.pdf"');
    expect(files()).toHaveLength(3);

    const loose = await visibleHtml(await postForm(pm, path(), [["intent", "confirm-delete:1"], ...rows]));
    expect(loose).toContain("Waiting in the Zund G3 queue, 1st of 1.");
    expect(loose).toContain("Not assigned to any item.");

    const del = await postForm(pm, path(), [["intent", "delete:0"], ...rows]);
    expect(del.status).toBe(200);
    const after = await visibleHtml(del);
    expect(after).toContain("Machine file deleted successfully.");
    expect(after).toContain('value="typed.pdf"');
    expect(
      files()
        .map((f) => f.fileName)
        .sort(),
    ).toEqual(["loose.pdf", "other.pdf"]);
    // Asking about a file someone else deleted meanwhile says so.
    const gone = await postForm(pm, path(), [["intent", "confirm-delete:0"], ...rows]);
    expect(gone.status).toBe(404);
    expect(await visibleHtml(gone)).toContain("This file was already deleted.");
  });

  test("only the project keys open it", async () => {
    expect((await operator.request(path())).status).toBe(403);
    expect((await signedOut.request(path())).status).toBe(401);
    expect((await pm.request("/projects/99999/machine-files/spreadsheet")).status).toBe(404);
  });
});
