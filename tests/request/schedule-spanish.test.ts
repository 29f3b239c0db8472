import { beforeAll, describe, expect, test } from "bun:test";
import { type Client, createApp, hooks, visibleHtml } from "../helpers/app";

// The schedule, Flow analytics, the machine-file screens and the labels in Spanish (decision 0049): a device that
// chose Español reads them in Spanish, and English stays as it was.

let app: ReturnType<typeof createApp>;
const clients = {} as Record<"es" | "en", Client>;

beforeAll(async () => {
  app = createApp({ DEMO: "1" });
  hooks.bootstrapDatabase(hooks.getEnv(), () => {});
  for (const lang of ["es", "en"] as const) {
    const c = app.client(lang === "es" ? "10.7.0.1" : "10.7.0.2");
    c.cookies().set("shopflow_lang", lang);
    await c.signIn("1234");
    clients[lang] = c;
  }
});

async function client(lang: "es" | "en") {
  return clients[lang];
}

async function page(lang: "es" | "en", path: string) {
  const res = await (await client(lang)).request(path);
  expect(res.status).toBe(200);
  return visibleHtml(res);
}

describe("Spanish", () => {
  test("/schedule", async () => {
    const html = await page("es", "/schedule");
    expect(html).toContain("<title>Programación · Shopflow</title>");
    expect(html).toContain("Días sobrecargados");
    expect(html).toContain("Carga frente a capacidad");
    expect(html).toContain("Capacidad y calendario");
    expect(html).toMatch(/Los próximos \d+ días hábiles: el trabajo que cada departamento debe hacer/);
    expect(html).toContain("Proyectos en riesgo (");
    expect(html).toContain("Capacidad por día");
    expect(html).toContain("Descargar CSV");
    expect(html).not.toContain("Overloaded days");
    expect(html).not.toContain("Booked against capacity");
  });

  test("/schedule's CSV stays English", async () => {
    const res = await (await client("es")).request("/schedule/load.csv");
    expect(res.status).toBe(200);
    expect((await res.text()).split("\n")[0]).toBe("Department,Date,Booked hours,Capacity hours,Percent,Overloaded,Already late,No due date\r");
  });

  test("/analytics", async () => {
    const html = await page("es", "/analytics");
    expect(html).toContain("<title>Análisis del flujo · Shopflow</title>");
    expect(html).toContain("Dónde se hace el trabajo y dónde espera:");
    expect(html).toContain("Rangos rápidos");
    expect(html).toContain("Últimos 7 días");
    expect(html).toContain("Tiempo de trabajo");
    expect(html).toContain("Proyectos con entrega en este rango");
    expect(html).toContain("Mostrar las cifras");
    expect(html).toMatch(/<h1[^>]*>Análisis del flujo<\/h1>/);
    expect(html).not.toContain("Quick ranges");
    expect(html).not.toContain("Items finished per day");
  });

  test("/analytics refuses a bad range in Spanish", async () => {
    const html = await page("es", "/analytics?from=2026-02-30&to=2026-03-01");
    expect(html).toContain("Ingrese una fecha real del calendario.");
    expect(html).toContain("No se aplicó");
  });

  test("the machine files pages", async () => {
    const files = await page("es", "/projects/1/machine-files");
    expect(files).toContain("Archivos listos para máquina");
    expect(files).toContain("Archivos asignados a los artículos");
    expect(files).toContain("Cada artículo recibe un archivo de impresión y uno de corte.");
    expect(files).toContain("Archivo de impresión");
    expect(files).toContain("Sesión iniciada como");
    expect(files).not.toContain("Item File Assignments");

    const sheet = await page("es", "/projects/1/machine-files/spreadsheet");
    expect(sheet).toContain("Hoja de cálculo de archivos de máquina");
    expect(sheet).toContain("Importar desde CSV");
    expect(sheet).toContain("Guardar todo");
    expect(sheet).toContain("Nombre del archivo");
    expect(sheet).toMatch(/\d+ guardados · \d+ modificados · \d+ nuevos/);
    expect(sheet).not.toContain("Save All");

    const log = await page("es", "/projects/1/machine-files?log=1");
    expect(log).toContain("Registro de archivos completados");
  });

  test("a machine file's label", async () => {
    const html = await page("es", "/machine-files/1/print");
    expect(html).toContain("La etiqueta se imprime sola; si no, use el comando Imprimir de su navegador (Ctrl+P).");
    expect(html).toContain("Volver a la cola");
    expect(html).toMatch(/aria-label="Código QR de [^"]+"/);
    expect(html).toContain("· Etiqueta QR</title>");
  });

  test("a label that cannot be made says why in Spanish", async () => {
    const c = await client("es");
    const res = await c.request("/projects/1/labels.pdf?layout=sheet&paper=legal", { headers: { accept: "text/html" } });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("No se generaron las etiquetas");
    expect(html).toContain("Elija el papel: letter (US Letter) o a4 (A4).");
  });

  test("the board's words", async () => {
    const html = await page("es", "/board");
    expect(html).toContain("<title>Tablero del piso · Shopflow</title>");
    expect(html).toContain("Piso de producción");
    expect(html).toContain("Terminados hoy");
    expect(html).not.toContain("Done today");
  });
});

describe("pages and feeds reached by a key", () => {
  test("a calendar feed's events in Spanish, for a calendar app that asks for it", async () => {
    const made = await visibleHtml(
      await clients.en.request("/settings/calendars", { method: "POST", form: { intent: "create", subject: "department:production", name: "" } }),
    );
    const path = new URL(/(http:\/\/localhost\/calendar\/[A-Za-z0-9_-]+\.ics)/.exec(made)![1]!).pathname;
    const feed = async (lang: string) => {
      const res = await app.client("10.7.0.3").request(path, { headers: { "accept-language": lang } });
      expect(res.status).toBe(200);
      // Unfolded: RFC 5545 folds lines at 75 octets.
      return (await res.text()).replace(/\r\n[ \t]/g, "");
    };
    const es = await feed("es-MX,es;q=0.9");
    expect(es).toMatch(/SUMMARY:(Entrega|Fin previsto): /);
    expect(es).toMatch(/CATEGORIES:(Fecha de entrega|Fin previsto)/);
    expect(es).not.toContain("SUMMARY:Due: ");
    const en = await feed("en-US");
    expect(en).toMatch(/SUMMARY:(Due|Expected finish): /);
    expect(en).not.toContain("SUMMARY:Entrega: ");
  });

  test("the customer status page speaks the language its link was made with, whatever the visitor's browser", async () => {
    const linkPath = async (language: string) => {
      const made = await visibleHtml(await clients.en.request("/projects/1", { method: "POST", form: { intent: "create-customer-link", language } }));
      return new URL(/(http:\/\/localhost\/status\/[A-Za-z0-9_-]+)/.exec(made)![1]!).pathname;
    };
    const es = await visibleHtml(await app.client("10.7.0.4").request(await linkPath("es"), { headers: { "accept-language": "en" } }));
    expect(es).toContain("Estado del pedido");
    expect(es).toContain("Etapas");
    const en = await visibleHtml(await app.client("10.7.0.5").request(await linkPath("en"), { headers: { "accept-language": "es" } }));
    expect(en).toContain("Order status");
    expect(en).toContain("Stages");
    // A link that is not one has no language of its own: the visitor's browser decides.
    const bad = await app.client("10.7.0.6").request("/status/never-made-at-all", { headers: { "accept-language": "es" } });
    expect(bad.status).toBe(404);
    expect(await visibleHtml(bad)).toContain("Este enlace de estado ya no es válido. Pida uno nuevo al taller.");
  });

  test("a board link that is not valid says so in Spanish", async () => {
    const res = await app.client("10.7.0.7").request("/board?key=not-a-real-key", { headers: { "accept-language": "es" } });
    expect(res.status).toBe(401);
    expect(await visibleHtml(res)).toContain("Este enlace del tablero no es válido");
  });
});

describe("English is unchanged", () => {
  test("/schedule", async () => {
    const html = await page("en", "/schedule");
    expect(html).toContain("<title>Schedule · Shopflow</title>");
    expect(html).toContain("Overloaded days");
    expect(html).toContain("Booked against capacity");
    expect(html).toMatch(/The next \d+ working days: the work each department must do for every project to ship on time/);
    expect(html).toContain("'Already late' is work that cannot meet its due date even if started now; 'No due date' is work of projects without one.");
    expect(html).toContain('Download CSV<span class="sr-only"> of the projects at risk</span>');
  });

  test("/analytics", async () => {
    const html = await page("en", "/analytics");
    expect(html).toContain("<title>Flow analytics · Shopflow</title>");
    expect(html).toContain("Where work is done and where it waits:");
    expect(html).toContain("Items finished per day");
    expect(html).toContain("Last 7 days");
  });

  test("the machine files pages and the label", async () => {
    const files = await page("en", "/projects/1/machine-files");
    expect(files).toContain("Item File Assignments");
    expect(files).toMatch(/Signed in as <span class="font-medium text-ink">[^<]+<\/span>/);
    const sheet = await page("en", "/projects/1/machine-files/spreadsheet");
    expect(sheet).toMatch(/\d+ saved · \d+ modified · \d+ new/);
    const label = await page("en", "/machine-files/1/print");
    expect(label).toContain("The label prints by itself; if not, use your browser's Print command (Ctrl+P).");
  });
});
