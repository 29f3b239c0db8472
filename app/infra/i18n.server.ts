import { AsyncLocalStorage } from "node:async_hooks";
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { setCurrentI18n } from "~/domain/i18n-runtime";
import { withPlainMessages } from "~/domain/plain-messages";
import { DEFAULT_LANGUAGE, type Language } from "~/domain/languages";
import { messages as enFloor } from "~/locales/en/floor.po";
import { messages as enOffice } from "~/locales/en/office.po";
import { messages as enServer } from "~/locales/en/server.po";
import { messages as pseudoFloor } from "~/locales/en-XA/floor.po";
import { messages as pseudoOffice } from "~/locales/en-XA/office.po";
import { messages as pseudoServer } from "~/locales/en-XA/server.po";
import { messages as esFloor } from "~/locales/es/floor.po";
import { messages as esOffice } from "~/locales/es/office.po";
import { messages as esServer } from "~/locales/es/server.po";

/**
 * The pseudo-locale: every word through a catalog comes out accented and bracketed, so a test can see any word
 * that did not (tests/request/pseudo-locale.test.ts). Never offered to a person; a `shopflow_lang` cookie asks for it.
 */
export const PSEUDO_LOCALE = "en-XA";
export type Locale = Language | typeof PSEUDO_LOCALE;

// One instance per language, made once and never switched (decision 0049): a request picks one, so requests in
// different languages answered at the same time share nothing that changes. Plain messages are joined without
// Lingui's formatters (app/domain/plain-messages.ts).
const instance = (locale: Locale, ...parts: Messages[]) =>
  withPlainMessages(setupI18n({ locale, messages: { [locale]: oneByteStrings(Object.assign({}, ...parts)) } }));

/**
 * The compiled catalogs are parsed from one JSON text each, and one character beyond Latin-1 in it ('—', '→', '✓')
 * makes the engine keep every string parsed from it two bytes a character. A page's every translated word would then
 * be escaped and encoded the slow way, cell after cell (a machine queue of 200 files rendered 30% slower): each
 * message that is all Latin-1 is made again from its bytes, one byte a character.
 */
function oneByteStrings<T>(value: T): T {
  if (typeof value === "string") return (/^[\u0000-\u00ff]*$/.test(value) ? Buffer.from(value, "latin1").toString("latin1") : value) as T;
  if (Array.isArray(value)) return value.map(oneByteStrings) as T;
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, oneByteStrings(v)])) as T;
  return value;
}
const instances: Record<Locale, I18n> = {
  en: instance("en", enFloor, enOffice, enServer),
  es: instance("es", esFloor, esOffice, esServer),
  [PSEUDO_LOCALE]: instance(PSEUDO_LOCALE, pseudoFloor, pseudoOffice, pseudoServer),
};

export function i18nFor(locale: Locale): I18n {
  return instances[locale];
}

/** One request's language: decided the first time something is translated, when who asks is known. */
export type LanguageScope = { locale?: Locale; decide: () => Locale };
const scope = new AsyncLocalStorage<LanguageScope>();

/** Runs one request's answer with its language decided by `decide`, on first use. */
export function withLanguage<T>(decide: () => Locale, answer: () => T): T {
  return scope.run({ decide }, answer);
}

/**
 * withLanguage for the HTTP layer, which answers every request through it: the scope is the caller's own object
 * (its `decide` may be a method) and `answer` is called with the given arguments, so no closures are made for it.
 */
export function inLanguageScope<A, B, C, T>(language: LanguageScope, answer: (a: A, b: B, c: C) => T, a: A, b: B, c: C): T {
  return scope.run(language, answer, a, b, c);
}

/** The language of the request being answered (English outside any request: start-up lines, scheduled jobs). */
export function currentLocale(): Locale {
  const current = scope.getStore();
  if (!current) return DEFAULT_LANGUAGE;
  current.locale ??= current.decide();
  return current.locale;
}

/**
 * Settles the request's language as `locale` without asking who is asking: for a request no member, token or
 * cookie can be read from (HTTP/1.0 without a Host header has no site to look them up in).
 */
export function answerIn(locale: Locale) {
  const current = scope.getStore();
  if (current) current.locale ??= locale;
}

/** The request's language if something in its answer was translated, else null (nothing was said in a language). */
export function decidedLocale(): Locale | null {
  return scope.getStore()?.locale ?? null;
}

/**
 * A page whose language is not its reader's (a TV board link's, a customer link's): from here on the request
 * speaks `locale`. Called by the route before anything of the page is translated. The pseudo-locale, when the
 * device asked for it, stays: the check that every word went through a catalog covers these pages too.
 */
export function speak(locale: Locale) {
  const current = scope.getStore();
  if (!current) return;
  current.locale ??= current.decide();
  if (current.locale !== PSEUDO_LOCALE) current.locale = locale;
}

setCurrentI18n(() => instances[currentLocale()]);
