// The shop's address from Home's 'Set up your shop', with JavaScript: until it is set the QR dialog says phones need
// it; a manager who opened Shopflow at the server's name sees that address offered and confirms it with one click;
// labels then carry it, and the same server reached under another name answers 'Unknown host'. Chromium resolves
// the test names to this machine (--host-resolver-rules), as a shop's DNS or hosts file would. Without JavaScript
// the step is a plain form: tests/request/shop-address-no-js.test.ts.
import { DEMO, expect, test } from "./fixtures";
import { visit } from "./helpers";

const SHOP = "shop.test";
const OTHER = "elsewhere.test";

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      `--host-resolver-rules=MAP ${SHOP} 127.0.0.1, MAP ${OTHER} 127.0.0.1`,
      // Plain http to a name, as on a shop's network: no attempt at https first.
      "--disable-features=HttpsUpgrades,HttpsFirstBalancedModeAutoEnable",
    ],
  },
});

test("until the address is set the QR dialog says why; 'Set up your shop' offers the address this browser uses, one click saves it, another name is then refused", async ({
  page,
  context,
  baseURL,
  signIn,
}) => {
  const port = new URL(baseURL!).port;
  const shop = `http://${SHOP}:${port}`;
  await signIn(DEMO.admin);

  await test.step("until the address is set, the QR dialog says phones need it and why localhost cannot work", async () => {
    await visit(page, true, "/items/1?dialog=qr");
    const notice = page.getByTestId("shop-address-notice");
    await expect(notice).toContainText("Phones need the shop's address");
    await expect(notice).toContainText("on a phone, localhost is the phone itself");
    await notice.getByRole("link", { name: "Set the shop address" }).click();
    await expect(page.getByRole("heading", { name: "Shop address", level: 1 })).toBeVisible();
  });

  // The same session under the shop's name (a browser signed in there).
  const cookies = await context.cookies(baseURL!);
  await context.addCookies(cookies.map(({ name, value }) => ({ name, value, url: shop })));
  try {
    await visit(page, true, `${shop}/`);
    const step = page.getByTestId("setup-shopAddress");
    await expect(step).toContainText(`This browser uses ${shop}`);
    await step.getByRole("button", { name: `Use ${shop}` }).click();
    await expect(page.getByText("Shop address saved").first()).toBeVisible();
    await expect(page).toHaveURL(`${shop}/`);
    // That was the last step of the demo shop: the checklist is done and gone.
    await expect(page.getByTestId("setup-checklist")).toHaveCount(0);
    expect(((await (await page.request.get("/api/shop-settings")).json()) as { shopAddress: string }).shopAddress).toBe(shop);

    // Labels carry it, even in a browser that opened Shopflow as localhost (the server's own screen).
    await visit(page, true, "/items/1?dialog=qr");
    await expect(page.getByText(`${shop}/qr/1`, { exact: true })).toBeVisible();
    await expect(page.getByTestId("shop-address-notice")).toHaveCount(0);

    // The same server under a name it does not answer to.
    const other = await page.goto(`http://${OTHER}:${port}/`);
    expect(other?.status()).toBe(421);
    await expect(page.getByRole("heading", { name: "Unknown host" })).toBeVisible();
    await expect(page.getByRole("link", { name: `Open ${shop}` })).toBeVisible();
  } finally {
    // The worker's demo shop goes back to having no address (loopback is always answered).
    await page.request.patch("/api/shop-settings", { data: { shopAddress: null }, headers: { origin: new URL(baseURL!).origin } });
  }
});
