// Badges hold single words or short phrases ('Stopped', 'Medium'): they stay whole on one line however a table
// squeezes its columns (a review found 'Stoppe/d' in a project's items table and 'Mediu/m' on /projects at
// 1024–1440 px, from badges that could break anywhere); on a phone the same tables become cards and nothing scrolls
// sideways. With JavaScript only: the badges and tables are the server's markup either way, and the same CSS lays
// them out.
import type { Locator, Page } from "@playwright/test";
import { DEMO, expect, test } from "./fixtures";
import { expectNoSidewaysScroll, visit } from "./helpers";

/** Each badge's text with the number of lines it takes (the distinct tops of its text's boxes), in one call. */
const lines = (badges: Locator) =>
  badges.evaluateAll((els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return `${el.textContent}: ${new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size}`;
    }),
  );

/** A project whose items have the demo shop's longest product and material names: the widest table it can make. */
async function crowdedProject(page: Page, baseURL: string) {
  const origin = new URL(baseURL).origin;
  const longest = (names: string[]) => [...names].sort((a, b) => b.length - a.length)[0]!;
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { id: number }[];
  const categories = (await (await page.request.get("/api/categories")).json()) as { name: string }[];
  const materials = (await (await page.request.get("/api/materials")).json()) as { name: string }[];
  const created = await page.request.post("/api/projects", {
    data: { name: `Badges ${Date.now()}`, description: "Badge widths", priority: "medium", workflowId: workflows[0]!.id },
    headers: { origin },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  for (const name of ["Double-Sided Illuminated Monument Cabinet", "Exterior Address Letters", "Lobby Wall Mural"]) {
    const item = await page.request.post("/api/items", {
      data: { name, category: longest(categories.map((c) => c.name)), material: longest(materials.map((m) => m.name)), quantity: 12, projectId: id },
      headers: { origin },
    });
    expect(item.status(), await item.text()).toBe(201);
  }
  return id;
}

test("badges stay whole in a project's items table and on /projects from 1024 to 1440 px; on a phone both are cards that fit", async ({
  page,
  baseURL,
  signIn,
}) => {
  await signIn(DEMO.admin);
  const id = await crowdedProject(page, baseURL!);

  await test.step("'Stopped' stays on one line in a project's items table at 1366 and 1024 px", async () => {
    for (const width of [1366, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await visit(page, true, `/projects/${id}`);
      const stopped = page.getByRole("table").getByText("Stopped", { exact: true });
      await expect(stopped).toHaveCount(3);
      await expect(stopped.first()).toBeVisible();
      expect(await lines(stopped), `at ${width} px`).toEqual(["Stopped: 1", "Stopped: 1", "Stopped: 1"]);
      await expectNoSidewaysScroll(page);
    }
  });

  await test.step("the project on a phone: cards, nothing scrolls sideways", async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await visit(page, true, `/projects/${id}`);
    await expect(page.getByText("Stopped", { exact: true }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  await test.step("priority badges stay whole on /projects at 1440, 1366 and 1024 px", async () => {
    for (const width of [1440, 1366, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await visit(page, true, "/projects");
      const badges = page.getByRole("table").getByText(/^(Rush|High|Medium|Low)$/);
      await expect(badges.first()).toBeVisible();
      const seen = await lines(badges);
      expect(seen.length).toBeGreaterThan(3);
      expect(
        seen.filter((l) => !l.endsWith(": 1")),
        `badges on more than one line at ${width} px`,
      ).toEqual([]);
      await expectNoSidewaysScroll(page);
    }
  });

  await test.step("/projects on a 360 px phone: cards, nothing scrolls sideways", async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    await visit(page, true, "/projects");
    await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
