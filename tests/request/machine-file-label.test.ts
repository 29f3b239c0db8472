import { beforeEach, expect, test } from "bun:test";
import { addMember, createApp, visibleHtml, type Client, hooks } from "../helpers/app";

const { createMachineFiles, getMachineFileLabel } = hooks;

// The printed QR label of a machine file (/machine-files/{id}/print) and the file it reads: the machine's name,
// the project, the first item and who assigned it, in one read.

let app: ReturnType<typeof createApp>;
let admin: Client;
const system = { id: null, name: "test" };

beforeEach(async () => {
  app = createApp();
  addMember("Ada", "4321", ["management"]);
  admin = app.client("10.0.0.1");
  await admin.signIn("4321");
  await admin.request("/api/departments", { method: "POST", json: { name: "HP Latex 800", isMachine: true } });
  await admin.request("/api/categories", { method: "POST", json: { name: "Banner", departmentSequence: ["hp-latex-800"] } });
});

test("a file's label names its machine, project, item and owner; a file with none of them says so", async () => {
  const wf = await (await admin.request("/api/workflows", { method: "POST", json: { name: "W", departmentSequence: ["hp-latex-800"] } })).json();
  const projectId = (
    await (await admin.request("/api/projects", { method: "POST", json: { name: "Bakery", description: "d", priority: "high", workflowId: wf.id } })).json()
  ).id;
  const itemId = (
    await (await admin.request("/api/items", { method: "POST", json: { name: "Fence banner", category: "Banner", material: "Vinyl", projectId } })).json()
  ).id;
  const [a, b] = createMachineFiles(
    [
      { fileName: "fence.pdf", machine: "hp-latex-800", description: "Gloss", projectId },
      { fileName: "loose.pdf", machine: "hp-latex-800" },
    ],
    system,
  );
  await admin.request(`/api/items/${itemId}/assign-file`, { method: "POST", json: { fileId: a!.id, fileType: "print" } });

  expect(getMachineFileLabel(a!.id)).toMatchObject({
    id: a!.id,
    fileName: "fence.pdf",
    machine: "hp-latex-800",
    machineName: "HP Latex 800",
    projectName: "Bakery",
    projectPriority: "high",
    itemId,
    itemName: "Fence banner",
    itemCategory: "Banner",
    itemMaterial: "Vinyl",
    fileOwnerName: "Ada",
  });
  expect(getMachineFileLabel(a!.id)!.fileAssignedAt).toBeInstanceOf(Date);
  expect(getMachineFileLabel(b!.id)).toMatchObject({
    fileName: "loose.pdf",
    machineName: "HP Latex 800",
    projectName: null,
    itemName: null,
    fileOwnerName: null,
  });
  expect(getMachineFileLabel(999_999)).toBeUndefined();

  const page = await visibleHtml(await admin.request(`/machine-files/${a!.id}/print`));
  expect(page).toContain("fence.pdf");
  expect(page).toContain("HP Latex 800");
  expect(page).toContain("Bakery");
  expect((await admin.request("/machine-files/999999/print")).status).toBe(404);
});
