import { beforeAll, describe, expect, test } from "bun:test";
import { createApp, hooks, visibleHtml } from "../helpers/app";

// The projects, items, pre-production and order-import screens in Spanish (decision 0049): a device that asks for
// Spanish (the shopflow_lang cookie, or Accept-Language for /api) reads them in the glossary's words, and English
// stays as it was.

type Client = ReturnType<ReturnType<typeof createApp>["client"]>;
let app: ReturnType<typeof createApp>;
let es: Client;
let en: Client;
let projectId: number;
let itemId: number;
let workflowId: number;

beforeAll(async () => {
  app = createApp({ DEMO: "1" });
  hooks.bootstrapDatabase(hooks.getEnv(), () => {});
  const db = hooks.getDb().$client;
  const one = (sql: string) => Number(db.query<{ id: number }, []>(sql).get()!.id);
  projectId = one("SELECT id FROM projects ORDER BY id LIMIT 1");
  itemId = one("SELECT id FROM items ORDER BY id LIMIT 1");
  workflowId = one("SELECT id FROM workflows ORDER BY id LIMIT 1");
  es = app.client("10.7.0.1");
  es.cookies().set("shopflow_lang", "es");
  await es.signIn("1234");
  en = app.client("10.7.0.2");
  await en.signIn("1234");
});

async function page(c: Client, path: string) {
  const res = await c.request(path);
  expect(res.status).toBe(200);
  return visibleHtml(res);
}

/** Asserts each text is on the page, and says which one is not (the page itself is too long to print). */
function expectAll(html: string, texts: (string | RegExp)[]) {
  const missing = texts.filter((x) => (typeof x === "string" ? !html.includes(x) : !x.test(html)));
  expect(missing).toEqual([]);
}

describe("the screens in Spanish", () => {
  test("/projects: the list, its order, its tiles and its counts", async () => {
    const html = await page(es, "/projects");
    expectAll(html, [
      '<html lang="es"',
      "<title>Proyectos · Shopflow</title>",
      "Administre los proyectos del flujo de fabricación: sus pasos, artículos y avance.",
      "Todos los proyectos",
      "Nuevo proyecto",
      "Importar pedidos",
      "Ordenar por",
      "Más recientes primero",
      "Ascendente",
      /\d+ proyectos · página 1 de \d+/,
      "Nombre del proyecto",
      "Fin previsto",
      ">Urgente<",
      ">Activos<",
      /\d+ artículos?</,
      "% de los pasos completados",
    ]);
    expect(html).not.toContain("Manage manufacturing flow projects");
    expect(html).not.toContain("Newest first");
  });

  test("a project page: its cards, steps, items and history", async () => {
    const html = await page(es, `/projects/${projectId}`);
    expectAll(html, [
      "Pasos del flujo de trabajo",
      "Artículos del proyecto",
      "Nombre del artículo",
      "Categoría del producto",
      "Departamento actual",
      "Estado del temporizador",
      "Cronograma",
      "Imprimir todas las etiquetas",
      "Editar proyecto",
      "Historial",
      "Enlace de cliente",
      "Crear enlace de cliente",
      "Miembro del equipo asignado",
      "Fecha de inicio",
      "% de los artículos tienen archivos",
    ]);
    expect(html).not.toContain("Project Items");
    expect(html).not.toContain("Workflow Steps");
  });

  test("an item page: where it is, its project, its time", async () => {
    const html = await page(es, `/items/${itemId}`);
    expectAll(html, [
      "Siguiente departamento",
      "Departamento actual",
      "Diseño del proyecto",
      "Registro de tiempo",
      "Registro del temporizador",
      "Iniciar / Detener",
      "Código QR",
      "Editar artículo",
      /Sigue (el orden estándar|la secuencia de departamentos de [^<]+)\./,
    ]);
    expect(html).not.toContain("Time Tracking");
    expect(html).not.toContain("department sequence");
  });

  test("/items: the list and its filters", async () => {
    const html = await page(es, "/items");
    expectAll(html, [
      "<title>Artículos · Shopflow</title>",
      "Todos los artículos de todos los proyectos: busque uno, imprima su etiqueta, vea su tiempo.",
      "Buscar por nombre",
      "p. ej., letras de canal",
      "Todas las categorías",
      "Todos los proyectos",
      "Nuevo producto",
      /\d+ artículos · página 1 de \d+/,
      "Tiempo total",
    ]);
    expect(html).not.toContain("Search by name");
  });

  test("/pre-production: the dashboard", async () => {
    const html = await page(es, "/pre-production");
    expectAll(html, [
      "Panel de Preproducción",
      "Los proyectos cuyo paso de Preproducción tiene asignado.",
      "Número de proyectos asignados actualmente",
      "Número de proyectos urgentes asignados",
      "Buscar proyectos...",
      "Todas las prioridades",
    ]);
  });

  test("/projects/import: the upload and the columns", async () => {
    const html = await page(es, "/projects/import");
    expectAll(html, [
      "<title>Importar pedidos · Shopflow</title>",
      "Proyectos con sus artículos desde un archivo CSV: una línea por artículo. Revise la vista previa y luego confirme.",
      "1. Subir el archivo",
      "Descargar la plantilla",
      "Ver vista previa",
      "Las columnas",
      "Las fechas como 01/02/2026 se leen con el mes primero (12/18/2026)",
      // The file's own column names stay as the file must write them.
      ">Project Name<",
      "Obligatorio. Las líneas con el mismo nombre (y sin referencia) son un solo proyecto.",
    ]);
  });

  test("an order file previewed in Spanish: its problems in Spanish", async () => {
    const csv = "Project Name,Workflow,Priority\nSpanish test,No such workflow,medium\n";
    const form = new FormData();
    form.set("intent", "preview");
    form.set("csv", new File([csv], "orders.csv", { type: "text/csv" }));
    const res = await es.request("/projects/import", { method: "POST", body: form });
    const html = await visibleHtml(res);
    expectAll(html, ["No se puede importar nada hasta que todas las líneas estén bien.", 'Flujo de trabajo desconocido "No such workflow". Use uno de:']);
  });
});

describe("answers of the forms in Spanish", () => {
  test("a project created and deleted: the toasts in Spanish", async () => {
    const post = (form: Record<string, string>, path = "/projects") => es.request(path, { method: "POST", form });
    const made = await post({ intent: "create-project", name: "Letrero de prueba", description: "", priority: "high", workflowId: String(workflowId) });
    expect(made.status).toBe(302);
    const at = made.headers.get("location")!;
    const landed = await visibleHtml(await es.request(at));
    expect(landed).toContain("¡Proyecto creado correctamente!");
    const id = at.split("/").pop()!;
    const gone = await post({ intent: "delete-project", _id: id, returnTo: at });
    expect(gone.status).toBe(302);
    expect(await visibleHtml(await es.request(gone.headers.get("location")!))).toContain("¡Proyecto eliminado correctamente!");
  });

  test("a step saved from the project page, and a project that is not there", async () => {
    const db = hooks.getDb().$client;
    const stepId = db
      .query<{ id: number }, [number]>(
        "SELECT s.id FROM project_workflow_steps s JOIN project_workflow_instances i ON i.id = s.project_workflow_instance_id WHERE i.project_id = ? ORDER BY s.sort_order LIMIT 1",
      )
      .get(projectId)!.id;
    const saved = await es.request(`/projects/${projectId}`, {
      method: "POST",
      form: { intent: "update-step", stepId: String(stepId), percentComplete: "30" },
    });
    expect(saved.status).toBe(302);
    expect(await visibleHtml(await es.request(saved.headers.get("location")!))).toMatch(/Paso [^<]+ guardado\./);
    const missing = await es.request("/projects/999999");
    expect(missing.status).toBe(404);
    expect(await visibleHtml(missing)).toContain("Ningún proyecto tiene el id 999999.");
  });
});

describe("/api in Spanish", () => {
  // The body's words come from its schema (schemas/project.ts), translated with the other schemas' messages.
  test("POST /api/projects with a due date that is not one: a 400 in Spanish", async () => {
    const res = await es.request("/api/projects", {
      method: "POST",
      json: { name: "Letrero", workflowId, endDate: "2026-02-30" },
      headers: { "accept-language": "es" },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    expect(body.message).not.toMatch(/must be a date/);
    expect(body.message).toMatch(/fecha/i);
  });

  test("PATCH /api/projects/{id} with a due date before its start: the model's 400 in Spanish", async () => {
    const res = await es.request(`/api/projects/${projectId}`, {
      method: "PATCH",
      json: { startDate: "2026-07-10", endDate: "2026-07-01" },
      headers: { "accept-language": "es" },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("La fecha de entrega es anterior a la fecha de inicio");
  });

  test("GET /api/projects/{id} of no project: 404 in Spanish", async () => {
    const res = await es.request("/api/projects/999999", { headers: { "accept-language": "es" } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe("Proyecto no encontrado");
  });
});

describe("English unchanged", () => {
  test("the same screens still read in English", async () => {
    expectAll(await page(en, "/projects"), [
      '<html lang="en"',
      "<title>Projects · Shopflow</title>",
      "Manage manufacturing flow projects: their workflow steps, items and progress.",
      /\d+ projects · page 1 of \d+/,
      ">Active<",
    ]);
    expectAll(await page(en, `/projects/${projectId}`), ["Workflow Steps", "Project Items", "% of items have files"]);
    expectAll(await page(en, `/items/${itemId}`), ["Next Department", "Time Tracking", /Follows (the standard order|[^<]+ department sequence)\./]);
    expectAll(await page(en, "/items"), ["Every item on every project: find one, print its label, see its time.", /\d+ items · page 1 of \d+/]);
    expectAll(await page(en, "/pre-production"), ["Pre-Production Dashboard", "Number of Rush Projects Assigned"]);
    expectAll(await page(en, "/projects/import"), ["Dates like 01/02/2026 are read month first (12/18/2026)", "The columns"]);
  });

  test("the API's English words", async () => {
    const res = await en.request("/api/projects/999999");
    expect(((await res.json()) as { message: string }).message).toBe("Project not found");
    const bad = await en.request("/api/projects", { method: "POST", json: { name: "Sign", workflowId, endDate: "2026-02-30" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/Due date must be a date, e\.g\. 2026-03-31/);
    const late = await en.request(`/api/projects/${projectId}`, { method: "PATCH", json: { startDate: "2026-07-10", endDate: "2026-07-01" } });
    expect(((await late.json()) as { message: string }).message).toBe("The due date is before the start date");
  });
});

describe("a refused project form's toast", () => {
  test("is titled in the language of the request that failed, not the one the server started in", async () => {
    const refuse = async (c: Client) =>
      visibleHtml(await c.request(`/projects/${projectId}`, { method: "POST", form: { intent: "update-step", stepId: "99999999", version: "1" } }));
    const spanish = await refuse(es);
    expect(spanish).toContain("No se pudo actualizar");
    expect(spanish).not.toContain("Update Failed");
    expect(await refuse(en)).toContain("Update Failed");
  });
});
