import { DEFAULT_LANGUAGE, isLanguage, preferredLanguage } from "~/domain/languages";
import { readCookie, serializeCookie } from "~/http/cookies.server";
import { type Locale, PSEUDO_LOCALE } from "~/infra/i18n.server";
import { getUser } from "./session.server";

/** The English/Español switch of signed-out screens remembers the device's choice here (docs/product.md, Languages). */
export const LANGUAGE_COOKIE = "shopflow_lang";
const A_YEAR = 365 * 24 * 60 * 60;

/**
 * The language a request is answered in (docs/product.md, Languages): the signed-in member's own; for a program's
 * API token, the token's setting; then the device's switch; then the browser's Accept-Language; then English.
 * A TV board or customer link's language is the route's to say (infra/i18n.server `speak`).
 */
export function requestLocale(request: Request): Locale {
  const user = getUser(request) as (ReturnType<typeof getUser> & { language?: string; apiToken?: { language?: string | null } | null }) | null;
  if (user?.apiToken) {
    const own = user.apiToken.language;
    if (isLanguage(own)) return own;
  } else if (isLanguage(user?.language)) {
    return user.language;
  }
  const chosen = readCookie(request, LANGUAGE_COOKIE);
  if (isLanguage(chosen) || chosen === PSEUDO_LOCALE) return chosen;
  return preferredLanguage(request.headers.get("accept-language")) ?? DEFAULT_LANGUAGE;
}

/** The Set-Cookie that remembers a device's language; readable by the page's own code is not needed. */
export function languageCookie(request: Request, language: string): string {
  return serializeCookie(request, LANGUAGE_COOKIE, language, { maxAge: A_YEAR });
}
