import { beforeEach, expect, test } from "bun:test";
import { type Client, type createApp, createClient, hooks } from "../helpers/app";
import { type HtmlPage, open } from "../helpers/html-form";
import { bakery, seedShop } from "../helpers/shop";

const { getShopSettings } = hooks;

// Home's 'Set up your shop' without JavaScript (docs/product.md, Global Settings → Shop address): a manager who
// opened Shopflow at the server's name sees that address offered and confirms it with the step's one button (a
// plain form); labels then carry it, and the same server reached under another name answers 'Unknown host'.
// tests/e2e/shop-address.e2e.ts walks the same with JavaScript, with Chromium resolving the names.

const SHOP = "http://shop.test:3000";
const OTHER = "http://elsewhere.test:3000";

/**
 * The page as a browser's parser reads it: linkedom keeps React's spelling of attribute names (noValidate,
 * maxLength, readOnly), which HTML parsers lowercase, so tests/helpers/html-form.ts's checks would not see them.
 */
function parsed(page: HtmlPage): HtmlPage {
  for (const el of page.$$("*")) {
    for (const a of [...el.attributes]) if (a.name !== a.name.toLowerCase()) el.setAttribute(a.name.toLowerCase(), a.value);
  }
  return page;
}

let app: ReturnType<typeof createApp>;
let admin: Client;
let itemId: number;

beforeEach(async () => {
  ({
    app,
    clients: { admin },
    itemIds: [itemId],
  } = await seedShop({
    ipBase: "10.63.0",
    members: { admin: { name: "Ada", pin: "4321", keys: ["management"] } },
    ...bakery(["Production"]),
    items: [{ name: "Fence banner", category: "Banner" }],
  }));
});

/**
 * A browser that opened Shopflow at `base` (its requests carry that host and, for writes, that origin), with the
 * cookies of `as`: the same session under the shop's name.
 */
function browserAt(base: string, as: Client): Client {
  const handler = ((req: Request, socket: unknown) => {
    const url = new URL(req.url);
    const headers = new Headers(req.headers);
    if (headers.has("origin")) headers.set("origin", base);
    const moved = new Request(`${base}${url.pathname}${url.search}`, { method: req.method, headers, body: req.body, redirect: "manual" });
    return app.fetch(moved, socket as Parameters<typeof app.fetch>[1]);
  }) as unknown as Parameters<typeof createClient>[0];
  const browser = createClient(handler, "10.63.0.50");
  for (const [k, v] of as.cookies()) browser.cookies().set(k, v);
  return browser;
}

test("Home's step offers the address this browser uses; its one button saves it; labels carry it; another name is refused", async () => {
  const shop = browserAt(SHOP, admin);
  let home = await open(shop, "/").then(parsed);
  const step = home.$('[data-testid="setup-shopAddress"]');
  expect(step?.getAttribute("data-done")).toBe("false");
  expect(home.textOf('[data-testid="setup-shopAddress"]')).toContain(`This browser uses ${SHOP}`);
  home = await home
    .form({ button: `Use ${SHOP}` })
    .submit(`Use ${SHOP}`)
    .then(parsed);
  expect(home.redirects.at(-1)).toBe("/");
  expect(home.status).toBe(200);
  expect(home.$$('[role="status"]').some((el) => (el.textContent ?? "").includes("Shop address saved"))).toBe(true);
  expect(home.$('[data-testid="setup-shopAddress"]')?.getAttribute("data-done") ?? "gone").not.toBe("false");
  expect(getShopSettings().shopAddress).toBe(SHOP);

  // Labels carry it, even in a browser that opened Shopflow as localhost (the server's own screen).
  const qr = await open(admin, `/items/${itemId}?dialog=qr`).then(parsed);
  expect(qr.text()).toContain(`${SHOP}/qr/${itemId}`);
  expect(qr.$('[data-testid="shop-address-notice"]')).toBeNull();

  // The same server under a name it does not answer to.
  const other = await open(browserAt(OTHER, admin), "/");
  expect(other.status).toBe(421);
  expect(other.text()).toContain("Unknown host");
  expect(
    other
      .$$("a")
      .find((a) => (a.textContent ?? "").trim() === `Open ${SHOP}`)
      ?.getAttribute("href"),
  ).toBe(`${SHOP}/`);
});
