import { beforeAll, describe, expect, test } from "bun:test";
import { type Client, createApp, hooks, visibleHtml } from "../helpers/app";
import { seedShop } from "../helpers/shop";

// The app's shell in Spanish (decision 0049): the sign-in page and PIN answers, the header and side menu, Home,
// the 404 and Access Denied pages. A signed-out device speaks its switch's language (the cookie), else the
// browser's Accept-Language; a member without a language of their own follows the device. English stays as it was.

let app: ReturnType<typeof createApp>;
let ip = 0;
/** A fresh browser of its own address, so wrong PINs of one test never throttle another. */
const browser = (lang?: string) => {
  const c = app.client(`10.77.0.${++ip}`);
  if (lang) c.cookies().set("shopflow_lang", lang);
  return c;
};
const page = async (c: Client, path: string, headers?: Record<string, string>) => {
  const res = await c.request(path, { headers });
  return { status: res.status, html: await visibleHtml(res) };
};

beforeAll(() => {
  app = createApp({ DEMO: "1" });
  hooks.bootstrapDatabase(hooks.getEnv(), () => {});
});

describe("signed out", () => {
  test("the sign-in page in Spanish from the browser's Accept-Language", async () => {
    const { status, html } = await page(browser(), "/login", { "accept-language": "es-MX,es;q=0.9,en;q=0.5" });
    expect(status).toBe(200);
    expect(html).toContain('<html lang="es"');
    expect(html).toContain("<title>Iniciar sesión · Shopflow</title>");
    expect(html).toContain("Inicio de sesión general");
    expect(html).toContain("Ingrese su PIN de 4 dígitos para continuar");
    expect(html).toContain(">Cancelar<");
    expect(html).toContain(">Continuar<");
    expect(html).toContain('title="Ingrese un PIN de 4 dígitos"');
    expect(html).toContain('aria-label="Inicio de Shopflow"');
    expect(html).not.toContain("Global Login");
    expect(html).not.toContain(">Cancel<");
  });

  test("the sign-in page in Spanish from the switch's cookie, over an English browser", async () => {
    const { html } = await page(browser("es"), "/login?tile=production", { "accept-language": "en-US,en;q=0.9" });
    expect(html).toContain('<html lang="es"');
    expect(html).toContain("Acceder a Piso de producción");
    expect(html).toContain("Ingrese su PIN de 4 dígitos para continuar");
  });

  test("Home in Spanish: headline, tiles' line and the Login button", async () => {
    const { html } = await page(browser("es"), "/");
    expect(html).toContain("Flujo de manufactura");
    expect(html).toContain("Seguimiento de la producción de cada departamento del taller");
    expect(html).toContain("Elija un departamento e ingrese su PIN para acceder a los flujos de trabajo");
    expect(html).toMatch(/<a [^>]*href="\/login\?redirectTo=%2F"[^>]*>Iniciar sesión<\/a>/);
  });

  test("a wrong PIN is refused in Spanish, on the page and from the API", async () => {
    const form = await browser("es").request("/login", { method: "POST", form: { pinCode: "9999", tile: "", redirectTo: "/" } });
    expect(form.status).toBe(401);
    expect(await visibleHtml(form)).toContain('<p role="alert" class="mt-3 min-h-6 text-center text-sm font-medium text-danger-700">PIN no válido</p>');

    const short = await browser("es").request("/login", { method: "POST", form: { pinCode: "12", tile: "", redirectTo: "/" } });
    expect(short.status).toBe(400);
    expect(await visibleHtml(short)).toContain(">Ingrese un PIN de 4 dígitos</p>");

    const api = await browser().request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "9999" }, headers: { "accept-language": "es" } });
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ message: "PIN no válido" });
  });

  test("too many wrong PINs: the wait is said in Spanish, in minutes", async () => {
    const c = browser("es");
    for (let i = 0; i < 5; i++) await c.request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "9999" } });
    const res = await c.request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "9999" } });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Demasiados intentos\. Inténtelo de nuevo en \d+ minutos?\.$/);
  });

  test("the 404 page in Spanish", async () => {
    const { status, html } = await page(browser("es"), "/nowhere");
    expect(status).toBe(404);
    expect(html).toContain("404 Página no encontrada");
    expect(html).toContain("No hay ninguna página en esta dirección.");
    expect(html).toContain(">Ir al inicio<");
  });

  test("a page that needs a sign-in says so in Spanish", async () => {
    const { status, html } = await page(browser("es"), "/projects");
    expect(status).toBe(401);
    expect(html).toContain("Acceso denegado");
    expect(html).toMatch(/<a [^>]*href="\/login\?redirectTo=%2Fprojects"[^>]*>Iniciar sesión<\/a>/);
    expect(html).toContain("Inicie sesión con su PIN de 4 dígitos para abrir esta página.");
  });

  test("English stays as it was", async () => {
    const login = await page(browser(), "/login", { "accept-language": "en-US" });
    expect(login.html).toContain('<html lang="en"');
    expect(login.html).toContain("<title>Login · Shopflow</title>");
    expect(login.html).toContain("Global Login");
    expect(login.html).toContain("Enter your 4-digit PIN to continue");
    const notFound = await page(browser("en"), "/nowhere", { "accept-language": "es" });
    expect(notFound.html).toContain("404 Page Not Found");
    expect(notFound.html).toContain("There is no page at this address.");
    const wrong = await browser().request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "9999" } });
    expect(await wrong.json()).toEqual({ message: "Invalid PIN code" });
  });
});

describe("signed in, following the device's language", () => {
  test("management's Home, header and side menu in Spanish", async () => {
    const c = browser("es");
    await c.signIn("1234");
    const { html } = await page(c, "/");
    expect(html).toContain('<html lang="es"');
    // The header.
    expect(html).toContain('aria-label="Temporizador QR"');
    expect(html).toMatch(/<button [^>]*>(<svg[\s\S]*?<\/svg>)?Cerrar sesión<\/button>/);
    // The side menu.
    expect(html).toContain('aria-label="Abrir menú"');
    expect(html).toContain('aria-label="Menú principal"');
    for (const [label, hint] of [
      ["Página principal", "Cuadros de departamentos"],
      ["Proyectos", "Administrar proyectos"],
      ["Artículos", "Cada artículo, su etiqueta y su tiempo"],
      ["Análisis del flujo", "Resumen y análisis"],
      ["Programación", "Trabajo programado y proyectos en riesgo"],
      ["Configuración global", "Configurar el taller"],
    ]) {
      expect(html).toContain(`>${label}</span><span class="block text-sm text-ink-muted">${hint}</span>`);
    }
    expect(html).toContain("Flujo de manufactura en operación");
    // Home.
    expect(html).toContain("Listas de trabajo");
    expect(html).toContain('aria-label="Más pantallas"');
    expect(html).not.toContain("Main Page");
    expect(html).not.toContain("Logout");
  });

  test("English: the same Home, header and side menu as before", async () => {
    const c = browser();
    await c.signIn("1234");
    const { html } = await page(c, "/");
    expect(html).toContain('aria-label="QR Timer"');
    expect(html).toContain('aria-label="Open menu"');
    expect(html).toContain('>Main Page</span><span class="block text-sm text-ink-muted">Department tiles</span>');
    expect(html).toContain('>Flow analytics</span><span class="block text-sm text-ink-muted">Overview &amp; Analytics</span>');
    expect(html).toContain("Manufacturing flow operational");
    expect(html).toContain("Work lists");
  });

  test("a list's row actions and page links in Spanish", async () => {
    const c = browser("es");
    await c.signIn("1234");
    const { html } = await page(c, "/items");
    expect(html).toContain('data-label="Acciones"');
    expect(html).toMatch(/aria-label="Ver [^"]+">Ver</);
    expect(html).toContain('aria-label="Páginas"');
    expect(html).toContain('aria-label="Página 2"');
    expect(html).toContain("Siguiente →");
  });
});

describe("a fresh shop in Spanish", () => {
  test("management's setup checklist, a member without keys, and a refusal", async () => {
    const {
      clients: { admin, newcomer },
    } = await seedShop({
      ipBase: "10.78.0",
      members: { admin: { name: "Ada Admin", pin: "4321", keys: ["management"] }, newcomer: { name: "Nico Nuevo", pin: "5555", keys: [] } },
    });
    admin.cookies().set("shopflow_lang", "es");
    newcomer.cookies().set("shopflow_lang", "es");

    const setup = await visibleHtml(await admin.request("/"));
    expect(setup).toContain("Configure su taller");
    expect(setup).toMatch(/\d de 7 listos/);
    expect(setup).toContain("Agregue sus materiales");
    expect(setup).toContain("Vinil, aluminio, acrílico: cada artículo está hecho de uno.");
    expect(setup).toContain("Un teléfono abre la dirección de una etiqueta QR. Este navegador usa");

    const home = await visibleHtml(await newcomer.request("/"));
    expect(home).toContain("Le damos la bienvenida, Nico Nuevo");
    expect(home).toContain("Inició sesión como Nico Nuevo y todavía no tiene llaves de departamento");
    expect(home).toContain("Ada Admin puede darle llaves en Configuración global → Miembros del equipo.");
    expect(home).toContain("Abrir el Temporizador QR");

    const refused = await newcomer.request("/settings");
    expect(refused.status).toBe(403);
    const denied = await visibleHtml(refused);
    expect(denied).toContain("Acceso denegado");
    expect(denied).toContain("Para Configuración global se necesita la llave de gerencia ('Superusuario (acceso total)').");
  });

  test("an item form's hint names whom to ask for a material, in Spanish, and in English as before", async () => {
    const {
      clients: { paula },
      projectIds: [projectId],
    } = await seedShop({
      ipBase: "10.79.0",
      members: { admin: { name: "Ada Admin", pin: "4321", keys: ["management"] }, paula: { name: "Paula", pin: "1111", keys: ["pre-production"] } },
      departments: ["Pre-Production", "Production"],
      categories: [{ name: "Channel Letters", departmentSequence: ["pre-production", "production"] }],
      workflow: { name: "Standard", departmentSequence: ["pre-production", "production"] },
      projects: [{ name: "Acme Letters" }],
    });
    const english = await visibleHtml(await paula.request(`/projects/${projectId}?dialog=add-item`));
    expect(english).toContain("No materials yet. Ask Ada Admin to add a material in Global Settings → Materials.");
    paula.cookies().set("shopflow_lang", "es");
    const spanish = await visibleHtml(await paula.request(`/projects/${projectId}?dialog=add-item`));
    expect(spanish).toContain("Todavía no hay materiales. Pida a Ada Admin que agregue un material en Configuración global → Materiales.");
  });
});
