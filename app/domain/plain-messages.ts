import type { I18n, MessageDescriptor } from "@lingui/core";

// Most messages with a value in them are text around placeholders and plurals ('Edit {name}', '{n} steps'), and a
// list page says several per row. Lingui makes a set of number, date and plural formatters and three closures for
// each such call, looks its Intl objects up by a JSON key, and formats every branch of a plural before picking one:
// on /projects and a project page that was 4-5% of the server's time (docs/benchmarks.md). This joins those
// messages itself, as Lingui would, and leaves every other message (selects, formats, offsets, nested plurals, text
// alone, a missing id) to Lingui.

type Translate = I18n["_"];
type Token = string | readonly unknown[];

const OCTOTHORPE = "#";
/** What Lingui puts for '#' in a plural's branch before it writes the number there (@lingui/core). */
const LINGUI_OCTOTHORPE = "%__lingui_octothorpe__%";

/**
 * A message of text, `{name}` placeholders and plurals whose branches hold only text, '#' and placeholders (no
 * offset, no select, no number or date format): the messages this joins itself. Anything else is Lingui's.
 */
function isPlain(tokens: readonly Token[], inPlural = false): boolean {
  return tokens.every((token) => {
    if (typeof token === "string") return true;
    if (!Array.isArray(token) || typeof token[0] !== "string") return false;
    if (token.length === 1) return true;
    if (inPlural || token[1] !== "plural" || token.length !== 3) return false;
    const cases = token[2] as Record<string, unknown>;
    if (!cases || typeof cases !== "object" || "offset" in cases) return false;
    return Object.values(cases).every((branch) => Array.isArray(branch) && isPlain(branch as Token[], true));
  });
}

const plainness = new WeakMap<readonly Token[], boolean>();
function plain(tokens: readonly Token[]): boolean {
  let known = plainness.get(tokens);
  if (known === undefined) {
    known = isPlain(tokens);
    plainness.set(tokens, known);
  }
  return known;
}

const own = Object.prototype.hasOwnProperty;

function hasAny(object: Record<string, unknown> | undefined): boolean {
  for (const key in object) if (own.call(object, key)) return true;
  return false;
}

/** Lingui's formatters for one list of locales, made once (it keeps them in a cache keyed by a JSON text). */
type Formatters = { plural: Intl.PluralRules; number: Intl.NumberFormat };
const formattersByLocales = new Map<string, Formatters>();
function formattersFor(locales: string | string[]): Formatters {
  const list = [...(Array.isArray(locales) ? locales : [locales]), "en"];
  const key = list.join("\u0000");
  let f = formattersByLocales.get(key);
  if (!f) {
    f = { plural: new Intl.PluralRules(list, { type: "cardinal" }), number: new Intl.NumberFormat(list) };
    formattersByLocales.set(key, f);
  }
  return f;
}

/** The message joined, or null when Lingui must say it (a value it would read differently). */
function join(tokens: readonly Token[], values: Record<string, unknown> | undefined, formatters: () => Formatters, count?: string): string | null {
  let out = "";
  for (const token of tokens) {
    if (typeof token === "string") {
      out += token === OCTOTHORPE && count !== undefined ? count : token;
      continue;
    }
    const name = token[0] as string;
    const value = values && own.call(values, name) ? values[name] : undefined;
    if (token.length === 1) {
      if (value == null) continue;
      if (count !== undefined && String(value).includes(LINGUI_OCTOTHORPE)) return null;
      out += value;
      continue;
    }
    if (typeof value !== "number") return null;
    const cases = token[2] as Record<string, readonly Token[] | undefined>;
    const f = formatters();
    const branch = cases[value] ?? cases[f.plural.select(value)] ?? cases.other;
    if (!branch) return null;
    const said = join(branch, values, formatters, f.number.format(value));
    if (said === null) return null;
    out += said;
  }
  return out;
}

/**
 * Gives `i18n` a `_` and `t` that join plain messages themselves. What they return is what Lingui's return for
 * every message and value (tests/unit/plain-messages.test.ts compares them on every catalog): a value that is null
 * or missing is left out, a plural's '#' is the count in the language's digits; a plural given no number, a result
 * with a backslash (Lingui decodes escape sequences), formats passed with the call and an instance with variables
 * all go to Lingui.
 */
export function withPlainMessages(i18n: I18n): I18n {
  const lingui: Translate = i18n._.bind(i18n);
  const state = i18n as unknown as { _variables?: Record<string, unknown>; _locales?: string | string[] };
  // The instance's formatters, looked up again only if its locales change.
  let formattersOf: string | string[] | undefined;
  let current: Formatters | undefined;
  const formatters = () => {
    const locales = state._locales || i18n.locale;
    if (!current || locales !== formattersOf) {
      current = formattersFor(locales);
      formattersOf = locales;
    }
    return current;
  };
  const translate = ((id: string | MessageDescriptor, values?: Record<string, unknown>, options?: unknown) => {
    let key: string | undefined;
    let vals = values;
    if (typeof id === "string") key = id;
    else if (id) {
      key = id.id;
      vals = id.values || values;
    }
    // Formats given with the call change how '#' is written: Lingui's to say.
    const formats = (options as { formats?: Record<string, unknown> } | undefined)?.formats;
    if (key === undefined || hasAny(state._variables) || hasAny(formats)) return lingui(id as string, values, options as never);
    const messages = i18n.messages as Record<string, unknown>;
    const tokens = own.call(messages, key) ? messages[key] : undefined;
    if (!Array.isArray(tokens) || !plain(tokens)) return lingui(id as string, values, options as never);
    const out = join(tokens as Token[], vals, formatters);
    return out === null || out.includes("\\") ? lingui(id as string, values, options as never) : out;
  }) as Translate;
  Object.defineProperty(i18n, "_", { value: translate, writable: true, configurable: true });
  Object.defineProperty(i18n, "t", { value: translate, writable: true, configurable: true });
  return i18n;
}
