// What a newcomer trips on, clicked through with JavaScript on and off: a fresh shop's way to its first item, the
// ways into every screen, the team member form's two department settings and the greeting of a member without keys,
// the items search, and the words of running timers, possessives, drag-and-drop and the QR image upload.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { startAppServer } from "./app-server";
import { DEMO, expect, test, waitForHydration } from "./fixtures";

/** A port for this file's own servers, clear of the workers' (E2E_PORT + worker index). */
const freshPort = () => Number(process.env.E2E_PORT ?? 3510) + 40 + test.info().parallelIndex;

async function signInAt(page: Page, origin: string, pin: string) {
  const res = await page.request.post(`${origin}/api/auth/verify-pin`, { data: { pinCode: pin }, headers: { Origin: origin } });
  expect(res.status(), await res.text()).toBe(200);
}

async function open(page: Page, js: boolean, url: string) {
  await page.goto(url);
  if (js) await waitForHydration(page);
}

test.describe("a fresh shop without demo data", () => {
  test("reaches its first item: Materials on the checklist, 'Add a material' from Add Item and back", async ({ page, js }) => {
    test.setTimeout(90_000);
    const dataDir = mkdtempSync(path.join(process.env.SHOPFLOW_E2E_DATA_DIR ?? tmpdir(), "fresh-"));
    const server = await startAppServer({ port: freshPort(), dataDir, emptyShopAdminPin: "4321" });
    try {
      const origin = server.url;
      await signInAt(page, origin, "4321");
      const api = async (url: string, data: object) => {
        const res = await page.request.post(`${origin}${url}`, { data, headers: { Origin: origin } });
        expect(res.status(), await res.text()).toBe(201);
        return (await res.json()) as { id: number };
      };

      await open(page, js, `${origin}/`);
      const checklist = page.getByTestId("setup-checklist");
      await expect(checklist.getByRole("listitem")).toHaveText([/departments/, /machine stations/, /products/, /materials/, /workflow/, /team/]);
      await checklist.getByRole("link", { name: /Add your materials/ }).click();
      await expect(page).toHaveURL(/\/settings\?tab=materials$/);
      await expect(page.getByText("No material types configured yet.")).toBeVisible();

      // Everything else a first project needs, quickly through the API.
      for (const name of ["Pre-Production", "Production"]) await api("/api/departments", { name });
      await api("/api/categories", { name: "Channel Letters", departmentSequence: ["pre-production", "production"] });
      const wf = await api("/api/workflows", { name: "Standard", departmentSequence: ["pre-production", "production"] });
      const project = await api("/api/projects", { name: "Acme Letters", description: "Front sign", priority: "medium", workflowId: wf.id });

      await open(page, js, `${origin}/projects/${project.id}`);
      await page.getByRole("link", { name: "Add First Item" }).click();
      const dialog = js ? page.getByRole("dialog", { name: "Add Item" }) : page.getByRole("region", { name: "Add Item" });
      await expect(dialog.getByText("No materials yet.")).toBeVisible();
      await dialog.getByRole("link", { name: "Add a material" }).click();

      const material = js ? page.getByRole("dialog", { name: "Add Material" }) : page.getByRole("region", { name: "Add Material" });
      await material.getByLabel("Name").fill("Aluminum");
      await material.getByLabel("Category").fill("Metal");
      await material.getByRole("button", { name: "Create Material" }).click();

      // Back on the item form, with the new material offered.
      await expect(page).toHaveURL(new RegExp(`/projects/${project.id}\\?dialog=add-item$`));
      const item = js ? page.getByRole("dialog", { name: "Add Item" }) : page.getByRole("region", { name: "Add Item" });
      await item.getByLabel("Item name").fill("Letter A");
      await item.getByLabel("Product category").selectOption("Channel Letters");
      await item.getByLabel("Material").selectOption("Aluminum");
      await item.getByRole("button", { name: "Create Item" }).click();
      await expect(page.getByRole("link", { name: "Letter A" }).first()).toBeVisible();
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
