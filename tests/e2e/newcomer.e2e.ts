// What a newcomer trips on, clicked through with JavaScript: a fresh shop's way to its first item, the ways into
// every screen, the team member form's two department settings and the greeting of a member without keys, the items
// search, and the words of drag-and-drop and the QR image upload. Without JavaScript every one of these flows is
// tests/request/newcomer-no-js.test.ts; the fresh shop's walk also runs in a browser without it (its dialogs are
// panels on the page), as this area's smoke walk.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { startAppServer } from "./app-server";
import { DEMO, expect, test, waitForHydration } from "./fixtures";
import { adminApi, createMember, createRecord, untilKeyboardDragListens } from "./helpers";

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
  test("reaches its first item: Materials on the checklist, 'Add a material' from Add Item and back", { tag: "@no-js" }, async ({ page, js }) => {
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
      await expect(checklist.getByRole("listitem")).toHaveText([
        /departments/,
        /machine stations/,
        /products/,
        /materials/,
        /workflow/,
        /team/,
        /shop.s address/,
      ]);
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
      // 'Add a material' takes what was typed along and brings it back (a button of the form, with JavaScript and without).
      await dialog.getByLabel("Item name").fill("Letter A");
      await dialog.getByLabel("Product category").selectOption("Channel Letters");
      await dialog.getByRole("button", { name: "Add a material" }).click();

      const material = js ? page.getByRole("dialog", { name: "Add Material" }) : page.getByRole("region", { name: "Add Material" });
      await material.getByLabel("Name").fill("Aluminum");
      await material.getByLabel("Category").fill("Metal");
      await material.getByRole("button", { name: "Create Material" }).click();

      // Back on the item form as it was typed, with the new material chosen.
      await expect(page).toHaveURL(new RegExp(`/projects/${project.id}\\?dialog=add-item&typed-name=Letter\\+A&.*typed-material=Aluminum$`));
      const item = js ? page.getByRole("dialog", { name: "Add Item" }) : page.getByRole("region", { name: "Add Item" });
      await expect(item.getByLabel("Item name")).toHaveValue("Letter A");
      await expect(item.getByLabel("Product category")).toHaveValue("Channel Letters");
      await expect(item.getByLabel("Material")).toHaveValue("Aluminum");
      await item.getByRole("button", { name: "Create Item" }).click();
      await expect(page.getByRole("link", { name: "Letter A" }).first()).toBeVisible();
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** A new project with one item, through the administrator's API: what a test scans or searches. */
async function projectWithItem(api: import("@playwright/test").APIRequestContext, projectName: string, itemName: string, category = "Channel Letters") {
  const workflows = (await (await api.get("/api/workflows")).json()) as { id: number }[];
  const project = await createRecord(api, "projects", { name: projectName, description: "e2e", priority: "medium", workflowId: workflows[0]!.id });
  const item = await createRecord(api, "items", { name: itemName, category, material: "3M IJ180 Vinyl", quantity: 1, projectId: project.id });
  return { projectId: project.id, itemId: item.id };
}

test.describe("team members and their keys", () => {
  test("the team member form explains Department against Accessible departments and offers no machine as a department", async ({ page, signIn }) => {
    await signIn(DEMO.admin);
    await open(page, true, "/settings?tab=team");
    await page.getByRole("link", { name: "Add Team Member" }).first().click();
    const form = page.getByRole("dialog", { name: "Add Team Member" });
    const department = form.getByLabel("Department", { exact: true });
    await expect(department).toHaveAccessibleDescription(
      /Their home department: where Back on a project page and Department Views take them\. It opens nothing by itself\./,
    );
    const options = await department.locator("option").allTextContents();
    expect(options).toContain("Pre-Production");
    expect(options).not.toContain("HP Latex 800");
    expect(options).not.toContain("Zund G3 Cutter");
    await expect(form.getByRole("group", { name: "Accessible departments" })).toHaveAccessibleDescription(
      /Their keys: the areas they may unlock with their PIN/,
    );
  });

  test("a member without keys is greeted on Home and runs a timer from the QR Timer", async ({ page, signIn, baseURL, clientIp }) => {
    const api = await adminApi(baseURL!, clientIp);
    const tag = `${test.info().project.name}-${Date.now()}`;
    const member = await createMember(api, `Nora ${tag}`, []);
    const { itemId } = await projectWithItem(api, `Keyless ${tag}`, `Sign ${tag}`);
    await api.dispose();

    await signIn(member);
    await open(page, true, "/");
    const welcome = page.getByTestId("no-keys");
    await expect(welcome.getByRole("heading", { name: `Welcome, ${member.name}` })).toBeVisible();
    await expect(welcome).toContainText("you have no department keys yet");
    await expect(welcome).toContainText(/Administrator.* can give you keys in Global Settings → Team Members\./);
    await expect(page.getByText("No Access Configured")).toHaveCount(0);
    await welcome.getByRole("link", { name: "Open the QR Timer" }).click();
    await expect(page).toHaveURL(/\/qr-scanner$/);
    await waitForHydration(page);
    await page.getByLabel("Scan or type a QR code or item ID").fill(String(itemId));
    await page.getByRole("button", { name: "Process" }).click();
    await expect(page.getByTestId("scan-result")).toContainText(`Sign ${tag}`);
    await expect(page.getByTestId("scan-result").getByText("Running")).toBeVisible();
  });
});

test.describe("every screen has a way in by clicking", () => {
  test("management: the side menu leads to Items, Workflows and Department Views, and Main Page says what it is", async ({ page, signIn }) => {
    await signIn(DEMO.admin);
    const menu = page.getByRole("navigation", { name: "Main menu" });
    for (const [entry, heading] of [
      [/^Items/, "Items"],
      [/^Workflows/, "Project Workflows"],
      [/^Department Views/, "Department Views"],
    ] as const) {
      await open(page, true, "/");
      await page.getByRole("banner").getByLabel("Open menu").click();
      await expect(menu.getByRole("link", { name: /Main Page/ })).toContainText("Department tiles");
      await menu.getByRole("link", { name: entry }).click();
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    }
  });

  test("a floor member: Home → Department Views → their own screen; locked cards are no links; Projects → Workflows", async ({ page, signIn }) => {
    await signIn(DEMO.james);
    await open(page, true, "/");
    await page.getByRole("navigation", { name: "More screens" }).getByRole("link", { name: "Department Views" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Department Views" })).toBeVisible();
    const locked = page.getByTestId("department-view").filter({ hasText: "Locked" });
    await expect(locked).toHaveCount(2);
    await expect(locked.getByRole("link")).toHaveCount(0);
    await page.getByRole("link", { name: /^Production/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Production Floor" })).toBeVisible();

    await open(page, true, "/");
    await page.getByRole("navigation", { name: "More screens" }).getByRole("link", { name: "Items" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Items" })).toBeVisible();
    await open(page, true, "/projects");
    await page.getByRole("main").getByRole("link", { name: "Workflows" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Project Workflows" })).toBeVisible();
  });
});

test.describe("the items list", () => {
  test("searches by name as you type, with the filters", async ({ page, signIn, baseURL, clientIp }) => {
    const api = await adminApi(baseURL!, clientIp);
    const tag = `Zq${test.info().project.name.replace("-", "")}${Date.now() % 100000}`;
    const { projectId } = await projectWithItem(api, `Search ${tag}`, `${tag} Channel Letters`);
    await createRecord(api, "items", { name: `${tag} Vinyl Banner`, category: "Vinyl Banner", material: "3M IJ180 Vinyl", quantity: 1, projectId });
    await api.dispose();

    await signIn(DEMO.james);
    await open(page, true, "/items");
    const search = page.getByRole("searchbox", { name: "Search by name" });
    await search.fill(`${tag.toLowerCase()} letters`);
    await expect(page).toHaveURL(/[?&]q=/);
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`${tag} Channel Letters`);

    // The category filter works with the search, and the field keeps it.
    await search.fill(tag);
    await expect(rows).toHaveCount(2);
    await page.getByLabel("Category").selectOption("Vinyl Banner");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`${tag} Vinyl Banner`);
    await expect(search).toHaveValue(tag);
  });
});

test.describe("drag and drop speaks in words", () => {
  // Rows are dragged only with JavaScript; without it the ↑/↓ buttons move them (tests/e2e/machine-files.e2e.ts and
  // tests/e2e/project-detail.e2e.ts, their @no-js tests).
  test("the machine queue and a project's workflow steps announce names and positions", async ({ page, signIn, baseURL, clientIp }) => {
    const api = await adminApi(baseURL!, clientIp);
    const tag = `${Date.now() % 1_000_000}`;
    const machine = await createRecord<{ value: string; name: string }>(api, "departments", { name: `Dnd Router ${tag}`, isMachine: true });
    const { projectId } = await projectWithItem(api, `Dnd ${tag}`, `Dnd item ${tag}`);
    const files = ["a", "b", "c"].map((n) => `${n}-${tag}.pdf`);
    expect(
      (
        await api.post("/api/machine-ready-files/bulk", { data: { files: files.map((fileName) => ({ fileName, machine: machine.value, projectId })) } })
      ).status(),
    ).toBe(201);
    await api.dispose();
    await signIn(DEMO.admin);
    const live = page.locator('[id^="DndLiveRegion"]');

    /** The place the last announcement gives ('Picked up … at position 1 of 3.', 'Moving … to position 2 of 3.'). */
    const announcedPlace = (text: string | null) => Number(/(?:at|to) position (\d+) of \d+\.$/.exec(text ?? "")?.[1] ?? Number.NaN);

    /** Picks up `handle`, moves it (`key` first) until the drag is over `target` ('position 2 of 3'), drops it. */
    async function drag(handle: import("@playwright/test").Locator, key: "ArrowDown" | "ArrowUp", target: string) {
      await handle.focus();
      await expect(page.locator('[id^="DndDescribedBy"]').first()).toHaveText(/press Space or Enter to pick it up/);
      await page.keyboard.press("Space");
      await expect(live).toHaveText(/^Picked up .* at position \d+ of \d+\.$/);
      await untilKeyboardDragListens(page);
      const wanted = Number(/^position (\d+) of/.exec(target)?.[1]);
      // Each key moves the row 25 px: as many as it takes to be over the target position (rows differ in height).
      // The announcement comes a render or more after the move, and on a busy machine later still, so a key may
      // go before it and carry the row past the target: the next key then goes back towards it, by the place the
      // announcement gives, until the row is announced over the target.
      const twoFrames = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      for (let i = 0; i < 16; i++) {
        const text = await live.textContent();
        const place = announcedPlace(text);
        // Over the target, and still so two frames later (an announcement late for the last key would change).
        if (text?.startsWith("Moving") && place === wanted) {
          await twoFrames();
          if ((await live.textContent()) === text) break;
          continue;
        }
        const towards = Number.isNaN(place) || place === wanted ? key : place < wanted ? "ArrowDown" : "ArrowUp";
        // Where the row is in the document (the page may scroll to keep it in view, so not on the screen).
        const at = () => handle.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
        const before = await at();
        await page.keyboard.press(towards);
        // The key has been handled once the dragged row has moved.
        await expect.poll(at).not.toBe(before);
        // The announcement is drawn in the render after the one that moved the row: two frames before reading it.
        await twoFrames();
      }
      await expect(live).toHaveText(new RegExp(`^Moving .* to ${target}\\.$`));
      await page.keyboard.press("Space");
    }

    await open(page, true, `/production/${encodeURIComponent(machine.value)}`);
    await drag(page.getByRole("button", { name: `Drag ${files[0]} to reorder` }), "ArrowDown", "position 2 of 3");
    await expect(live).toHaveText(`Moved ${files[0]} to position 2 of 3.`);

    await open(page, true, `/projects/${projectId}`);
    const handles = page.getByRole("button", { name: /^Drag .* to reorder$/ });
    const first = ((await handles.first().getAttribute("aria-label")) ?? "").replace(/^Drag | to reorder$/g, "");
    const count = await handles.count();
    expect(count).toBeGreaterThan(1);
    await drag(handles.first(), "ArrowDown", `position 2 of ${count}`);
    await expect(live).toHaveText(`Moved ${first} to position 2 of ${count}.`);
  });
});

test.describe("the QR Timer's image upload", () => {
  // The upload reads the picture in the browser; without JavaScript the page says it needs JavaScript
  // (tests/request/newcomer-no-js.test.ts).
  test("a PDF given to 'Upload QR image' is told it is not an image", async ({ page, signIn }) => {
    await signIn(DEMO.james);
    await open(page, true, "/qr-scanner");
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "Front Letters label.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n") });
    await expect(page.locator("#qr-message")).toHaveText(
      "“Front Letters label.pdf” is a PDF, not an image. Upload a photo or screenshot of the label (JPEG or PNG), or scan the printed label.",
    );
    await expect(page.getByText("No QR code found in the uploaded image")).toHaveCount(0);
  });
});
