import { beforeAll, describe, expect, test } from "bun:test";
import { type Client, createApp, hooks, visibleHtml } from "../helpers/app";

// The answers every /api route shares (validation, refusals, unknown addresses) and the plain error pages speak the
// request's language: the member's own, else the device's switch (cookie), else Accept-Language. English is as it was.

const app = createApp({ DEMO: "1" });
// A second copy of the schemas' messages in this process, loaded after the server's (as a unit test run beside this
// file loads it): zod keeps one configuration per process, and the server must still answer with its own copy's.
await import("~/schemas/messages");
const ES = { "accept-language": "es" };
const EN = { "accept-language": "en" };

// Signed in as management: one device switched to Español, one that only says what its browser asks for.
let spanish: Client;
let device: Client;
beforeAll(async () => {
  hooks.bootstrapDatabase(hooks.getEnv(), () => {});
  spanish = app.client("10.0.0.2");
  spanish.cookies().set("shopflow_lang", "es");
  await spanish.signIn("1234");
  device = app.client("10.0.0.3");
  await device.signIn("1234");
});

async function signedIn(language?: "es") {
  return language ? spanish : device;
}

describe("/api errors in Spanish", () => {
  test("a 400 names the missing field in Spanish, and in English without Spanish asked for", async () => {
    const c = await signedIn();
    const es = await c.request("/api/projects", { method: "POST", json: { name: "", workflowId: 1 }, headers: ES });
    expect(es.status).toBe(400);
    const body = (await es.json()) as { message: string; issues: { path: string; message: string }[] };
    expect(body.message).toBe("El nombre del proyecto es obligatorio");
    expect(body.issues).toContainEqual({ path: "name", message: "El nombre del proyecto es obligatorio" });

    const en = await c.request("/api/projects", { method: "POST", json: { name: "", workflowId: 1 }, headers: EN });
    expect(en.status).toBe(400);
    expect(((await en.json()) as { message: string }).message).toBe("Project name is required");
  });

  test("zod's own sentences and a due date before the start, in Spanish", async () => {
    const c = await signedIn("es");
    const wrongType = await c.request("/api/projects", { method: "POST", json: { name: "Letrero", workflowId: 1, priority: "soon" } });
    expect(wrongType.status).toBe(400);
    expect(((await wrongType.json()) as { message: string }).message).toBe('El campo "priority" debe ser uno de estos: rush, high, medium, low.');

    const order = await c.request("/api/projects", {
      method: "POST",
      json: { name: "Letrero", workflowId: 1, startDate: "2026-05-02", endDate: "2026-05-01" },
    });
    expect(order.status).toBe(400);
    expect(((await order.json()) as { message: string }).message).toBe("La fecha de entrega es anterior a la fecha de inicio");
  });

  test("a field the call does not take, and a body that is not JSON", async () => {
    const c = await signedIn();
    const unknown = await c.request("/api/projects", { method: "POST", json: { name: "Letrero", workflowId: 1, colour: "red" }, headers: ES });
    expect(unknown.status).toBe(400);
    const body = (await unknown.json()) as { message: string; issues: { path: string; message: string }[] };
    expect(body.message).toStartWith("El cuerpo de la solicitud tiene un campo que esta llamada no acepta: colour. Acepta: name, ");
    expect(body.issues[0]).toEqual({ path: "colour", message: "colour no es un campo que esta llamada acepte" });

    const enUnknown = await c.request("/api/projects", { method: "POST", json: { name: "Sign", workflowId: 1, colour: "red" }, headers: EN });
    expect(((await enUnknown.json()) as { message: string }).message).toStartWith(
      "The request body has a field this call does not take: colour. It takes: name, ",
    );

    const bad = await c.request("/api/projects", { method: "POST", body: "{not json", headers: { ...ES, "content-type": "application/json" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "El cuerpo de la solicitud debe ser JSON válido" });
  });

  test("401 signed out, in the language the browser asks for", async () => {
    const c = app.client();
    const es = await c.request("/api/projects", { headers: { "accept-language": "es-MX,es;q=0.9,en;q=0.5" } });
    expect(es.status).toBe(401);
    expect(await es.json()).toEqual({ message: "Se requiere autenticación" });

    const en = await c.request("/api/projects", { headers: EN });
    expect(en.status).toBe(401);
    expect(await en.json()).toEqual({ message: "Authentication required" });
  });

  test("404 for an unknown address and for an id that is not one", async () => {
    const c = await signedIn("es");
    const nowhere = await c.request("/api/no-such-thing");
    expect(nowhere.status).toBe(404);
    expect(await nowhere.json()).toEqual({ message: "No encontrado" });

    const project = await c.request("/api/projects/abc");
    expect(project.status).toBe(404);
    expect(await project.json()).toEqual({ message: "Proyecto no encontrado" });

    const item = await c.request("/api/items/0x1");
    expect(item.status).toBe(404);
    expect(await item.json()).toEqual({ message: "Artículo no encontrado" });

    const en = await signedIn();
    expect(await (await en.request("/api/no-such-thing")).json()).toEqual({ message: "Not found" });
    expect(await (await en.request("/api/projects/abc")).json()).toEqual({ message: "Project not found" });
  });

  test("a refused method, a wrong body type and a write from another site", async () => {
    const c = await signedIn("es");
    const method = await c.request("/api/projects", { method: "PUT", json: {} });
    expect(method.status).toBe(405);
    expect(((await method.json()) as { message: string }).message).toStartWith("Método no permitido: esta dirección no acepta PUT. Acepta ");

    const type = await c.request("/api/projects", { method: "POST", body: "name=x", headers: { "content-type": "text/plain" } });
    expect(type.status).toBe(415);
    expect(await type.json()).toEqual({ message: "Envíe el cuerpo como application/json (encabezado Content-Type)." });

    const cross = await c.request("/api/projects", { method: "POST", json: { name: "x", workflowId: 1 }, headers: { origin: "https://evil.example" } });
    expect(cross.status).toBe(403);
    expect(await cross.json()).toEqual({
      message: "Esta solicitud vino de otro sitio, así que se rechazó. Abra Shopflow directamente e inténtelo de nuevo.",
    });

    const en = await signedIn();
    const enCross = await en.request("/api/projects", {
      method: "POST",
      json: { name: "x", workflowId: 1 },
      headers: { ...EN, origin: "https://evil.example" },
    });
    expect(await enCross.json()).toEqual({ message: "This request came from another site, so it was refused. Open Shopflow itself and try again." });
  });
});

describe("the plain error page in Spanish", () => {
  test("a page's write from another site is refused in Spanish, on a page that says it is Spanish", async () => {
    const c = await signedIn("es");
    const res = await c.request("/projects", { method: "POST", form: { intent: "x" }, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    const html = await visibleHtml(res);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain("Acceso denegado");
    expect(html).toContain("Esta solicitud vino de otro sitio, así que se rechazó.");
    expect(html).toContain("Ir al inicio");

    const en = await signedIn();
    const enHtml = await visibleHtml(
      await en.request("/projects", { method: "POST", form: { intent: "x" }, headers: { ...EN, origin: "https://evil.example" } }),
    );
    expect(enHtml).toContain('<html lang="en">');
    expect(enHtml).toContain("Access Denied");
    expect(enHtml).toContain("Go to Home");
  });
});
