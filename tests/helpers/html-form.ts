// A browser without JavaScript, as a request test: it reads the page the app rendered, fills and submits the page's
// real <form> as a browser does (the HTML standard's form submission: its entry list, the submitter's name and
// value, formaction/formmethod/formenctype, multipart where the form says so, `required` checked before sending)
// and follows redirects with the client's cookies. A no-JavaScript flow then runs against the real app in
// milliseconds instead of a browser's seconds, and stays a test of the page: a field, a button or an option that
// is not on the page cannot be filled or pressed.
import { parseHTML } from "linkedom";
import type { Client } from "./app";

type Doc = ReturnType<typeof parseHTML>["document"];
type El = ReturnType<Doc["querySelector"]> & {};

/** A text to match: an exact string (after collapsing white space) or a pattern. */
export type TextMatch = string | RegExp;

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();
const matches = (text: string, m: TextMatch) => (typeof m === "string" ? collapse(text) === m : m.test(collapse(text)));

/** The headers Chromium sends with a top-level navigation, so the server answers as it answers a browser. */
function navigationHeaders(site: "none" | "same-origin"): Record<string, string> {
  return {
    accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "sec-fetch-mode": "navigate",
    "sec-fetch-dest": "document",
    "sec-fetch-site": site,
    "sec-fetch-user": "?1",
  };
}

const SKIP = new Set(["SCRIPT", "STYLE", "TEMPLATE"]);
// Elements a browser lays out on lines or in cells of their own: their text never runs into the next one's.
const BLOCK =
  /^(ADDRESS|ARTICLE|ASIDE|BLOCKQUOTE|BR|BUTTON|CAPTION|DD|DETAILS|DIALOG|DIV|DL|DT|FIELDSET|FIGCAPTION|FIGURE|FOOTER|FORM|H[1-6]|HEADER|HR|LABEL|LEGEND|LI|MAIN|NAV|OL|OPTION|P|PRE|SECTION|SELECT|SUMMARY|TABLE|TBODY|TD|TFOOT|TH|THEAD|TR|UL)$/;

/**
 * Text a person sees: no scripts, styles, templates or hidden elements (noscript shows: JavaScript is off). For a
 * name (`named`), what is hidden from assistive technology (aria-hidden icons and arrows) is left out too, as a
 * browser's accessible name leaves it out.
 */
function visibleText(root: El, named = false): string {
  const parts: string[] = [];
  const walk = (node: { nodeType: number; childNodes: ArrayLike<unknown>; textContent: string | null }) => {
    if (node.nodeType === 3) {
      parts.push(node.textContent ?? "");
      return;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
    const el = node as unknown as El;
    if (node.nodeType === 1 && (SKIP.has(el.tagName) || el.hasAttribute("hidden"))) return;
    if (named && node.nodeType === 1 && el.getAttribute("aria-hidden") === "true") return;
    const block = node.nodeType === 1 && BLOCK.test(el.tagName);
    if (block) parts.push(" ");
    for (const child of Array.from(node.childNodes)) walk(child as typeof node);
    if (block) parts.push(" ");
  };
  walk(root as unknown as Parameters<typeof walk>[0]);
  return collapse(parts.join(""));
}

/** A name a person would read on a button or a link: aria-label, else its text, else an input button's value. */
function accessibleName(el: El): string {
  const label = el.getAttribute("aria-label");
  if (label) return collapse(label);
  if (el.tagName === "INPUT") return collapse(el.getAttribute("value") ?? "");
  return visibleText(el, true);
}

export type NavigateInit = { method?: string; body?: BodyInit; headers?: Record<string, string>; site?: "none" | "same-origin" };

/** Requests `target` and follows redirects as a browser does (303, and 301/302 after a POST, become GET). */
export async function navigate(client: Client, target: string, init: NavigateInit = {}): Promise<HtmlPage> {
  let url = new URL(target, "http://localhost");
  let method = (init.method ?? "GET").toUpperCase();
  let body = init.body;
  let headers = { ...navigationHeaders(init.site ?? "none"), ...init.headers };
  const redirects: string[] = [];
  for (let hop = 0; ; hop++) {
    if (hop > 20) throw new Error(`more than 20 redirects: ${redirects.join(" → ")}`);
    const res = await client.request(url.pathname + url.search, { method, body, headers });
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) {
      await res.arrayBuffer();
      redirects.push(location);
      url = new URL(location, url);
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
        method = "GET";
        body = undefined;
        const { "content-type": _, ...rest } = headers;
        headers = rest;
      }
      headers = { ...headers, ...navigationHeaders("same-origin") };
      continue;
    }
    return new HtmlPage(client, url, res.status, res.headers, await res.text(), redirects);
  }
}

/** Opens `path` as a person typing it into the address bar would. */
export const open = (client: Client, path: string) => navigate(client, path);

export class HtmlPage {
  readonly document: Doc;
  constructor(
    readonly client: Client,
    /** Where the browser ended up, after redirects. */
    readonly url: URL,
    readonly status: number,
    readonly headers: Headers,
    readonly html: string,
    /** Every Location followed on the way here. */
    readonly redirects: string[],
  ) {
    this.document = parseHTML(html).document;
    // HTML attribute names are case-insensitive and a browser lowercases them; linkedom keeps React's spelling
    // (noValidate, maxLength, readOnly, formAction...), so they are lowercased here once.
    for (const el of this.document.querySelectorAll("*")) {
      for (const { name, value } of [...el.attributes]) {
        const lower = name.toLowerCase();
        if (lower !== name) {
          el.removeAttribute(name);
          el.setAttribute(lower, value);
        }
      }
    }
  }

  /** Everything a person reads on the page, white space collapsed. */
  text(): string {
    return visibleText(this.document.body ?? this.document.documentElement);
  }

  $(selector: string): El | null {
    return this.document.querySelector(selector);
  }

  $$(selector: string): El[] {
    return [...this.document.querySelectorAll(selector)];
  }

  /** Visible text of the first element matching `selector` (throws when none). */
  textOf(selector: string): string {
    const el = this.$(selector);
    if (!el) throw new Error(`no ${selector} on ${this.url.pathname}${this.url.search}`);
    return visibleText(el);
  }

  /** Every form on the page. */
  forms(): HtmlForm[] {
    return this.$$("form").map((f) => new HtmlForm(this, f));
  }

  /**
   * The one form that has a submit button named `button` (and, if given, whose action matches `action`, or that is
   * inside `within`, a CSS selector). Throws when none or several match, listing what the page has.
   */
  form(query: { button?: TextMatch; action?: TextMatch; within?: string; field?: string } = {}): HtmlForm {
    const found = this.forms().filter((f) => {
      if (query.button !== undefined && !f.submitButtons().some((b) => matches(accessibleName(b), query.button!))) return false;
      if (query.action !== undefined && !matches(f.action().pathname + f.action().search, query.action)) return false;
      if (query.within !== undefined && !f.element.closest(query.within)) return false;
      if (query.field !== undefined && !f.controls().some((c) => c.getAttribute("name") === query.field)) return false;
      return true;
    });
    if (found.length === 1) return found[0]!;
    const have = this.forms().map((f) => `${f.method()} ${f.action().pathname}${f.action().search} [${f.submitButtons().map(accessibleName).join(" | ")}]`);
    throw new Error(
      `${found.length === 0 ? "no" : `${found.length}`} form(s) match ${JSON.stringify(query, (_, v) => (v instanceof RegExp ? String(v) : v))} on ${this.url.pathname}${this.url.search}; the page has:\n  ${have.join("\n  ") || "(no forms)"}`,
    );
  }

  /** The href of the one link named `name`. */
  link(name: TextMatch): string {
    const found = this.$$("a[href]").filter((a) => matches(accessibleName(a), name));
    if (found.length === 0) {
      throw new Error(`no link ${String(name)} on ${this.url.pathname}; links: ${this.$$("a[href]").map(accessibleName).join(" | ")}`);
    }
    const hrefs = new Set(found.map((a) => a.getAttribute("href")));
    if (hrefs.size > 1) throw new Error(`${hrefs.size} different links named ${String(name)}: ${[...hrefs].join(", ")}`);
    return new URL(found[0]!.getAttribute("href")!, this.url).toString();
  }

  /** Clicks the link named `name`. */
  click(name: TextMatch): Promise<HtmlPage> {
    const href = new URL(this.link(name));
    return navigate(this.client, href.pathname + href.search, { site: "same-origin" });
  }
}

type Value = string | string[] | boolean | File;

export class HtmlForm {
  private values = new Map<string, Value>();
  private files = new Map<string, File[]>();

  constructor(
    readonly page: HtmlPage,
    readonly element: El,
  ) {}

  /** The form's controls in tree order: its descendants and the elements elsewhere that name it with form="…". */
  controls(): El[] {
    const id = this.element.getAttribute("id");
    const all = this.page.$$("input, select, textarea, button");
    return all.filter((el) => {
      const owner = el.getAttribute("form");
      if (owner !== null) return id !== null && owner === id;
      return el.closest("form") === this.element;
    });
  }

  submitButtons(): El[] {
    return this.controls().filter((el) => {
      const type = (el.getAttribute("type") ?? "").toLowerCase();
      return el.tagName === "BUTTON" ? type === "" || type === "submit" : el.tagName === "INPUT" && (type === "submit" || type === "image");
    });
  }

  method(): "GET" | "POST" {
    return (this.element.getAttribute("method") ?? "get").toLowerCase() === "post" ? "POST" : "GET";
  }

  action(): URL {
    return new URL(this.element.getAttribute("action") ?? "", this.page.url);
  }

  private named(name: string): El[] {
    const els = this.controls().filter((el) => el.getAttribute("name") === name && !this.isButton(el));
    if (els.length === 0) {
      const names = [
        ...new Set(
          this.controls()
            .map((c) => c.getAttribute("name"))
            .filter(Boolean),
        ),
      ];
      throw new Error(`the form has no field named "${name}"; it has: ${names.join(", ")}`);
    }
    return els;
  }

  private isButton(el: El) {
    const type = (el.getAttribute("type") ?? "").toLowerCase();
    return el.tagName === "BUTTON" || (el.tagName === "INPUT" && ["submit", "image", "reset", "button"].includes(type));
  }

  /**
   * Sets fields by name, as a person would: text for inputs and text areas, an option's value (or its text) for a
   * select (a value the select does not offer throws), true/false for a checkbox, the value to pick for radios and
   * checkbox groups, a File for a file input. A disabled or read-only field throws.
   */
  fill(fields: Record<string, Value>): this {
    for (const [name, value] of Object.entries(fields)) {
      const els = this.named(name);
      for (const el of els) {
        if (this.disabled(el)) throw new Error(`"${name}" is disabled: a person cannot change it`);
        if (el.hasAttribute("readonly")) throw new Error(`"${name}" is read-only: a person cannot change it`);
      }
      const first = els[0]!;
      const type = (first.getAttribute("type") ?? "").toLowerCase();
      if (first.tagName === "SELECT") {
        const wanted = Array.isArray(value) ? value : [String(value)];
        const options = [...first.querySelectorAll("option")];
        const picked = wanted.map((w) => {
          const o = options.find((opt) => optionValue(opt) === w) ?? options.find((opt) => collapse(opt.textContent ?? "") === w);
          if (!o) throw new Error(`"${name}" offers no option ${JSON.stringify(w)}; it offers: ${options.map(optionValue).join(", ")}`);
          if (o.hasAttribute("disabled")) throw new Error(`option ${JSON.stringify(w)} of "${name}" is disabled`);
          return optionValue(o);
        });
        this.values.set(name, first.hasAttribute("multiple") ? picked : picked[0]!);
      } else if (type === "file") {
        const list = Array.isArray(value) ? value : [value];
        if (!list.every((f) => f instanceof File)) throw new Error(`"${name}" is a file input: give it a File`);
        this.files.set(name, list as unknown as File[]);
      } else if (type === "checkbox" || type === "radio") {
        if (typeof value === "boolean") {
          if (els.length !== 1) throw new Error(`"${name}" is a group of ${els.length}: give the value(s) to pick`);
          this.values.set(name, value);
        } else {
          const wanted = Array.isArray(value) ? value : [String(value)];
          const offered = els.map((el) => el.getAttribute("value") ?? "on");
          for (const w of wanted) if (!offered.includes(w)) throw new Error(`"${name}" offers no ${JSON.stringify(w)}; it offers: ${offered.join(", ")}`);
          if (type === "radio" && wanted.length !== 1) throw new Error(`"${name}" is a radio group: pick one`);
          this.values.set(name, wanted);
        }
      } else {
        if (typeof value !== "string") throw new Error(`"${name}" is a text field: give it a string`);
        const max = first.getAttribute("maxlength");
        // A browser stops typing at maxlength.
        this.values.set(name, max !== null ? value.slice(0, Number(max)) : value);
      }
    }
    return this;
  }

  private disabled(el: El): boolean {
    if (el.hasAttribute("disabled")) return true;
    const fieldset = el.closest("fieldset[disabled]");
    if (!fieldset) return false;
    // The first legend of a disabled fieldset stays enabled.
    const legend = fieldset.querySelector("legend");
    return !(legend && legend.contains(el) && legend.parentElement === fieldset);
  }

  /** The entry list the browser would send (the HTML standard's "constructing the entry list"), with `submitter`. */
  entries(submitter?: El): [string, string | File][] {
    const out: [string, string | File][] = [];
    for (const el of this.controls()) {
      const name = el.getAttribute("name");
      if (this.disabled(el)) continue;
      if (this.isButton(el)) {
        if (el === submitter && name) out.push([name, el.getAttribute("value") ?? ""]);
        continue;
      }
      if (!name) continue;
      const type = (el.getAttribute("type") ?? "text").toLowerCase();
      const set = this.values.get(name);
      if (el.tagName === "SELECT") {
        const options = [...el.querySelectorAll("option")];
        let chosen: string[];
        if (set !== undefined) chosen = Array.isArray(set) ? set : [String(set)];
        else {
          const selected = options.filter((o) => o.hasAttribute("selected")).map(optionValue);
          chosen =
            selected.length || el.hasAttribute("multiple")
              ? selected
              : options
                  .filter((o) => !o.hasAttribute("disabled"))
                  .slice(0, 1)
                  .map(optionValue);
        }
        for (const v of el.hasAttribute("multiple") ? chosen : chosen.slice(-1)) out.push([name, v]);
      } else if (el.tagName === "TEXTAREA") {
        const text = typeof set === "string" ? set : (el.textContent ?? "").replace(/^\r?\n/, "");
        out.push([name, text.replace(/\r\n|\r|\n/g, "\r\n")]);
      } else if (type === "checkbox" || type === "radio") {
        const value = el.getAttribute("value") ?? "on";
        const checked = set === undefined ? el.hasAttribute("checked") : typeof set === "boolean" ? set : (set as string[]).includes(value);
        if (checked) out.push([name, value]);
      } else if (type === "file") {
        const files = this.files.get(name) ?? [new File([], "", { type: "application/octet-stream" })];
        for (const f of files) out.push([name, f]);
      } else if (type === "image" || type === "reset" || type === "button") {
      } else {
        out.push([name, typeof set === "string" ? set : (el.getAttribute("value") ?? "")]);
      }
    }
    return out;
  }

  private findSubmitter(button?: TextMatch): El | undefined {
    const buttons = this.submitButtons();
    if (button === undefined) return buttons[0];
    const found = buttons.filter((b) => matches(accessibleName(b), button));
    if (found.length === 0) throw new Error(`the form has no button ${String(button)}; it has: ${buttons.map(accessibleName).join(" | ")}`);
    if (found.length > 1 && new Set(found.map((b) => `${b.getAttribute("name")}=${b.getAttribute("value")}`)).size > 1) {
      throw new Error(`the form has ${found.length} different buttons named ${String(button)}`);
    }
    return found[0];
  }

  /**
   * Presses the submit button named `button` (no name: presses Enter, which is the form's first submit button) and
   * follows the answer's redirects. A required field left empty stops the submission, as in a browser (unless the
   * form or button says novalidate).
   */
  async submit(button?: TextMatch): Promise<HtmlPage> {
    const submitter = this.findSubmitter(button);
    if (submitter && this.disabled(submitter)) throw new Error(`the button ${accessibleName(submitter)} is disabled`);
    const entries = this.entries(submitter);
    const novalidate = this.element.hasAttribute("novalidate") || submitter?.hasAttribute("formnovalidate");
    if (!novalidate) {
      for (const el of this.controls()) {
        if (!el.hasAttribute("required") || this.disabled(el)) continue;
        const name = el.getAttribute("name") ?? "";
        const type = (el.getAttribute("type") ?? "").toLowerCase();
        const sent = entries.filter(([n]) => n === name).map(([, v]) => v);
        const empty = type === "file" ? sent.every((v) => v instanceof File && v.name === "") : sent.every((v) => v === "");
        if (empty) throw new Error(`the browser would not submit: "${name}" is required and empty`);
      }
    }
    const attr = (a: string) => submitter?.getAttribute(a) ?? null;
    const action = new URL(attr("formaction") ?? this.element.getAttribute("action") ?? "", this.page.url);
    const method = (attr("formmethod") ?? this.element.getAttribute("method") ?? "get").toLowerCase() === "post" ? "POST" : "GET";
    const enctype = (attr("formenctype") ?? this.element.getAttribute("enctype") ?? "").toLowerCase();
    if (method === "GET") {
      const query = new URLSearchParams(entries.map(([k, v]) => [k, typeof v === "string" ? v : v.name]));
      action.search = query.toString();
      return navigate(this.page.client, action.pathname + action.search, { site: "same-origin" });
    }
    if (enctype === "multipart/form-data") {
      const data = new FormData();
      for (const [k, v] of entries) data.append(k, v);
      return navigate(this.page.client, action.pathname + action.search, { method, body: data, site: "same-origin" });
    }
    const body = new URLSearchParams(entries.map(([k, v]) => [k, typeof v === "string" ? v : v.name])).toString();
    return navigate(this.page.client, action.pathname + action.search, {
      method,
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      site: "same-origin",
    });
  }
}

function optionValue(o: El): string {
  return o.getAttribute("value") ?? collapse(o.textContent ?? "");
}
