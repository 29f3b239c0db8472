// Capacity, calendar and the expected finish (docs/decisions/0038-finish-date-forecast.md), with JavaScript: Global
// Settings → Capacity and calendar saves the shop's week and a department's people, and the project page says when
// the project is expected to finish. It puts back what it changed in the worker's demo shop. Without JavaScript the
// same forms and links: tests/request/forecast-no-js.test.ts.
import type { Page } from "@playwright/test";
import { DEMO, expect, test, toast, waitForHydration } from "./fixtures";

async function openCapacity(page: Page) {
  const res = await page.goto("/settings/capacity");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Capacity and calendar", level: 1 })).toBeVisible();
  await waitForHydration(page);
}

async function resetCalendar(page: Page) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.patch("/api/shop-settings", {
    data: { workingDays: [1, 2, 3, 4, 5], dayStartMinutes: 480, dayHours: 8, holidays: [] },
    headers: { origin },
  });
  expect(res.status()).toBe(200);
}

test("the shop's week and a department's people are saved from the settings page; the project page says when the project is expected to finish, and previews it as rush", async ({
  page,
  signIn,
}) => {
  await signIn(DEMO.admin);
  await openCapacity(page);

  await test.step("the shop's week and holidays are saved", async () => {
    try {
      const week = page.getByRole("region", { name: "The shop's week" });
      await week.getByRole("checkbox", { name: "Sat" }).check();
      await week.getByLabel("Work starts at").fill("07:30");
      await week.getByLabel("Hours in a working day").fill("9");
      await week.getByLabel("Holidays (days the shop is closed)").fill("2026-12-25\n2026-12-24");
      await week.getByRole("button", { name: "Save calendar" }).click();
      await expect(page.getByText("Now: Monday to Saturday, from 7:30 AM for 9 hours")).toBeVisible();
      await expect(page.getByRole("list", { name: "Saved holidays" }).getByRole("listitem")).toHaveText(["Thu, Dec 24", "Fri, Dec 25"]);
      await expect(toast(page, true, "Calendar saved")).toBeVisible();
    } finally {
      await resetCalendar(page);
    }
  });

  await test.step("a department's people are saved; with none it has no capacity, and says so", async () => {
    await openCapacity(page);
    const people = page.getByLabel("People in Quality Control");
    try {
      await people.fill("0");
      await page.getByRole("button", { name: "Save capacity" }).click();
      await expect(toast(page, true, "Capacity saved")).toBeVisible();
      await expect(page.getByRole("row", { name: /Quality Control/ })).toContainText("None: its items get no expected finish");
    } finally {
      await openCapacity(page);
      await page.getByLabel("People in Quality Control").fill("1");
      await page.getByRole("button", { name: "Save capacity" }).click();
      await expect(page.getByRole("row", { name: /Quality Control/ })).toContainText("8 h");
    }
  });

  await test.step("the project page says when the project is expected to finish, and previews it as rush", async () => {
    // A demo project that is not rush and still has work to do.
    const list = (await (await page.request.get("/api/projects")).json()) as { id: number; priority: string; status: string }[];
    let id: number | null = null;
    for (const p of list.filter((p) => p.priority !== "rush" && p.status === "active")) {
      const f = (await (await page.request.get(`/api/projects/${p.id}/forecast`)).json()) as { openItems: number; expectedFinish: string | null };
      if (f.openItems > 0 && f.expectedFinish) {
        id = p.id;
        break;
      }
    }
    expect(id, "a demo project with open items").not.toBeNull();
    await page.goto(`/projects/${id}`);
    await waitForHydration(page);
    await expect(page.getByTestId("expected-finish")).toHaveText(
      /^Expected to finish \w{3}, \w{3} \d{1,2}( — (\d+ working days? (after|before) the due date|on the due date|before the due date))?$/,
    );
    await page.getByRole("link", { name: "Preview as rush" }).click();
    const preview = page.getByRole("region", { name: "If this project were rush (a preview: nothing is saved)" });
    await expect(preview).toBeVisible();
    await expect(preview.getByTestId("rush-preview-finish")).toHaveText(/^Expected to finish \w{3}, \w{3} \d{1,2}/);
    await preview.getByRole("link", { name: "Close preview" }).click();
    await expect(preview).toBeHidden();
    await expect(page.getByRole("link", { name: "Preview as rush" })).toBeVisible();
  });
});
