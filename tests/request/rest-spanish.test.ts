import { beforeAll, describe, expect, test } from "bun:test";
import { addMember, type Client, createApp, hooks, visibleHtml } from "../helpers/app";

// Home's department tiles, their click's answers, the department keys' names, a form refused because the session
// ended, an unknown form and an API token refused Global Settings, in Spanish (decision 0049, docs/glossary-es.md)
// for a device that chose it; in English exactly as before for the others.

let app: ReturnType<typeof createApp>;
let ip = 0;
/** A fresh browser of its own address, in `lang` when given (the switch's cookie). */
const browser = (lang?: string) => {
  const c = app.client(`10.88.0.${++ip}`);
  if (lang) c.cookies().set("shopflow_lang", lang);
  return c;
};
const page = async (c: Client, path: string) => visibleHtml(await c.request(path));
/** The text of the tile `key` on a Home page, tags left out. */
const tileText = (html: string, key: string) => {
  const m = new RegExp(`data-testid="tile-${key}">([\\s\\S]*?)</button>`).exec(html);
  return (m?.[1] ?? "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
};
/** A tile's click without JavaScript: the form posts to Home, whose answer is a redirect and a toast for the next page. */
const clickTile = async (c: Client, key: string) => {
  const res = await c.request("/?index", { method: "POST", form: { tile: key } });
  expect(res.status).toBe(302);
  return { to: res.headers.get("location"), next: await page(c, res.headers.get("location")!) };
};

const SPANISH_TILES = {
  "pre-production": "Preproducción Flujos de trabajo de preparación",
  production: "Piso de producción Todas las estaciones y máquinas de producción",
  fabrication: "Fabricación Estaciones de fabricación interior y exterior",
  "project-management": "Gestión de proyectos Planificación y seguimiento de proyectos",
};
const ENGLISH_TILES = {
  "pre-production": "Pre-Production Setup and preparation workflows",
  production: "Production Floor All production stations and machines",
  fabrication: "Fabrication Interior and exterior fabrication stations",
  "project-management": "Project Management Project planning and oversight",
};

beforeAll(() => {
  app = createApp({ DEMO: "1" });
  hooks.bootstrapDatabase(hooks.getEnv(), () => {});
  addMember("Fabi Fabricante", "3535", ["fabrication"]);
});

describe("Home's tiles", () => {
  test("signed out, in Spanish from the switch's cookie", async () => {
    const html = await page(browser("es"), "/");
    for (const [key, text] of Object.entries(SPANISH_TILES)) expect(tileText(html, key)).toBe(text);
    expect(html).not.toContain("Setup and preparation workflows");
    expect(html).not.toContain("Production Floor");
  });

  test("signed in, in Spanish; the device's language is the member's", async () => {
    const c = browser("es");
    await c.signIn("1234");
    const html = await page(c, "/");
    for (const [key, text] of Object.entries(SPANISH_TILES)) expect(tileText(html, key)).toBe(text);
  });

  test("in English, exactly as before, signed out and signed in", async () => {
    const c = browser();
    let html = await page(c, "/");
    for (const [key, text] of Object.entries(ENGLISH_TILES)) expect(tileText(html, key)).toBe(text);
    await c.signIn("1234");
    html = await page(c, "/");
    for (const [key, text] of Object.entries(ENGLISH_TILES)) expect(tileText(html, key)).toBe(text);
  });

  test("a tile that asks for the PIN names it in Spanish", async () => {
    const c = browser("es");
    const { to } = await clickTile(c, "fabrication");
    expect(to).toBe("/login?tile=fabrication");
    expect(await page(c, to!)).toContain("Acceder a Fabricación");
    expect(await page(browser(), to!)).toContain("Access Fabrication");
  });
});

describe("a tile's click", () => {
  test("refused to a member without the key, in Spanish", async () => {
    const c = browser("es");
    await c.signIn("3535");
    const { to, next } = await clickTile(c, "production");
    expect(to).toBe("/");
    expect(next).toContain("Acceso denegado");
    expect(next).toContain("Usted no tiene acceso a Piso de producción.");
    expect(next).not.toContain("You don't have access");
  });

  test("refused in English as before", async () => {
    const c = browser();
    await c.signIn("3535");
    const { next } = await clickTile(c, "production");
    expect(next).toContain("Access Denied");
    expect(next).toContain("You don't have access to Production Floor.");
  });

  test("granted, in Spanish, to the key's holder and to management", async () => {
    const fabi = browser("es");
    await fabi.signIn("3535");
    const own = await clickTile(fabi, "fabrication");
    expect(own.to).toBe("/fabrication");
    expect(own.next).toContain("Acceso concedido");
    expect(own.next).toContain("Accediendo a Fabricación.");

    const manager = browser("es");
    await manager.signIn("1234");
    const override = await clickTile(manager, "production");
    expect(override.to).toBe("/production");
    expect(override.next).toContain("Accediendo a Piso de producción (acceso de gerencia).");
  });

  test("granted in English as before", async () => {
    const manager = browser();
    await manager.signIn("1234");
    const { next } = await clickTile(manager, "production");
    expect(next).toContain("Access Granted");
    expect(next).toContain("Accessing Production Floor (Management Override).");
  });
});

describe("the department keys' names", () => {
  test("Global Settings' team members and a work list's refusal name the keys in Spanish", async () => {
    const c = browser("es");
    await c.signIn("1234");
    const team = await page(c, "/settings?tab=team");
    expect(team).toContain("Superusuario (acceso total)");
    expect(team).not.toContain("Super User (All Access)");

    const fabi = browser("es");
    await fabi.signIn("3535");
    const refused = await fabi.request("/work/production");
    expect(refused.status).toBe(403);
    expect(await visibleHtml(refused)).toContain("Esta lista de trabajo necesita la llave Producción.");
  });

  test("in English as before", async () => {
    const c = browser();
    await c.signIn("1234");
    expect(await page(c, "/settings?tab=team")).toContain("Super User (All Access)");
    const fabi = browser();
    await fabi.signIn("3535");
    expect(await visibleHtml(await fabi.request("/work/production"))).toContain("This work list needs the Production key.");
  });
});

describe("forms", () => {
  const ENDED_ES = "Su sesión terminó. Vuelva a iniciar sesión con su PIN para guardar.";
  const ENDED_EN = "Your session has ended. Sign in again with your PIN to save.";

  test("a save refused because the session ended, in Spanish, with what was typed kept", async () => {
    for (const [path, form] of [
      ["/settings.data?tab=materials&new=1", { _entity: "materials", name: "Vinilo fundido" }],
      ["/settings/capacity.data", { intent: "calendar" }],
      ["/settings/imports.data", { spreadsheetDateOrder: "month-first" }],
      ["/items.data", { intent: "create-product", name: "Letrero" }],
    ] as const) {
      const res = await browser("es").request(path, { method: "POST", form });
      expect(res.status, path).toBe(401);
      const text = await res.text();
      expect(text, path).toContain('"reauth",true');
      expect(text, path).toContain(ENDED_ES);
      expect(text, path).not.toContain(ENDED_EN);
    }
  });

  test("in English as before", async () => {
    const res = await browser().request("/settings/capacity.data", { method: "POST", form: { intent: "calendar" } });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain(ENDED_EN);
  });

  test("an unknown form, in Spanish and in English", async () => {
    const es = browser("es");
    await es.signIn("1234");
    const spanish = await es.request("/settings/capacity.data", { method: "POST", form: { intent: "no-such-form" } });
    expect(spanish.status).toBe(400);
    expect(await spanish.text()).toContain("Formulario desconocido");

    const en = browser();
    await en.signIn("1234");
    const english = await en.request("/settings/capacity.data", { method: "POST", form: { intent: "no-such-form" } });
    expect(english.status).toBe(400);
    expect(await english.text()).toContain("Unknown form");
  });
});

describe("an API token", () => {
  test("refused Global Settings in the request's language", async () => {
    const admin = browser();
    await admin.signIn("1234");
    const body = new URLSearchParams({ intent: "create", name: "Todo", language: "accept-language" });
    for (const s of ["read", "projects:write", "items:write", "scans", "machine-files:write", "metrics"]) body.append("scopes", s);
    const made = await admin.request("/settings/api-tokens", {
      method: "POST",
      body: body.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const token = /value="(sfk_[A-Za-z0-9_-]{43})"/.exec(await visibleHtml(made))![1]!;
    const ask = (lang: string) =>
      app
        .client("10.88.1.1")
        .request("/api/shop-settings", { method: "PATCH", json: {}, headers: { authorization: `Bearer ${token}`, origin: "omit", "accept-language": lang } });
    const spanish = await ask("es");
    expect(spanish.status).toBe(403);
    expect(((await spanish.json()) as { message: string }).message).toBe(
      "Un token de API no puede cambiar la Configuración global. Eso lo hace en Shopflow un miembro con la llave de gerencia.",
    );
    const english = await ask("en");
    expect(english.status).toBe(403);
    expect(((await english.json()) as { message: string }).message).toBe(
      "An API token cannot change Global Settings. A member with the management key does that in Shopflow itself.",
    );
  });
});

describe("a customer link", () => {
  test("revoking one that does not exist is refused in Spanish, and in English as before", async () => {
    const projectId = (hooks.getDb().$client.query("SELECT id FROM projects ORDER BY id LIMIT 1").get() as { id: number }).id;
    const revoke = async (lang?: string) => {
      const c = browser(lang);
      await c.signIn("1234");
      const res = await c.request(`/projects/${projectId}.data`, { method: "POST", form: { intent: "revoke-customer-link", linkId: "987654" } });
      expect(res.status).toBe(404);
      return res.text();
    };
    expect(await revoke("es")).toContain("Este enlace de cliente ya no existe o ya fue revocado.");
    expect(await revoke()).toContain("This customer link no longer exists or was already revoked.");
  });
});
