import type { Page } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO, expect, test, toast } from "./fixtures";
import { ageSession, expectNoSeriousA11yViolations, expectNoSidewaysScroll, visit } from "./helpers";

/** Diego Ramos speaks Spanish (db/seed/demo.ts, README's demo PINs): production and fabrication keys. */
const DIEGO = { name: "Diego Ramos", pin: "6666" } as const;

// app/locales/es/floor.po
const ES = {
  manufacturingFlow: "Flujo de manufactura",
  tracking: "Seguimiento de la producción de cada departamento del taller",
  tiles: ["Preproducción", "Piso de producción", "Fabricación", "Gestión de proyectos"],
  globalLogin: "Inicio de sesión general",
  enterPin: "Ingrese su PIN de 4 dígitos para continuar",
  continue: "Continuar",
  qrTimer: "Temporizador QR",
  scanField: "Escanee o escriba un código QR o el ID del artículo",
  process: "Procesar",
  timerStarted: "Temporizador iniciado",
  stoppedAdvanced: "Temporizador detenido y avanzado",
  paused: "Temporizador pausado",
  running: "En marcha",
  doubleScan: "Ya iniciado — ¿escaneó dos veces? Escanee de nuevo en unos segundos para detener.",
  doubleTap: "Iniciado hace un momento — ¿tocó dos veces? Pulse Listo de nuevo en unos segundos para detener.",
  doubleStart: (dept: string) => `Recién pasado a ${dept} — ¿escaneó dos veces? Escanee de nuevo en unos segundos para iniciarlo allí.`,
  inDept: (item: string, dept: string) => `${item} en ${dept}.`,
  movedTo: (item: string, dept: string) => `${item} pasó a ${dept}.`,
  staysIn: (item: string, dept: string) => `${item} se queda en ${dept}.`,
  workList: (dept: string) => `Lista de trabajo de ${dept}`,
  runningNow: /^En marcha ahora/,
  waiting: /^En espera/,
  start: "Iniciar",
  pause: "Pausar",
  done: "Listo",
  startTimer: "Iniciar temporizador",
  productionFloor: "Piso de producción",
  machineFiles: (machine: string) => `Archivos de ${machine}`,
};

const PHONE = { width: 360, height: 800 };

/**
 * Buttons, links drawn as buttons (.btn) and headings that are shown but whose text runs past their box: cut at the
 * side. One that truncates on purpose (text-overflow: ellipsis, with the whole text in its title) is not counted.
 */
async function clippedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const selector = "button, [role=button], a.btn, h1, h2, h3, h4, h5, h6";
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (el.closest(".sr-only, [hidden], [aria-hidden=true]")) continue;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === "hidden" || style.display === "none") continue;
      if (el.scrollWidth <= el.clientWidth + 1) continue;
      const truncates = [el, ...Array.from(el.querySelectorAll<HTMLElement>("*"))].some(
        (e) => getComputedStyle(e).textOverflow === "ellipsis" && !!(e.title || el.title),
      );
      if (truncates) continue;
      const text = (el.textContent || el.getAttribute("aria-label") || "").replace(/\s+/g, " ").trim();
      out.push(`<${el.tagName.toLowerCase()}> "${text.slice(0, 60)}" ${el.scrollWidth}px in ${el.clientWidth}px`);
    }
    return out;
  });
}

/**
 * axe on the page as a browser without JavaScript shows it. axe is a script, and a context with JavaScript off runs
 * none (its evaluate never settles), so, as tests/e2e/a11y.e2e.ts does, the same address is opened again, with the
 * same cookies, in a context where JavaScript runs but every script the page loads is blocked and <noscript> is put
 * in place. What a form post answered (a flash, a refusal) is not in that second load: axe sees the screen's GET.
 */
async function expectNoSeriousA11yViolationsWithoutJs(page: Page, label: string, clientIp: string) {
  const context = await page
    .context()
    .browser()!
    .newContext({
      javaScriptEnabled: true,
      storageState: await page.context().storageState(),
      // The page's own browser language (the describe's `locale`), read without a script of the page's.
      locale: await page.evaluate(() => navigator.language),
      viewport: page.viewportSize(),
      extraHTTPHeaders: { "X-Forwarded-For": clientIp },
    });
  try {
    await context.route("**/*", (route) => (route.request().resourceType() === "script" ? route.abort() : route.continue()));
    const scriptless = await context.newPage();
    await scriptless.goto(page.url());
    await expect(scriptless.locator("html")).toHaveAttribute("lang", "es");
    await scriptless.evaluate(() => {
      for (const el of Array.from(document.querySelectorAll("noscript"))) {
        const template = document.createElement("template");
        template.innerHTML = el.textContent ?? "";
        el.replaceWith(template.content);
      }
    });
    await expectNoSeriousA11yViolations(scriptless, `${label}, without JavaScript`);
  } finally {
    await context.close();
  }
}

/**
 * The English of every Spanish message with no placeholder (app/locales/es/*.po, msgid → msgstr where they differ):
 * one of these on a Spanish screen, whole, is a word left in English.
 */
const ENGLISH_SOURCES: Set<string> = (() => {
  const out = new Set<string>();
  const dir = fileURLToPath(new URL("../../app/locales/es", import.meta.url));
  const unquote = (lines: string[]) => lines.map((l) => JSON.parse(l.replace(/^msg(id|str) /, "")) as string).join("");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".po"))) {
    for (const entry of readFileSync(path.join(dir, file), "utf8").split(/\n\n+/)) {
      const lines = entry.split("\n").filter((l) => /^(msgid |msgstr |")/.test(l));
      const at = lines.findIndex((l) => l.startsWith("msgstr "));
      if (at < 0) continue;
      const id = unquote(lines.slice(0, at));
      const str = unquote(lines.slice(at));
      if (id && str && id !== str && !/[{<]/.test(id) && id.length >= 3) out.add(id);
    }
  }
  return out;
})();

/** Shown text (and aria-label, title, placeholder) that is, whole, an English message of the catalogs. */
async function englishLeftovers(page: Page, shopWords: ReadonlySet<string>): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest("script, style, noscript, [hidden]")) continue;
      const text = (n.textContent ?? "").replace(/\s+/g, " ").trim();
      if (text) out.push(text);
    }
    for (const el of Array.from(document.querySelectorAll("[aria-label], [title], [placeholder]"))) {
      for (const a of ["aria-label", "title", "placeholder"]) {
        const v = el.getAttribute(a)?.trim();
        if (v) out.push(v);
      }
    }
    out.push(document.title);
    return out;
  });
  return [...new Set(texts.filter((x) => ENGLISH_SOURCES.has(x) && !shopWords.has(x)))];
}

/** What the shop typed (departments', machines' names): not translated, so not a leftover. */
let shopWords: ReadonlySet<string> = new Set();
async function loadShopWords(page: Page) {
  const names = async (url: string) => ((await (await page.request.get(url)).json()) as { name: string }[]).map((r) => r.name);
  shopWords = new Set([...(await names("/api/departments")), ...(await names("/api/machines"))]);
}

/**
 * Known problems of the Spanish floor, left to the app's code (this spec does not change it), each checked as far as
 * it works: remove an entry once its fix lands, and the full check applies again.
 */
/** The checks every Spanish floor screen gets at 360 px. */
async function expectSpanishPhoneScreen(page: Page, label: string, { js, clientIp }: { js: boolean; clientIp: string }) {
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  expect(await englishLeftovers(page, shopWords), `English left on ${label}`).toEqual([]);
  await expectNoSidewaysScroll(page);
  const clipped = await clippedControls(page);
  expect(clipped, `buttons and headings cut on ${label}`).toEqual([]);
  if (js) await expectNoSeriousA11yViolations(page, label);
  else await expectNoSeriousA11yViolationsWithoutJs(page, label, clientIp);
}

/** A fresh item in pre-production on a project of its own; its category goes pre-production → production → …. */
async function newItem(page: Page, baseURL: string, label: string) {
  const origin = new URL(baseURL).origin;
  const headers = { origin };
  const categories = (await (await page.request.get("/api/categories")).json()) as { name: string; departmentSequence: string[] }[];
  const category = categories.find((c) => c.departmentSequence[0] === "pre-production" && c.departmentSequence[1] === "production")!;
  expect(category, "a category from pre-production to production").toBeTruthy();
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { id: number }[];
  const project = await page.request.post("/api/projects", {
    data: { name: `E2E Español ${label} ${Date.now()}`, description: "Spanish floor", workflowId: workflows[0]!.id },
    headers,
  });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { id: number }).id;
  const name = `Letrero ${label}`;
  const item = await page.request.post("/api/items", {
    data: { name, category: category.name, projectId, department: "pre-production" },
    headers,
  });
  expect(item.status()).toBe(201);
  const { id } = (await item.json()) as { id: number };
  const departments = (await (await page.request.get("/api/departments")).json()) as { value: string; name: string }[];
  const nameOf = (value: string) => departments.find((d) => d.value === value)?.name ?? value;
  const after = category.departmentSequence[2];
  return {
    id,
    name,
    projectId,
    origin,
    here: nameOf("pre-production"),
    next: "production",
    nextName: nameOf("production"),
    afterName: after ? nameOf(after) : null,
  };
}

const itemState = async (page: Page, id: number) =>
  (await (await page.request.get(`/api/items/${id}`)).json()) as { isTimerActive: boolean; department: string };

test.describe("a Spanish browser, signed out", () => {
  test.use({ locale: "es-MX", viewport: PHONE });

  test("sign-in and Home speak Spanish; the English/Español switch goes to English and back", { tag: "@no-js" }, async ({ page, js, clientIp }) => {
    await test.step("Home: Spanish heading and tiles, lang=es", async () => {
      await visit(page, js, "/");
      await expect(page.getByRole("heading", { level: 1, name: ES.manufacturingFlow })).toBeVisible();
      await expect(page.getByText(ES.tracking, { exact: true })).toBeVisible();
      for (const tile of ES.tiles) await expect(page.getByRole("main").getByText(tile, { exact: true }).first()).toBeVisible();
      await expectSpanishPhoneScreen(page, "Home, signed out (es)", { js, clientIp });
    });

    await test.step("the sign-in page is Spanish", async () => {
      await visit(page, js, "/login");
      await expect(page.getByRole("heading", { level: 1, name: ES.globalLogin })).toBeVisible();
      await expect(page.getByText(ES.enterPin, { exact: true })).toBeVisible();
      if (!js) await expect(page.getByRole("button", { name: ES.continue })).toBeVisible();
      await expect(page.getByRole("button", { name: "Español" })).toHaveAttribute("aria-pressed", "true");
      await expectSpanishPhoneScreen(page, "/login (es)", { js, clientIp });
    });

    await test.step("English: the page comes back in English; Español: Spanish again", async () => {
      await page.getByRole("button", { name: "English" }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("heading", { level: 1, name: "Global Login" })).toBeVisible();
      await expect(page.getByText("Enter your 4-digit PIN to continue", { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");
      // The device remembers it: Home is English too, whatever the browser asks for.
      await visit(page, js, "/");
      await expect(page.getByRole("heading", { level: 1, name: "Manufacturing Flow" })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", "en");

      await visit(page, js, "/login");
      await page.getByRole("button", { name: "Español" }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expect(page.getByRole("heading", { level: 1, name: ES.globalLogin })).toBeVisible();
      await visit(page, js, "/");
      await expect(page.getByRole("heading", { level: 1, name: ES.manufacturingFlow })).toBeVisible();
    });
  });
});

test.describe("an English browser", () => {
  test.use({ locale: "en-US", viewport: PHONE });

  test("Diego, whose language is Spanish, gets every floor screen in Spanish, and each fits 360 px", { tag: "@no-js" }, async ({
    page,
    js,
    baseURL,
    signIn,
    appServer,
    clientIp,
  }) => {
    test.setTimeout(150_000);
    await signIn(DEMO.admin);
    await loadShopWords(page);
    const tag = js ? "js" : "nojs";
    const scanned = await newItem(page, baseURL!, `escaneo ${tag}`);
    const label = await newItem(page, baseURL!, `etiqueta ${tag}`);
    // A file of that project on the machine's queue: its name ends in a 13-digit number, a word longer than a phone
    // card's value column once the Spanish label beside it ('Nombre del proyecto') has taken its room.
    const file = await page.request.post("/api/machine-ready-files/bulk", {
      data: { files: [{ fileName: `letrero-${tag}.pdf`, machine: "hp-latex-800", projectId: label.projectId }] },
      headers: { origin: label.origin },
    });
    expect(file.status()).toBe(201);
    await signIn(DIEGO);

    await test.step("QR Timer: a scan starts the timer, in Spanish", async () => {
      await visit(page, js, "/qr-scanner");
      await expect(page.getByRole("heading", { level: 1, name: ES.qrTimer })).toBeVisible();
      await expectSpanishPhoneScreen(page, "QR Timer (es)", { js, clientIp });
      await page.getByLabel(ES.scanField).fill(String(scanned.id));
      await page.getByRole("button", { name: ES.process, exact: true }).click();
      await expect(toast(page, js, ES.timerStarted)).toBeVisible();
      await expect(page.getByText(ES.inDept(scanned.name, scanned.here), { exact: true }).first()).toBeVisible();
      await expect(page.getByTestId("scan-result").getByText(ES.running, { exact: true })).toBeVisible();
      await expectSpanishPhoneScreen(page, "QR Timer after a start (es)", { js, clientIp });
    });

    await test.step("the same label read again at once: the Spanish double-scan refusal", async () => {
      await page.getByLabel(ES.scanField).fill(String(scanned.id));
      await page.getByRole("button", { name: ES.process, exact: true }).click();
      await expect(page.getByText(ES.doubleScan).first()).toBeVisible();
      expect(await itemState(page, scanned.id)).toMatchObject({ isTimerActive: true });
      await expectSpanishPhoneScreen(page, "QR Timer, a double read (es)", { js, clientIp });
    });

    await test.step("a later read stops it and moves it on, in Spanish", async () => {
      ageSession(appServer.dataDir, scanned.id);
      await page.getByLabel(ES.scanField).fill(String(scanned.id));
      await page.getByRole("button", { name: ES.process, exact: true }).click();
      await expect(toast(page, js, ES.stoppedAdvanced)).toBeVisible();
      await expect(page.getByText(ES.movedTo(scanned.name, scanned.nextName), { exact: true }).first()).toBeVisible();
      expect(await itemState(page, scanned.id)).toMatchObject({ isTimerActive: false, department: scanned.next });
      await expectSpanishPhoneScreen(page, "QR Timer after a stop (es)", { js, clientIp });
    });

    await test.step("read once more at once: a second read of that stop, refused in Spanish", async () => {
      await page.getByLabel(ES.scanField).fill(String(scanned.id));
      await page.getByRole("button", { name: ES.process, exact: true }).click();
      await expect(page.getByText(ES.doubleStart(scanned.nextName)).first()).toBeVisible();
      expect(await itemState(page, scanned.id)).toMatchObject({ isTimerActive: false, department: scanned.next });
      await expectSpanishPhoneScreen(page, "QR Timer, a second read after a move (es)", { js, clientIp });
    });

    await test.step("the work list: Start, Pause (it stays), Done (it moves on), all in Spanish", async () => {
      await visit(page, js, `/work/${scanned.next}`);
      await expect(page.getByRole("heading", { level: 1, name: ES.workList(scanned.nextName) })).toBeVisible();
      const waiting = page.getByRole("region", { name: ES.waiting });
      const running = page.getByRole("region", { name: ES.runningNow });
      await expect(waiting.getByTestId(`work-item-${scanned.id}`)).toBeVisible();
      await expectSpanishPhoneScreen(page, "work list (es)", { js, clientIp });

      await waiting
        .getByTestId(`work-item-${scanned.id}`)
        .getByRole("button", { name: `${ES.start} ${scanned.name}`, exact: true })
        .click();
      await expect(toast(page, js, ES.timerStarted)).toBeVisible();
      const runningCard = running.getByTestId(`work-item-${scanned.id}`);
      await expect(runningCard).toBeVisible();
      await expect(runningCard).toContainText(`por ${DIEGO.name}`);
      await expectSpanishPhoneScreen(page, "work list, an item running (es)", { js, clientIp });

      await runningCard.getByRole("button", { name: `${ES.pause} ${scanned.name}`, exact: true }).click();
      await expect(toast(page, js, ES.paused)).toBeVisible();
      await expect(page.getByText(ES.staysIn(scanned.name, scanned.nextName), { exact: true }).first()).toBeVisible();
      await expect(waiting.getByTestId(`work-item-${scanned.id}`)).toBeVisible();
      expect(await itemState(page, scanned.id)).toMatchObject({ isTimerActive: false, department: scanned.next });

      await waiting
        .getByTestId(`work-item-${scanned.id}`)
        .getByRole("button", { name: `${ES.start} ${scanned.name}`, exact: true })
        .click();
      await expect(running.getByTestId(`work-item-${scanned.id}`)).toBeVisible();
      ageSession(appServer.dataDir, scanned.id);
      const done = running.getByTestId(`work-item-${scanned.id}`).getByRole("button", { name: new RegExp(`^${ES.done} (→ .+|— .+) ${scanned.name}$`) });
      await expect(done).toBeVisible();
      await expectSpanishPhoneScreen(page, "work list, Done and Pause (es)", { js, clientIp });
      await done.click();
      await expect(toast(page, js, ES.stoppedAdvanced)).toBeVisible();
      await expect(page.getByTestId(`work-item-${scanned.id}`)).toHaveCount(0);
      expect((await itemState(page, scanned.id)).department).not.toBe(scanned.next);
    });

    await test.step("the item's label page /qr/{id}: Start, a double tap, Done, in Spanish", async () => {
      await visit(page, js, `/qr/${label.id}`);
      await expect(page.getByRole("heading", { level: 1, name: label.name })).toBeVisible();
      await expectSpanishPhoneScreen(page, "/qr/{id} (es)", { js, clientIp });
      await page.getByRole("button", { name: ES.startTimer }).click();
      await expect(toast(page, js, ES.timerStarted)).toBeVisible();
      await expect(page.getByText(ES.running, { exact: true }).first()).toBeVisible();
      await page.getByRole("button", { name: new RegExp(`^${ES.done}`) }).click();
      await expect(page.getByText(ES.doubleTap).first()).toBeVisible();
      expect(await itemState(page, label.id)).toMatchObject({ isTimerActive: true });
      await expectSpanishPhoneScreen(page, "/qr/{id} running, a double tap (es)", { js, clientIp });
      ageSession(appServer.dataDir, label.id);
      await page.getByRole("button", { name: new RegExp(`^${ES.done}`) }).click();
      await expect(toast(page, js, ES.stoppedAdvanced)).toBeVisible();
      await expect(page.getByTestId("qr-department")).toHaveText(label.nextName);
      await expectSpanishPhoneScreen(page, "/qr/{id} after Done (es)", { js, clientIp });
    });

    await test.step("the production floor and a machine's queue", async () => {
      await visit(page, js, "/production");
      await expect(page.getByRole("heading", { level: 1, name: ES.productionFloor })).toBeVisible();
      await expectSpanishPhoneScreen(page, "production floor (es)", { js, clientIp });
      await visit(page, js, "/production/hp-latex-800");
      await expect(page.getByRole("heading", { level: 1, name: ES.machineFiles("HP Latex 800") })).toBeVisible();
      await expectSpanishPhoneScreen(page, "machine queue HP Latex 800 (es)", { js, clientIp });
    });
  });

  test("an English member on an English browser still reads English on the QR Timer", { tag: "@no-js" }, async ({ page, js, baseURL, signIn }) => {
    await signIn(DEMO.admin);
    const item = await newItem(page, baseURL!, `english ${js ? "js" : "nojs"}`);
    await visit(page, js, "/qr-scanner");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "QR Timer" })).toBeVisible();
    await page.getByLabel("Scan or type a QR code or item ID").fill(String(item.id));
    await page.getByRole("button", { name: "Process", exact: true }).click();
    await expect(toast(page, js, "Timer Started")).toBeVisible();
    await expect(page.getByText(`${item.name} in ${item.here}.`, { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId("scan-result").getByText("Running", { exact: true })).toBeVisible();
  });
});
