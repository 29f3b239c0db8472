import { beforeAll, describe, expect, test } from "bun:test";
import { type Client, createApp, hooks, visibleHtml } from "../helpers/app";
import { ageSession } from "../helpers/timers";

// The shop floor in Spanish (decision 0049, docs/glossary-es.md): the QR Timer, a work list, the production floor,
// a machine's queue and an item's /qr page render in Spanish for a device that chose it, and the scans' JSON answers
// follow the request's language (Accept-Language). English stays as it was.

let app: ReturnType<typeof createApp>;
let es: Client;

const sql = () => hooks.getDb().$client;

/** An item of an active project in `department`, not running and not finished. */
function idleItemIn(department: string): { id: number; name: string } {
  const row = sql()
    .query<{ id: number; name: string }, [string]>(
      `SELECT i.id, i.name FROM items i JOIN projects p ON p.id = i.project_id
       WHERE i.department = ? AND i.is_timer_active = 0 AND i.finished_at IS NULL AND p.status = 'active'
       ORDER BY i.id LIMIT 1`,
    )
    .get(department);
  if (!row) throw new Error(`no idle item in ${department}`);
  return row;
}

/** A member of the demo shop signed in with the management PIN, with no language cookie. */
async function signedIn(): Promise<Client> {
  const c = app.client();
  await c.signIn("1234");
  return c;
}

const json = async (res: Response) => (await res.json()) as { message?: string; toast?: { title: string; description?: string } };

beforeAll(async () => {
  app = createApp({ DEMO: "1" });
  hooks.bootstrapDatabase(hooks.getEnv(), () => {});
  es = app.client();
  es.cookies().set("shopflow_lang", "es");
  await es.signIn("1234");
});

describe("the floor's pages in Spanish", () => {
  test("QR Timer", async () => {
    const res = await es.request("/qr-scanner");
    expect(res.status).toBe(200);
    const html = await visibleHtml(res);
    expect(html).toContain("<title>Temporizador QR · Shopflow</title>");
    expect(html).toContain("Escanee la etiqueta de un artículo para iniciar su temporizador");
    expect(html).toContain("Escanee o escriba un código QR o el ID del artículo");
    expect(html).toContain(">Procesar<");
    expect(html).not.toContain("Scan or type a QR code or item ID");
  });

  test("a work list", async () => {
    const html = await visibleHtml(await es.request("/work/pre-production"));
    expect(html).toMatch(/\d+ en marcha · \d+ en espera/);
    expect(html).toContain("Primero lo que está en marcha, luego lo que espera");
    expect(html).toContain("En espera");
    expect(html).toContain(">Iniciar<");
    expect(html).toContain("Diseño y archivos de máquina");
    expect(html).not.toContain("Running items first");
  });

  test("the production floor", async () => {
    const html = await visibleHtml(await es.request("/production-floor"));
    expect(html).toContain("Piso de producción");
    expect(html).toContain("Supervise y administre todas las estaciones y máquinas de producción");
    expect(html).toContain("Temporizador QR — escanear artículos");
    expect(html).toMatch(/\d+ estaciones activas/);
    expect(html).toMatch(/Ningún archivo en espera|\d+ archivos? en espera/);
  });

  test("a machine queue", async () => {
    const html = await visibleHtml(await es.request("/production/hp-latex-800"));
    expect(html).toContain("Todos los archivos asignados ahora a esta máquina");
    expect(html).toContain("Volver a Producción");
    expect(html).toContain("Ver análisis de finalización");
    expect(html).toMatch(/\d+ archivos? asignados?/);
    expect(html).toContain("Abra el código QR de un archivo antes de marcarlo como completado.");
  });

  test("/qr/{id}: an idle item offers Start, a running one Done and Pause", async () => {
    const item = idleItemIn("pre-production");
    let html = await visibleHtml(await es.request(`/qr/${item.id}`));
    expect(html).toContain("Iniciar temporizador");
    expect(html).toContain("Siguiente departamento");
    expect(html).toContain("Tiempo total");
    expect(html).toContain("Escanear otro artículo");

    const started = await es.request(`/qr/${item.id}`, { method: "POST", form: { intent: "start" } });
    expect(started.status).toBe(302);
    html = await visibleHtml(await es.request(`/qr/${item.id}`));
    expect(html).toContain("Temporizador iniciado");
    expect(html).toContain(">Pausar<");
    expect(html).toMatch(/Listo → [^<]+/);
    expect(html).toMatch(/Listo lo pasa a [^.]+\. Pausar lo deja en /);

    const paused = await es.request(`/qr/${item.id}`, { method: "POST", form: { intent: "pause" } });
    expect(paused.status).toBe(302);
    html = await visibleHtml(await es.request(`/qr/${item.id}`));
    expect(html).toContain("Temporizador pausado");
    expect(html).toContain(`${item.name} se queda en`);
  });

  test("a missing item's /qr page", async () => {
    const html = await visibleHtml(await es.request("/qr/999999"));
    expect(html).toContain("Artículo no encontrado. Revise el código QR o el ID del artículo e inténtelo de nuevo.");
    expect(html).toContain("Abrir el Temporizador QR");
  });
});

describe("the floor's forms answer in Spanish", () => {
  test("QR Timer without JavaScript: a scan that moves an item on, its toast and its Undo", async () => {
    const item = idleItemIn("pre-production");
    const scan = () => es.request("/qr-scanner", { method: "POST", form: { code: String(item.id), scanId: crypto.randomUUID() } });
    expect((await scan()).status).toBe(302);
    let html = await visibleHtml(await es.request("/qr-scanner"));
    expect(html).toContain("Temporizador iniciado");
    expect(html).toContain("Último escaneo:");
    expect(html).toContain("En marcha");
    ageSession(item.id, 60_000);
    expect((await scan()).status).toBe(302);
    html = await visibleHtml(await es.request("/qr-scanner"));
    expect(html).toMatch(/Temporizador detenido y avanzado|Departamento final/);
    expect(html).toMatch(/Deshacer — dejarlo en [^<]+/);
    expect(html).toContain("Detenido");
  });

  test("a work list's Start with JavaScript is answered with a Spanish toast", async () => {
    const item = idleItemIn("pre-production");
    const res = await es.request("/work/pre-production.data", { method: "POST", form: { intent: "start", itemId: String(item.id), js: "1" } });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain("Temporizador iniciado");
    expect(body).toContain(`${item.name} en `);
  });
});

describe("scans answer in the request's language", () => {
  const spanish = { "accept-language": "es" };

  test("POST /api/scans: a start, a label read twice, then Pause", async () => {
    const c = await signedIn();
    const item = idleItemIn("pre-production");
    const first = await c.request("/api/scans", { method: "POST", json: { code: String(item.id) }, headers: spanish });
    expect(first.status).toBe(200);
    const started = await json(first);
    expect(started.toast).toMatchObject({ title: "Temporizador iniciado" });
    expect(started.toast?.description).toStartWith(`${item.name} en `);

    const twice = await c.request("/api/scans", { method: "POST", json: { code: String(item.id) }, headers: spanish });
    expect(twice.status).toBe(409);
    const again = await json(twice);
    expect(again.message).toBe("Ya iniciado — ¿escaneó dos veces? Escanee de nuevo en unos segundos para detener.");
    expect(again.toast?.title).toBe("El temporizador sigue en marcha");

    const pause = await c.request(`/api/items/${item.id}/pause-timer`, { method: "POST", headers: spanish });
    expect(pause.status).toBe(200);
    const paused = await json(pause);
    expect(paused.toast?.title).toBe("Temporizador pausado");
    expect(paused.message).toStartWith(`${item.name} se queda en `);

    const notRunning = await c.request(`/api/items/${item.id}/pause-timer`, { method: "POST", headers: spanish });
    expect(notRunning.status).toBe(409);
    expect((await json(notRunning)).message).toBe("El temporizador de este artículo no está en marcha. Inícielo antes de detenerlo.");
  });

  test("a scan that moves the item on: 'Temporizador detenido y avanzado', then its undo", async () => {
    const c = await signedIn();
    const item = idleItemIn("pre-production");
    const scan = () => c.request("/api/scans", { method: "POST", json: { code: String(item.id) }, headers: spanish });
    expect((await scan()).status).toBe(200);
    ageSession(item.id, 60_000);
    const stop = await scan();
    expect(stop.status).toBe(200);
    const stopped = (await stop.json()) as { toast: { title: string; description: string }; undo?: { stopId: number } };
    expect(stopped.toast.title).toBe("Temporizador detenido y avanzado");
    expect(stopped.toast.description).toStartWith(`${item.name} pasó a `);
    expect(stopped.undo).toBeDefined();
    const undo = await c.request(`/api/items/${item.id}/undo-advance`, { method: "POST", json: { stopId: stopped.undo!.stopId }, headers: spanish });
    expect(undo.status).toBe(200);
    const undone = await json(undo);
    expect(undone.toast?.title).toBe("Escaneo deshecho");
    expect(undone.message).toMatch(new RegExp(`^${RegExp.escape(item.name)} volvió a .+; su tiempo se conserva\\.$`));
    const again = await c.request(`/api/items/${item.id}/undo-advance`, { method: "POST", json: { stopId: stopped.undo!.stopId }, headers: spanish });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe("Este movimiento ya se deshizo.");
  });

  test("a finished item, an unreadable code and a missing item", async () => {
    const c = await signedIn();
    const finished = sql().query<{ id: number }, []>("SELECT id FROM items WHERE finished_at IS NOT NULL LIMIT 1").get();
    // The demo shop has items a stop in their last department finished.
    expect(finished).not.toBeNull();
    const res = await c.request("/api/scans", { method: "POST", json: { code: String(finished!.id) }, headers: spanish });
    expect(res.status).toBe(409);
    const refusal = await json(res);
    expect(refusal.message).toBe("Este artículo está terminado. Reábralo primero si necesita más trabajo.");
    expect(refusal.toast?.title).toBe("Artículo terminado");
    const empty = await json(await c.request("/api/scans", { method: "POST", json: { code: "/qr/" }, headers: spanish }));
    expect(empty.message).toBe("Código QR no válido - no se encontró el ID del artículo");
    const missing = await c.request("/api/scans", { method: "POST", json: { code: "999999" }, headers: spanish });
    expect(missing.status).toBe(404);
    const body = await json(missing);
    expect(body.message).toBe("Artículo no encontrado. Revise el código QR o el ID del artículo e inténtelo de nuevo.");
    expect(body.toast?.title).toBe("Artículo no encontrado");
  });

  test("English stays as it was", async () => {
    const c = await signedIn();
    const item = idleItemIn("pre-production");
    const first = await json(await c.request("/api/scans", { method: "POST", json: { code: String(item.id) } }));
    expect(first.toast).toMatchObject({ title: "Timer Started" });
    expect(first.toast?.description).toStartWith(`${item.name} in `);
    const twice = await json(await c.request("/api/scans", { method: "POST", json: { code: String(item.id) } }));
    expect(twice.message).toBe("Already started — scanned twice? Scan again in a few seconds to stop.");
    const paused = await json(await c.request(`/api/items/${item.id}/pause-timer`, { method: "POST" }));
    expect(paused.toast?.title).toBe("Timer Paused");
    expect(paused.message).toStartWith(`${item.name} stays in `);
    const missing = await json(await c.request("/api/scans", { method: "POST", json: { code: "999999" } }));
    expect(missing.message).toBe("Item not found. Please check the QR code or item ID and try again.");

    const page = await visibleHtml(await c.request("/qr-scanner"));
    expect(page).toContain("<title>QR Timer · Shopflow</title>");
    expect(page).toContain("Scan an item's label to start its timer; scan it again to stop it and move it to its next department.");
    const list = await visibleHtml(await c.request("/work/pre-production"));
    expect(list).toMatch(/\d+ running · \d+ waiting/);
    const floor = await visibleHtml(await c.request("/production-floor"));
    expect(floor).toContain("Monitor and manage all production stations and machines");
  });

  test("two scans answered together each speak their own request's language", async () => {
    const english = await signedIn();
    const spanishMember = await signedIn();
    const [a, b] = [idleItemIn("pre-production"), idleItemIn("production")];
    const [en, es] = await Promise.all([
      english.request(`/api/items/${a.id}/pause-timer`, { method: "POST" }),
      spanishMember.request(`/api/items/${b.id}/pause-timer`, { method: "POST", headers: spanish }),
    ]);
    expect((await json(en)).message).toBe("This item's timer is not running. Start it before stopping it.");
    expect((await json(es)).message).toBe("El temporizador de este artículo no está en marcha. Inícielo antes de detenerlo.");
    const [enStart, esStart] = await Promise.all([
      english.request(`/api/items/${a.id}/start-timer`, { method: "POST" }),
      spanishMember.request(`/api/items/${b.id}/start-timer`, { method: "POST", headers: spanish }),
    ]);
    expect(enStart.status).toBe(200);
    expect(esStart.status).toBe(200);
    const [enAgain, esAgain] = await Promise.all([
      english.request(`/api/items/${a.id}/start-timer`, { method: "POST" }),
      spanishMember.request(`/api/items/${b.id}/start-timer`, { method: "POST", headers: spanish }),
    ]);
    expect((await json(enAgain)).message).toBe("This item's timer is already running. Stop it before starting it again.");
    expect((await json(esAgain)).message).toBe("El temporizador de este artículo ya está en marcha. Deténgalo antes de iniciarlo de nuevo.");
  });
});
