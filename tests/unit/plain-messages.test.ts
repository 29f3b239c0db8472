import { describe, expect, test } from "bun:test";
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { withPlainMessages } from "../../app/domain/plain-messages";
import { messages as enFloor } from "../../app/locales/en/floor.po";
import { messages as enOffice } from "../../app/locales/en/office.po";
import { messages as enServer } from "../../app/locales/en/server.po";
import { messages as pseudoFloor } from "../../app/locales/en-XA/floor.po";
import { messages as pseudoOffice } from "../../app/locales/en-XA/office.po";
import { messages as pseudoServer } from "../../app/locales/en-XA/server.po";
import { messages as esFloor } from "../../app/locales/es/floor.po";
import { messages as esOffice } from "../../app/locales/es/office.po";
import { messages as esServer } from "../../app/locales/es/server.po";

// Plain messages are joined without Lingui's formatters on the server (app/domain/plain-messages.ts): what comes out
// must be what Lingui says, for every message of every catalog and any value a page passes.

const catalogs: [string, Messages][] = [
  ["en", { ...enFloor, ...enOffice, ...enServer }],
  ["es", { ...esFloor, ...esOffice, ...esServer }],
  ["en-XA", { ...pseudoFloor, ...pseudoOffice, ...pseudoServer }],
];

/** Every placeholder name a compiled message uses, plural and select branches included. */
function names(tokens: unknown, into = new Set<string>()): Set<string> {
  if (!Array.isArray(tokens)) return into;
  for (const token of tokens) {
    if (!Array.isArray(token)) continue;
    if (typeof token[0] === "string") into.add(token[0]);
    const branches = token[2];
    if (branches && typeof branches === "object" && !Array.isArray(branches)) for (const b of Object.values(branches)) names(b, into);
    else names(token, into);
  }
  return into;
}

const valueKinds: unknown[] = [
  "Front sign — 24×36",
  3,
  1,
  0,
  2,
  21,
  1234567,
  -1,
  1.5,
  Number.NaN,
  null,
  undefined,
  "1",
  "a\\u0041b",
  "<b>&amp;</b>",
  "%__lingui_octothorpe__%",
];

function both(locale: string, messages: Messages): { lingui: I18n; plain: I18n } {
  return {
    lingui: setupI18n({ locale, messages: { [locale]: messages } }),
    plain: withPlainMessages(setupI18n({ locale, messages: { [locale]: messages } })),
  };
}

describe("plain messages", () => {
  for (const [locale, messages] of catalogs) {
    test(`${locale}: every message reads as Lingui reads it, with any value`, () => {
      const { lingui, plain } = both(locale, messages);
      let compared = 0;
      for (const [id, tokens] of Object.entries(messages)) {
        const keys = [...names(tokens)];
        for (const kind of valueKinds) {
          const values = Object.fromEntries(keys.map((k) => [k, kind]));
          expect(plain._(id, values)).toBe(lingui._(id, values));
          expect(plain.t({ id, values })).toBe(lingui.t({ id, values }));
          compared++;
        }
        // Counts as numbers and the other values as text, as the pages pass them.
        const counted = new Set(
          JSON.stringify(tokens)
            .match(/"[^"]+","plural"/g)
            ?.map((m) => m.slice(1, m.indexOf('"', 1))) ?? [],
        );
        for (const count of [1, 2, 0]) {
          const values = Object.fromEntries(keys.map((k) => [k, counted.has(k) ? count : "Front sign"]));
          expect(plain._(id, values)).toBe(lingui._(id, values));
        }
        // A value left out altogether.
        expect(plain._(id, {})).toBe(lingui._(id, {}));
      }
      expect(compared).toBeGreaterThan(1000);
    });
  }

  test("a missing id, a descriptor with a fallback message and an instance with variables go to Lingui", () => {
    const { lingui, plain } = both("en", { greet: ["Hello ", ["name"]] });
    expect(plain._("nope")).toBe(lingui._("nope"));
    expect(plain._({ id: "nope", message: "Fallback {name}", values: { name: "Ana" } })).toBe(
      lingui._({ id: "nope", message: "Fallback {name}", values: { name: "Ana" } }),
    );
    expect(plain._("greet", { name: "Ana" })).toBe("Hello Ana");
    lingui.setVariables?.({ name: "from a variable" });
    plain.setVariables?.({ name: "from a variable" });
    expect(plain._("greet", {})).toBe(lingui._("greet", {}));
  });

  test("a plain message and a plural given a number never reach Lingui; a plural given text does", () => {
    const i18n = setupI18n({
      locale: "en",
      messages: { en: { edit: ["Edit ", ["name"]], count: [["n", "plural", { one: ["#", " item"], other: ["#", " items"] }]] } },
    });
    let linguiCalls = 0;
    const original = i18n._.bind(i18n);
    i18n._ = ((...args: Parameters<I18n["_"]>) => {
      linguiCalls++;
      return original(...args);
    }) as I18n["_"];
    withPlainMessages(i18n);
    expect(i18n._("edit", { name: "Front sign" })).toBe("Edit Front sign");
    expect(i18n.t("edit", { name: "Back" })).toBe("Edit Back");
    expect(linguiCalls).toBe(0);
    expect(i18n._("count", { n: 2 })).toBe("2 items");
    expect(i18n._("count", { n: 1 })).toBe("1 item");
    expect(linguiCalls).toBe(0);
    // Not a number: Lingui's.
    expect(i18n._("count", { n: "2" })).toBe("2 items");
    expect(linguiCalls).toBe(1);
  });
});
