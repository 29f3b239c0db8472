import { DEFAULT_LANGUAGE, isLanguage, preferredLanguage } from "~/domain/languages";
import { readCookie, serializeCookie } from "~/http/cookies.server";
import { type Locale, PSEUDO_LOCALE } from "~/infra/i18n.server";
import { getUser } from "./session.server";

/** The English/Español switch of signed-out screens remembers the device's choice here (docs/product.md, Languages). */
export const LANGUAGE_COOKIE = "shopflow_lang";
const A_YEAR = 365 * 24 * 60 * 60;

/**
 * The language a request is answered in (docs/product.md, Languages), first that applies:
 * 1. the pseudo-locale, when the device's cookie asks for it (the tests' check that every word is translated);
 * 2. the signed-in member's own language;
 * 3. for a program's API token, the token's setting (before Accept-Language: the shop chose it for that program);
 * 4. the device's English/Español switch (the `shopflow_lang` cookie);
 * 5. the browser's Accept-Language;
 * 6. English.
 * A TV board or customer link's language is the route's to say (infra/i18n.server `speak`): it overrides 2–6.
 */
export function requestLocale(request: Request): Locale {
  const chosen = readCookie(request, LANGUAGE_COOKIE);
  if (chosen === PSEUDO_LOCALE) return PSEUDO_LOCALE;
  const user = getUser(request);
  if (isLanguage(user?.language)) return user.language;
  if (isLanguage(user?.apiToken?.language)) return user.apiToken.language;
  if (isLanguage(chosen)) return chosen;
  return preferredLanguage(request.headers.get("accept-language")) ?? DEFAULT_LANGUAGE;
}

/** The Set-Cookie that remembers a device's language; readable by the page's own code is not needed. */
export function languageCookie(request: Request, language: string): string {
  return serializeCookie(request, LANGUAGE_COOKIE, language, { maxAge: A_YEAR });
}
