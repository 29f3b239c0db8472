// Global Settings → Backups (docs/decisions/0044-automatic-backups.md), with JavaScript, on a phone: with BACKUP_DIR
// the page shows the last and the next backup, 'Back up now' makes one and the page then shows its time, size and
// folder, and nothing scrolls sideways. The page without BACKUP_DIR and 'Back up now' without JavaScript are
// request tests (tests/request/backups.test.ts).
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { startAppServer } from "./app-server";
import { DEMO, expect, test, waitForHydration } from "./fixtures";
import { expectNoSidewaysScroll } from "./helpers";

/** A port for this file's own server, clear of the workers' (E2E_PORT + worker index) and newcomer's (+40). */
const freshPort = () => Number(process.env.E2E_PORT ?? 3510) + 50 + test.info().parallelIndex;

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

test("with BACKUP_DIR: the next backup is shown, 'Back up now' makes one and the page shows it, on a phone too", async ({ page }) => {
  test.setTimeout(90_000);
  const parent = process.env.SHOPFLOW_E2E_DATA_DIR ?? tmpdir();
  const dataDir = mkdtempSync(path.join(parent, "backups-data-"));
  const backupDir = mkdtempSync(path.join(parent, "backups-nas-"));
  const server = await startAppServer({ port: freshPort(), dataDir, env: { BACKUP_DIR: backupDir, BACKUP_EVERY: "24h", BACKUP_KEEP: "7" } });
  try {
    const origin = server.url;
    await page.setViewportSize({ width: 390, height: 844 });
    const res = await page.request.post(`${origin}/api/auth/verify-pin`, { data: { pinCode: DEMO.admin.pin }, headers: { Origin: origin } });
    expect(res.status(), await res.text()).toBe(200);
    await open(page, `${origin}/settings/backups`);
    await expect(page.getByTestId("backup-last")).toContainText("None yet: the first one runs shortly after the server starts.");
    // Due a minute after the start (none was ever made).
    await expect(page.getByTestId("backup-next")).toContainText(/\d{4}, \d{1,2}:\d{2}:\d{2} [AP]M \((in \d+ seconds|in 1 minute|any moment now)\)/);
    await expect(page.getByTestId("backup-next")).toContainText("Shopflow backs up every day into");
    await expect(page.getByTestId("backup-next")).toContainText("keeps the newest 7");
    await expectNoSidewaysScroll(page);

    await page.getByRole("button", { name: "Back up now" }).click();
    await expect(page.getByText("Backup made", { exact: true })).toBeVisible();
    const [folder] = readdirSync(backupDir);
    expect(folder).toMatch(/^shopflow-auto-\d{8}-\d{6}$/);
    const last = page.getByTestId("backup-last");
    await expect(last).toContainText(path.join(backupDir, folder!));
    await expect(last).toContainText(/Size\s*\d+(\.\d)? (KB|MB)/);
    await expect(last).toContainText(/Took\s*\d+(\.\d)? m?s/);
    await expect(last).toContainText("(just now)");
    // The next one is a day after this one.
    await expect(page.getByTestId("backup-next")).toContainText("(in 24 hours)");
    await expect(page.getByTestId("backup-runs").getByRole("listitem")).toHaveCount(1);
    await expect(page.getByTestId("backup-runs")).toContainText("Made");
    await expectNoSidewaysScroll(page);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(backupDir, { recursive: true, force: true });
  }
});
