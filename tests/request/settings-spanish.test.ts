import { beforeAll, describe, expect, test } from "bun:test";
import { type Client, createApp, hooks, visibleHtml } from "../helpers/app";

// Global Settings in Spanish (decision 0049, docs/glossary-es.md): the tabs and Global Settings' own pages speak the
// reader's language, the server's toasts and /api answers follow the request's language, and English reads exactly
// as before. The demo shop: PIN 1234 holds the management key.

let app: ReturnType<typeof createApp>;
let es: Client;
let en: Client;

beforeAll(async () => {
  app = createApp({ DEMO: "1" });
  hooks.bootstrapDatabase(hooks.getEnv(), () => {});
  es = app.client("10.61.0.1");
  es.cookies().set("shopflow_lang", "es");
  await es.signIn("1234");
  en = app.client("10.61.0.2");
  await en.signIn("1234");
});

const page = async (c: Client, path: string) => {
  const res = await c.request(path);
  expect(res.status).toBe(200);
  return visibleHtml(res);
};

/** The page a redirect with a toast leads to, where the toast is shown. */
const toastAfter = async (c: Client, res: Response) => {
  expect(res.status).toBe(302);
  return visibleHtml(await c.request(res.headers.get("location")!));
};

describe("Global Settings tabs in Spanish", () => {
  test("Team Members: the heading, the tabs, the cards and More settings", async () => {
    const html = await page(es, "/settings?tab=team");
    expect(html).toContain('<html lang="es"');
    expect(html).toContain("<title>Configuración global · Shopflow</title>");
    expect(html).toMatch(/<h1[^>]*>Configuración global</);
    expect(html).toContain("Productos, departamentos y estaciones, flujos de trabajo, materiales y miembros del equipo");
    expect(html).toContain('aria-label="Pestañas de configuración"');
    for (const tab of ["Productos", "Departamentos/Estaciones", "Flujos de trabajo de proyecto", "Materiales", "Miembros del equipo"]) {
      expect(html).toContain(tab);
    }
    expect(html).toMatch(/<h2[^>]*>Miembros del equipo<\/h2>/);
    expect(html).toContain("Agregar miembro del equipo");
    expect(html).toContain(">Editar<");
    expect(html).toContain(">Eliminar<");
    expect(html).toContain('aria-label="Más configuración"');
    for (const group of ["El taller", "Pantallas y dispositivos", "Otros programas", "Registros y seguridad", "Impresoras de etiquetas"]) {
      expect(html).toContain(group);
    }
    expect(html).not.toContain("Add Team Member");
    expect(html).not.toContain(">Edit<");
  });

  test("the Add Team Member dialog: its fields and hints", async () => {
    const html = await page(es, "/settings?tab=team&new=1");
    expect(html).toContain("Agregar miembro del equipo");
    expect(html).toContain("Departamentos accesibles");
    expect(html).toContain("Sus llaves: las áreas que pueden abrir con su PIN (recuadros de Inicio y pantallas de departamento).");
    expect(html).toContain("Habilidades (separadas por comas)");
    expect(html).toContain("URL de la foto");
    expect(html).toContain("No hay departamentos seleccionados. Este miembro del equipo no podrá entrar a ningún recuadro de departamento en el panel.");
    expect(html).not.toContain("Accessible departments");
  });

  test("Departments: the cards, their badges and subdepartments", async () => {
    const html = await page(es, "/settings?tab=departments");
    expect(html).toMatch(/<h2[^>]*>Departamentos\/Estaciones<\/h2>/);
    expect(html).toContain("Agregar departamento");
    expect(html).toContain(">Activo<");
    expect(html).toContain("Subdepartamentos");
    expect(html).toContain("+ Agregar");
    expect(html).toMatch(/Máquina · (activa|en mantenimiento|fuera de servicio)/);
    expect(html).not.toContain(">Subdepartments<");
  });

  test("Capacity and calendar", async () => {
    const html = await page(es, "/settings/capacity");
    expect(html).toContain("<title>Capacidad y calendario · Configuración global · Shopflow</title>");
    expect(html).toContain("← Volver a Configuración global");
    expect(html).toContain("La semana del taller");
    expect(html).toContain("Días hábiles");
    expect(html).toContain("Pausar los temporizadores olvidados al final del día");
    expect(html).toContain("Lo que cada departamento puede hacer en un día");
    expect(html).toContain(">Personas<");
    expect(html).toContain("Guardar calendario");
    expect(html).toContain("Guardar capacidad");
  });

  test("Label printers", async () => {
    const html = await page(es, "/settings/printers");
    expect(html).toContain("<title>Impresoras de etiquetas · Configuración global · Shopflow</title>");
    expect(html).toContain("Impresoras térmicas para etiquetas de artículo de 2 in × 2 in (ZPL, TCP directo, normalmente el puerto 9100).");
    expect(html).toContain("Agregar una impresora");
    expect(html).toContain("Dirección (nombre de host o IP)");
    expect(html).toContain("Puerto 9100 o 6101 (solo impresoras de etiquetas)");
    expect(html).toContain(">Agregar impresora<");
  });

  test("Backups, with automatic backups off", async () => {
    const html = await page(es, "/settings/backups");
    expect(html).toContain("<title>Copias de seguridad · Configuración global · Shopflow</title>");
    expect(html).toContain("Las copias de seguridad automáticas están desactivadas");
    expect(html).toContain("Mientras tanto, haga las copias a mano:");
    // The settings the server reads stay as they are typed.
    expect(html).toContain("BACKUP_DIR=/mnt/nas/shopflow\nBACKUP_EVERY=24h\nBACKUP_KEEP=14");
  });

  test("Sign-in", async () => {
    const html = await page(es, "/settings/sign-in");
    expect(html).toContain("<title>Inicio de sesión · Configuración global · Shopflow</title>");
    expect(html).toContain("Modo de inicio de sesión");
    expect(html).toContain("De cualquier forma, un navegador que ya inició sesión aquí sigue funcionando");
    expect(html).toContain("Guardar modo de inicio de sesión");
  });

  test("a save's toast, and the printers table, are in Spanish", async () => {
    const res = await es.request("/settings/printers", { method: "POST", form: { name: "Zebra Mostrador", host: "192.168.1.50", port: "9100", dpi: "203" } });
    const html = await toastAfter(es, res);
    expect(html).toContain("Impresora agregada");
    expect(html).toContain("Zebra Mostrador en 192.168.1.50:9100 (203 dpi).");
    expect(html).toContain('data-label="Dirección"');
    expect(html).toContain(">Apagar<");
    expect(html).toContain('aria-label="Eliminar Zebra Mostrador"');
  });
});

describe("/api answers in the request's language", () => {
  const spanish = { "accept-language": "es" };

  test("a team member with a PIN already in use: 409 in Spanish", async () => {
    const api = app.client("10.61.0.3");
    await api.signIn("1234");
    const res = await api.request("/api/team-members", { method: "POST", json: { name: "Nuevo", pinCode: "1234" }, headers: spanish });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: "Otro miembro del equipo ya usa ese PIN" });
  });

  test("deleting one's own account, and a team member that does not exist, in Spanish", async () => {
    const api = app.client("10.61.0.4");
    const me = (await api.signIn("1234")) as { id: number };
    const own = await api.request(`/api/team-members/${me.id}`, { method: "DELETE", headers: spanish });
    expect(own.status).toBe(409);
    expect(((await own.json()) as { message: string }).message).toMatch(/^(No puede eliminar su propia cuenta|Al menos un miembro del equipo activo)/);
    const missing = await api.request("/api/team-members/999999", { headers: spanish });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Miembro del equipo no encontrado" });
  });
});

describe("English is unchanged", () => {
  test("the Team Members tab", async () => {
    const html = await page(en, "/settings?tab=team");
    expect(html).toContain('<html lang="en"');
    expect(html).toContain("<title>Global Settings · Shopflow</title>");
    expect(html).toContain("Products, departments and stations, workflows, materials and team members");
    expect(html).toMatch(/<h2[^>]*>Team Members<\/h2>/);
    expect(html).toContain("Add Team Member");
    expect(html).toContain('aria-label="More settings"');
  });

  test("Capacity, Backups and Label printers", async () => {
    expect(await page(en, "/settings/capacity")).toContain("What each department can do in a day");
    expect(await page(en, "/settings/backups")).toContain("Automatic backups are off");
    expect(await page(en, "/settings/printers")).toContain("Thermal printers for 2 in × 2 in item labels (ZPL, raw TCP, usually port 9100).");
  });

  test("the same /api answers in English", async () => {
    const api = app.client("10.61.0.5");
    await api.signIn("1234");
    const clash = await api.request("/api/team-members", { method: "POST", json: { name: "New", pinCode: "1234" }, headers: { "accept-language": "en" } });
    expect(await clash.json()).toEqual({ message: "PIN is already in use by another team member" });
    const missing = await api.request("/api/team-members/999999");
    expect(await missing.json()).toEqual({ message: "Team member not found" });
  });
});
