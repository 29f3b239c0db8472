import { beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import type { Client } from "../helpers/app";
import { open, type HtmlPage } from "../helpers/html-form";
import { seedShop } from "../helpers/shop";
import { hooks } from "../helpers/app";

const { getDb } = hooks;

// The project detail screen without JavaScript, through the page's own links and forms (tests/helpers/html-form.ts):
// a step is scheduled and assigned in its row, the order changes with ↑, an item is added, its QR label and the
// project's labels are linked, its timer reset, a design PDF uploaded and viewed, the item and the project deleted;
// a step save refused because someone else changed the date. The browser walks are tests/e2e/project-detail.e2e.ts.

const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

let pm: Client;
let other: Client;
let projectId: number;

beforeEach(async () => {
  const sequence = ["pre-production", "production", "installation"];
  ({
    clients: { pm, other },
    projectIds: [projectId],
  } = await seedShop({
    ipBase: "10.44.2",
    members: {
      pm: { name: "Pat PM", pin: "1111", keys: ["management"] },
      other: { name: "Oscar Other", pin: "3333", keys: ["project-management"] },
      maria: { name: "Maria Lopez", pin: "2222", keys: ["production"] },
    },
    departments: ["Pre-Production", "Production", "Installation"],
    categories: [{ name: "Channel Letters", departmentSequence: sequence }],
    materials: [{ name: "Aluminum", category: "Metal" }],
    workflow: { name: "Standard", departmentSequence: sequence },
    projects: [{ name: "Storefront Letters", description: "Storefront letters", priority: "rush" }],
  }));
});

const steps = () => getDb().select().from(schema.projectWorkflowSteps).orderBy(schema.projectWorkflowSteps.sortOrder).all();
/** The department names of the step rows, in the order the page shows them. */
const stepRows = (p: HtmlPage) => p.$$('section[aria-label="Workflow Steps"] tbody tr').map((r) => r.querySelector("td")?.textContent?.trim());
/** A link's target, checked to be a PDF as a new tab would get it. */
async function expectPdfLink(p: HtmlPage, name: string, href: string) {
  const link = p.$$("a[href]").find((a) => (a.getAttribute("aria-label") ?? a.textContent?.trim()) === name);
  expect(link?.getAttribute("href")).toBe(href);
  expect(link?.getAttribute("target")).toBe("_blank");
  const res = await pm.request(href);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
}

test("steps, items and the design of a new project through the page's forms", async () => {
  let p = await open(pm, `/projects/${projectId}`);
  expect(p.textOf("h1")).toBe("Storefront Letters");
  expect(p.text()).toContain("RUSH");
  expect(p.text()).toContain("Not scheduled");
  expect(stepRows(p)).toEqual(["Pre-Production", "Production", "Installation"]);

  // Schedule and assign the first step in its row.
  p = await p.click("Edit Pre-Production step");
  p = await p
    .form({ button: "Save", field: "stepId" })
    .fill({ startDate: "2026-12-01", endDate: "2026-12-04", percentComplete: "50", teamMemberIds: [String(memberId("Maria Lopez"))] })
    .submit("Save");
  expect(p.text()).toContain("Step Updated");
  const first = p.textOf('section[aria-label="Workflow Steps"] tbody tr');
  expect(first).toContain("50%");
  expect(first).toContain("Maria Lopez");
  expect(p.text()).toContain("Dec 1, 2026 – Dec 4, 2026");

  // Change the dates it now has: the row opens with the saved days, which the save must not take for stale.
  p = await p.click("Edit Pre-Production step");
  const row = p.form({ button: "Save", field: "stepId" });
  expect(row.element.ownerDocument.querySelector('input[name="startDate"]')?.getAttribute("value")).toBe("2026-12-01");
  p = await row.fill({ endDate: "2026-12-09", startDate: "2026-12-02" }).submit("Save");
  expect(p.text()).toContain("Dec 2, 2026 – Dec 9, 2026");
  expect(p.text()).not.toContain("Update Failed");
  expect(p.text()).not.toMatch(/changed by someone else/);
  expect(steps()[0]).toMatchObject({ percentComplete: 50, department: "pre-production" });

  // ↑ on the second step makes it the first.
  p = await p.form({ button: "Move Production up" }).submit("Move Production up");
  expect(p.text()).toContain("Workflow steps reordered successfully");
  expect(stepRows(p)).toEqual(["Production", "Pre-Production", "Installation"]);
  expect(steps().map((s) => s.department)).toEqual(["production", "pre-production", "installation"]);

  // Add an item.
  p = await p.click("Add First Item");
  p = await p.form({ button: "Create Item" }).fill({ name: "Letter S", category: "Channel Letters", material: "Aluminum" }).submit("Create Item");
  expect(p.text()).toContain("Item created successfully with QR code!");
  expect(p.textOf('section[aria-labelledby="items-heading"] table')).toContain("Letter S");
  const item = getDb().select().from(schema.items).all()[0]!;
  expect(item).toMatchObject({ name: "Letter S", projectId });

  // Its QR label as a panel with the label's PDF; the project's labels from the header.
  const qr = await p.click("QR code of Letter S");
  expect(qr.url.search).toBe(`?dialog=qr&item=${item.id}`);
  const panel = 'section[aria-label="QR Code"]';
  expect(qr.$(`${panel} img[alt="QR code for Letter S"]`)).not.toBeNull();
  expect(qr.textOf(panel)).toMatch(new RegExp(`/qr/${item.id}\\b`));
  await expectPdfLink(qr, "Label PDF", `/items/${item.id}/label.pdf`);
  await expectPdfLink(p, "Print all labels", `/projects/${projectId}/labels.pdf`);

  // A reset of its timer asks first.
  getDb().update(schema.items).set({ totalTimeSeconds: 600 }).where(eq(schema.items.id, item.id)).run();
  p = await (await p.click("Reset timer of Letter S")).form({ button: "Reset Timer" }).submit("Reset Timer");
  expect(p.text()).toContain("Timer reset successfully.");
  expect(getDb().select().from(schema.items).all()[0]!.totalTimeSeconds).toBe(0);

  // Upload the design (a multipart form), then view it.
  p = asBrowserParses(await p.click("Add Design"));
  p = await p
    .form({ button: "Upload" })
    .fill({ file: new File([PDF], "storefront.pdf", { type: "application/pdf" }) })
    .submit("Upload");
  expect(p.text()).toContain("Design uploaded successfully!");
  const viewer = await p.click("View Design");
  const proxy = viewer.link("Open in New Tab");
  const pdf = await pm.request(new URL(proxy).pathname + new URL(proxy).search);
  expect(pdf.headers.get("content-type")).toBe("application/pdf");
  expect(await pdf.text()).toBe(PDF);

  // Delete the item.
  p = await open(pm, `/projects/${projectId}`);
  p = await (await p.click("Delete Letter S")).form({ button: "Delete" }).submit("Delete");
  expect(p.text()).toContain("Item deleted successfully");
  expect(p.link("Add First Item")).toContain(`/projects/${projectId}?dialog=add-item`);
  expect(getDb().select().from(schema.items).all()).toHaveLength(0);

  // Delete the project from the list: its steps and design go with it.
  p = await open(pm, `/projects?dialog=delete-project&id=${projectId}`);
  p = await p.form({ button: "Delete Project" }).submit("Delete Project");
  expect(p.url.pathname).toBe("/projects");
  expect(p.text()).toContain("Project deleted successfully!");
  expect((await pm.request(`/api/projects/${projectId}`)).status).toBe(404);
  expect(steps()).toHaveLength(0);
  expect((await pm.request(new URL(proxy).pathname + new URL(proxy).search)).status).toBe(404);
  // About forty requests: room for a busy machine.
});

test("a step save refused because someone else changed the date says so, with the row still open; another field's change is kept", async () => {
  const stepId = steps()[0]!.id;
  const patch = async (json: object) => expect((await other.request(`/api/workflow-steps/${stepId}`, { method: "PATCH", json })).status).toBe(200);
  await patch({ startDate: "2026-12-01", endDate: "2026-12-11" });

  let p = await open(pm, `/projects/${projectId}?edit-step=${stepId}`);
  const opened = p.form({ button: "Save", field: "stepId" });
  expect(p.$('input[name="startDate"]')?.getAttribute("value")).toBe("2026-12-01");
  // Someone else moves the start while this row is open.
  await patch({ startDate: "2026-12-03" });
  p = await opened.fill({ startDate: "2026-12-02" }).submit("Save");
  expect(p.status).toBe(409);
  expect(p.$$('[role="alert"]').map((a) => a.textContent)).toContain("This workflow step was changed by someone else. Reload to see the latest.");
  expect(p.text()).toContain("Update Failed");
  // The row is still open with what was typed.
  expect(p.$(`#step-${stepId}-form`)).not.toBeNull();
  expect(p.$('input[name="startDate"]')?.getAttribute("value")).toBe("2026-12-02");
  expect(steps()[0]!.startDate!.toISOString()).toBe("2026-12-03T18:00:00.000Z");

  // Opened again, only the percent is changed while someone else moves the end: both changes stay.
  p = await open(pm, `/projects/${projectId}?edit-step=${stepId}`);
  const again = p.form({ button: "Save", field: "stepId" });
  expect(p.$('input[name="endDate"]')?.getAttribute("value")).toBe("2026-12-11");
  await patch({ endDate: "2026-12-18" });
  p = await again.fill({ percentComplete: "40" }).submit("Save");
  expect(p.text()).toContain("Step Updated");
  expect(steps()[0]).toMatchObject({ percentComplete: 40 });
  expect(steps()[0]!.endDate!.toISOString()).toBe("2026-12-18T18:00:00.000Z");
});

test("an unknown project: 'Project not found' with Back to the projects list", async () => {
  const p = await open(pm, "/projects/987654");
  expect(p.status).toBe(404);
  expect(p.textOf("h1")).toBe("Project not found");
  const back = await p.click("Back");
  expect(back.url.pathname).toBe("/projects");
  expect(back.status).toBe(200);
});

test("an item row's QR and View are links: the QR panel at the page's address, View the item's own page", async () => {
  const item = (await (
    await pm.request("/api/items", { method: "POST", json: { name: "Letter Q", category: "Channel Letters", material: "Aluminum", projectId } })
  ).json()) as { id: number };
  const p = await open(pm, `/projects/${projectId}`);
  const qr = await p.click("QR code of Letter Q");
  expect(qr.url.search).toBe(`?dialog=qr&item=${item.id}`);
  expect(qr.$('section[aria-label="QR Code"]')).not.toBeNull();
  const view = await p.click("View Letter Q");
  expect(view.url.pathname).toBe(`/items/${item.id}`);
  expect(view.textOf("h1")).toBe("Letter Q");
});

/**
 * A browser's HTML parser lowercases attribute names, so React's `encType=` and `noValidate=` are the form's enctype
 * and novalidate; linkedom keeps the case, and html-form.ts asks for the lowercase names.
 */
function asBrowserParses(page: HtmlPage): HtmlPage {
  for (const el of page.$$("*")) {
    for (const name of el.getAttributeNames()) {
      if (name !== name.toLowerCase() && !el.hasAttribute(name.toLowerCase())) el.setAttribute(name.toLowerCase(), el.getAttribute(name)!);
    }
  }
  return page;
}

function memberId(name: string): number {
  return getDb().select().from(schema.teamMembers).where(eq(schema.teamMembers.name, name)).get()!.id;
}
