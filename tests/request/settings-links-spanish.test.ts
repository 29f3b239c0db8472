import { beforeEach, describe, expect, test } from "bun:test";
import { createApp, hooks, visibleHtml } from "../helpers/app";

// Global Settings' keyed links (API tokens, board links, calendar feeds), the audit trail, the customer page and
// webhooks, in Spanish: a device whose shopflow_lang cookie says es, signed in as management (the demo shop's
// PIN 1234, a member with no language of their own, who follows the device). English stays word for word.

let app: ReturnType<typeof createApp>;

beforeEach(() => {
  app = createApp({ DEMO: "1" });
  hooks.bootstrapDatabase(hooks.getEnv(), () => {});
});

async function spanish() {
  const c = app.client("10.7.0.1");
  c.cookies().set("shopflow_lang", "es");
  await c.signIn("1234");
  return c;
}

async function english() {
  const c = app.client("10.7.0.2");
  await c.signIn("1234");
  return c;
}

const page = async (c: Awaited<ReturnType<typeof spanish>>, path: string) => {
  const res = await c.request(path);
  expect(res.status).toBe(200);
  return visibleHtml(res);
};

/** Adds a webhook through the page's form; returns its page's address. */
async function addWebhook(c: Awaited<ReturnType<typeof spanish>>, name: string) {
  const body = new URLSearchParams({ name, url: "https://erp.example.com/hooks/shopflow" });
  body.append("events", "project.created");
  body.append("events", "item.finished");
  const res = await c.request("/settings/webhooks", { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } });
  expect(res.status).toBe(302);
  return res.headers.get("location")!;
}

describe("Global Settings pages in Spanish", () => {
  test("API tokens: the page, the scopes in words, and a made token's answer", async () => {
    const c = await spanish();
    const html = await page(c, "/settings/api-tokens");
    expect(html).toContain("<title>Tokens de API · Configuración global · Shopflow</title>");
    expect(html).toContain("← Volver a Configuración global");
    expect(html).toContain("Claves para que otros programas (cotización, contabilidad, monitoreo) usen la API de Shopflow");
    expect(html).toContain("Nuevo token de API");
    expect(html).toContain("Nombre del token (el programa que lo usa)");
    expect(html).toContain("Iniciar y detener temporizadores (escaneos)");
    expect(html).toContain("Leer /metrics (Prometheus) para el monitoreo de TI");
    expect(html).toContain("Crear token de API");
    expect(html).toContain("Aún no hay tokens de API");
    expect(html).not.toContain("Make API token");

    const made = await c.request("/settings/api-tokens", { method: "POST", form: { intent: "create", name: "Quoting", scopes: "read" } });
    expect(made.status).toBe(200);
    const answer = await visibleHtml(made);
    expect(answer).toContain("Token de API para Quoting creado. Cópielo ahora: no se vuelve a mostrar.");
    expect(answer).toContain("Token (envíelo como <code");

    const list = await page(c, "/settings/api-tokens");
    expect(list).toContain("Último uso");
    expect(list).toContain("Nunca");
    expect(list).toContain('aria-label="Revocar el token de API Quoting"');
    expect(list).toContain("(1 en uso)");
  });

  test("board links and calendar feeds", async () => {
    const c = await spanish();
    const boards = await page(c, "/settings/boards");
    expect(boards).toContain("<title>Enlaces de tablero · Configuración global · Shopflow</title>");
    expect(boards).toContain("Enlaces de solo lectura para el tablero del piso en una TV de pared: sin PIN, y no abren nada más.");
    expect(boards).toContain("Nombre del tablero (dónde está la TV)");
    expect(boards).toContain('placeholder="TV del piso de producción"');
    expect(boards).toContain("Crear enlace de tablero");

    const made = await c.request("/settings/boards", { method: "POST", form: { intent: "create", name: "Hall TV" } });
    expect(await visibleHtml(made)).toContain("Enlace de tablero para Hall TV creado. Cópielo ahora: no se vuelve a mostrar.");

    const calendars = await page(c, "/settings/calendars");
    expect(calendars).toContain("<title>Calendarios (suscripción) · Configuración global · Shopflow</title>");
    expect(calendars).toContain("De quién son las fechas");
    expect(calendars).toContain("Elija un departamento o un miembro del equipo");
    expect(calendars).toContain('label="Departamentos"');
    expect(calendars).toContain('label="Miembros del equipo"');
    expect(calendars).toContain("Crear calendario");
    expect(calendars).toContain("Aún no hay calendarios");
  });

  test("the customer page", async () => {
    const c = await spanish();
    const html = await page(c, "/settings/customer-page");
    expect(html).toContain("<title>Página del cliente · Configuración global · Shopflow</title>");
    expect(html).toContain("Nombre que ven los clientes (opcional)");
    expect(html).toContain("Guardar nombre");
    expect(html).toContain("Aún no hay logo: las páginas del cliente muestran solo el nombre del taller.");
    expect(html).toContain("Imagen (PNG, JPEG o WebP, máximo 512 KB)");
    expect(html).toContain("Subir logo");

    const empty = await c.request("/settings/customer-page", { method: "POST", form: { intent: "logo" } });
    expect(await visibleHtml(empty)).toContain("Elija una imagen para subir.");
  });

  test("webhooks: the list, one webhook's page and a toast", async () => {
    const c = await spanish();
    const empty = await page(c, "/settings/webhooks");
    expect(empty).toContain("<title>Webhooks · Configuración global · Shopflow</title>");
    expect(empty).toContain("Informe a otros programas de lo que pasa en el taller");
    expect(empty).toContain("Agregar un webhook");
    expect(empty).toContain("Dirección (URL)");
    expect(empty).toContain("Eventos a enviar");
    expect(empty).toContain("Se agrega un proyecto");
    expect(empty).toContain("Un artículo termina su último departamento");
    expect(empty).toContain("Aún no hay webhooks");

    const here = await addWebhook(c, "Ledger");
    const list = await page(c, "/settings/webhooks");
    expect(list).toContain("2 eventos");
    expect(list).toContain("0 entregadas");
    expect(list).toContain("Último envío");

    const one = await page(c, here);
    expect(one).toContain("← Volver a Webhooks");
    expect(one).toContain("Secreto de firma");
    expect(one).toContain("Mostrar el secreto");
    expect(one).toContain("Eventos enviados");
    expect(one).toContain("Aún no se ha enviado nada");
    expect(one).toContain("Apagar");

    const off = await c.request(here, { method: "POST", form: { intent: "toggle", to: "off" } });
    expect(off.status).toBe(302);
    const after = await page(c, here);
    expect(after).toContain("Apagado: los cambios no se envían a esta dirección hasta que se encienda.");
    expect(after).toContain("Webhook apagado");
    expect(after).toContain("Ledger no recibe entregas mientras está apagado");
  });

  test("the audit trail: its words, filters and entries; stored names stay as stored", async () => {
    const c = await spanish();
    await addWebhook(c, "Ledger");
    const html = await page(c, "/settings/audit");
    expect(html).toContain("<title>Registro de auditoría · Configuración global · Shopflow</title>");
    expect(html).toContain("Cada cambio, inicio de sesión y PIN rechazado, los más recientes primero.");
    expect(html).toContain("Cualquier persona");
    expect(html).toContain("Inicios de sesión y PIN rechazados");
    expect(html).toContain("Tipo de registro");
    expect(html).toContain(">Filtrar<");
    expect(html).toContain("Inició sesión");
    expect(html).toContain("Destino de webhook");
    expect(html).toContain("Ocultar detalles");
    // The entry's stored values are data: the webhook's name as typed.
    expect(html).toContain("Ledger");

    const bad = await page(c, "/settings/audit?record=abc");
    expect(bad).toContain('El id. de un registro es un número entero, como 88: "abc" no lo es.');
  });
});

describe("a webhook API refusal in Spanish", () => {
  test("Accept-Language: es words a refused address in Spanish", async () => {
    const c = app.client("10.7.0.3");
    await c.signIn("1234");
    const res = await c.request("/api/webhooks", {
      method: "POST",
      json: { name: "Hook", url: "http://example.com/hook", events: ["project.created"] },
      headers: { "accept-language": "es" },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    expect(body.message).toBe(
      "El http simple solo se permite en la red propia del taller (una dirección 192.168.x.x, 10.x.x.x o 172.16–31.x.x, o un nombre local). Use https:// para una dirección en internet.",
    );
  });

  test("in English the same refusal is unchanged", async () => {
    const c = app.client("10.7.0.4");
    await c.signIn("1234");
    const res = await c.request("/api/webhooks", {
      method: "POST",
      json: { name: "Hook", url: "http://example.com/hook", events: ["project.created"] },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    expect(body.message).toBe(
      "Plain http is allowed only on the shop's own network (a 192.168.x.x, 10.x.x.x or 172.16–31.x.x address, or a local name). Use https:// for an address on the internet.",
    );
  });
});

describe("English is unchanged", () => {
  test("the same pages read as before", async () => {
    const c = await english();
    const tokens = await page(c, "/settings/api-tokens");
    expect(tokens).toContain("<title>API tokens · Global Settings · Shopflow</title>");
    expect(tokens).toContain("Keys for other programs (quoting, accounting, monitoring) to use Shopflow's API");
    expect(tokens).toContain("Start and stop timers (scans)");
    expect(tokens).toContain("No API tokens yet");

    const customer = await page(c, "/settings/customer-page");
    expect(customer).toContain("Picture (PNG, JPEG or WebP, at most 512 KB)");

    const here = await addWebhook(c, "Ledger");
    const list = await page(c, "/settings/webhooks");
    expect(list).toContain("2 events");
    expect(list).toContain("0 delivered");
    const one = await page(c, here);
    expect(one).toContain("Signing secret");
    expect(one).toContain("A project is added");
    expect(one).toContain("Nothing sent yet");

    const audit = await page(c, "/settings/audit");
    expect(audit).toContain("Every change, sign-in and refused PIN, newest first.");
    expect(audit).toContain("Signed in");
    expect(audit).toContain("Webhook endpoint");
    expect(audit).toContain("Sign-ins and refused PINs");
  });
});
