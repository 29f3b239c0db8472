// The TV board at the sizes wall TVs and old monitors run (1280×720, 1366×768), JavaScript on and off (without it the
// header holds a Refresh link where 'Live' is, and only a browser lays the columns out): one screen, no scrolling,
// only the departments work passes through, every department name whole, 'Next up' in view, and no line of text cut,
// sideways or at a column's bottom edge (an item that does not fit is left out whole).
import { DEMO, expect, test, waitForHydration } from "./fixtures";

test("the board at 1280×720 and 1366×768: names whole, 'Next up' in view, nothing cut", { tag: "@no-js" }, async ({ page, js, signIn }, testInfo) => {
  await signIn(DEMO.admin);
  for (const size of [
    { width: 1280, height: 720 },
    { width: 1366, height: 768 },
  ]) {
    await test.step(`${size.width}×${size.height}`, async () => {
      await page.setViewportSize(size);
      await page.goto("/board");
      // The board has no header to wait on: with JavaScript, wait until React owns its root.
      if (js) await waitForHydration(page);
      await expect(page.getByRole("heading", { name: "Shop Floor" })).toBeVisible();
      if (!js) await expect(page.getByTestId("live-refresh")).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`board-${size.width}.png`) });

      const report = await page.evaluate(() => {
        const within = (r: DOMRect, box: DOMRect) =>
          r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
        const apart = (r: DOMRect, box: DOMRect) =>
          r.right <= box.left + 0.5 || r.left >= box.right - 0.5 || r.bottom <= box.top + 0.5 || r.top >= box.bottom - 0.5;
        const doc = document.documentElement;
        // A column is a section named by its department's heading.
        const columns = [...document.querySelectorAll<HTMLElement>("section > h2[id^='board-']:not(#board-machines)")].map((h) => h.parentElement!);
        const problems: string[] = [];
        const names: string[] = [];
        let nextUp = 0;
        let items = 0;
        for (const col of columns) {
          const box = col.getBoundingClientRect();
          if (!within(box, new DOMRect(0, 0, innerWidth, innerHeight))) problems.push(`column ${col.dataset.testid} leaves the screen`);
          const name = col.querySelector<HTMLElement>(":scope > h2")!;
          names.push(name.textContent ?? "");
          if (name.scrollWidth > name.clientWidth || name.scrollHeight > name.clientHeight) problems.push(`name "${name.textContent}" overflows its cell`);
          if (!within(name.getBoundingClientRect(), box)) problems.push(`name "${name.textContent}" is cut by its column`);
          const lines = Math.round(name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight));
          if (lines > 2 && (name.textContent ?? "").length <= 20) problems.push(`name "${name.textContent}" takes ${lines} lines`);
          for (const h of col.querySelectorAll<HTMLElement>("h3")) {
            nextUp++;
            if (!within(h.getBoundingClientRect(), box)) problems.push(`'${h.textContent}' of ${name.textContent} is cut off`);
          }
          // Every item is shown whole, or not at all (moved out of the clipped box); its text never overflows.
          for (const li of col.querySelectorAll<HTMLElement>("ul > li")) {
            const r = li.getBoundingClientRect();
            const list = li.parentElement!.getBoundingClientRect();
            if (apart(r, list)) continue;
            items++;
            if (!within(r, list) || !within(r, box)) problems.push(`item "${li.textContent}" in ${name.textContent} is cut`);
            for (const el of [li, ...li.querySelectorAll<HTMLElement>("p, span")]) {
              if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== "inline")
                problems.push(`text "${el.textContent}" overflows sideways`);
            }
          }
        }
        if (doc.scrollHeight > innerHeight || doc.scrollWidth > innerWidth) problems.push(`the page scrolls (${doc.scrollWidth}×${doc.scrollHeight})`);
        return { problems, names, nextUp, items };
      });
      expect(report.problems).toEqual([]);
      // The demo shop's work goes through these; Project Management is in no workflow and holds no items.
      expect(report.names).toEqual(["Pre-Production", "Production", "Fabrication", "Quality Control", "Installation"]);
      expect(report.nextUp).toBeGreaterThan(0);
      expect(report.items).toBeGreaterThan(0);
    });
  }
});
