import { beforeEach, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { addMember, createApp, visibleHtml, hooks } from "../helpers/app";

const { knownDeviceId, getSecret, popToast, toastCookie } = hooks;

// Browsers keep the cookies an older Shopflow set across an upgrade: the session (an opaque token), a toast or a
// flash of the last minute, and the known-device id a floor PC keeps for 400 days. Made here byte for byte as the
// server before React Router's signed cookies made them (`value.signature`, an HMAC of 'purpose:value').

let app: ReturnType<typeof createApp>;
beforeEach(() => {
  app = createApp();
  addMember("Ada Admin", "4321", ["management"]);
});

const oldSign = (purpose: string, value: string) => `${value}.${createHmac("sha256", getSecret()).update(`${purpose}:${value}`).digest("base64url")}`;
const oldPayload = (data: unknown) => Buffer.from(JSON.stringify(data)).toString("base64url");
const header = (name: string, value: string) => `${name}=${encodeURIComponent(value)}`;

describe("cookies set before the upgrade", () => {
  test("a session cookie keeps its member signed in (its format did not change)", async () => {
    const ada = app.client();
    await ada.signIn("4321");
    const token = ada.cookies().get("shopflow_session")!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await app.client().request("/", { headers: { cookie: `shopflow_session=${token}` } });
    expect(res.status).toBe(200);
    expect(await visibleHtml(res)).toContain("Ada Admin");
    expect((await app.client().request("/api/team-members", { headers: { cookie: `shopflow_session=${token}` } })).status).toBe(200);
  });

  test("an old toast cookie shows nothing and is cleared, never a 500", async () => {
    const old = header("shopflow_toast", oldSign("toast", oldPayload({ id: "t1", title: "Old toast", variant: "default" })));
    const res = await app.client().request("/", { headers: { cookie: old } });
    expect(res.status).toBe(200);
    expect(await visibleHtml(res)).not.toContain("Old toast");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("shopflow_toast=;") && /Max-Age=0/.test(c))).toBe(true);
    expect((await popToast(new Request("http://localhost/", { headers: { cookie: old } }))).toast).toBeNull();
  });

  test("an old flash cookie on the QR Timer page shows nothing, never a 500", async () => {
    const ada = app.client();
    await ada.signIn("4321");
    const session = `shopflow_session=${ada.cookies().get("shopflow_session")}`;
    const old = header("shopflow_flash", oldSign("flash", oldPayload({ path: "/qr-scanner", data: { last: "ITEM-OLD-FLASH" } })));
    const res = await app.client().request("/qr-scanner", { headers: { cookie: `${session}; ${old}` } });
    expect(res.status).toBe(200);
    expect(await visibleHtml(res)).not.toContain("ITEM-OLD-FLASH");
  });

  test("an old known-device cookie keeps the floor PC known, and its next sign-in rewrites it with the same id", async () => {
    const id = "AbCdEfGhIjKlMnOpQrStUv";
    const old = header("shopflow_device", oldSign("known-device", id));
    expect(await knownDeviceId(new Request("http://localhost/", { headers: { cookie: old } }))).toBe(id);
    const res = await app.client().request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "4321" }, headers: { cookie: old } });
    expect(res.status).toBe(200);
    const renewed = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("shopflow_device="))!
      .split(";")[0]!;
    expect(renewed).not.toBe(old);
    expect(await knownDeviceId(new Request("http://localhost/", { headers: { cookie: renewed } }))).toBe(id);
  });

  test("cookies of ours that are forged, of another purpose or not cookies at all sign nobody in and break nothing", async () => {
    const id = "AbCdEfGhIjKlMnOpQrStUv";
    const genuineToast = (await toastCookie(new Request("http://localhost/"), { title: "Genuine" })).split(";")[0]!;
    const bad = [
      header("shopflow_device", `${id}.AAAA`),
      header("shopflow_device", oldSign("toast", id)),
      `shopflow_device=${genuineToast.split("=").slice(1).join("=")}`,
      "shopflow_device=%",
      "shopflow_toast=%E0%A4%A",
      "shopflow_toast=.",
      "shopflow_flash=e30",
      "shopflow_session=not-a-token",
    ];
    for (const cookie of bad) {
      const page = await app.client().request("/", { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(await visibleHtml(page)).not.toContain("Ada Admin");
      expect(await knownDeviceId(new Request("http://localhost/", { headers: { cookie } }))).toBeNull();
      const signIn = await app.client().request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "4321" }, headers: { cookie } });
      expect(signIn.status).toBe(200);
    }
  });
});
