/**
 * The languages Shopflow speaks (decision 0049). A third one is a name here, a .po file per catalog under
 * app/locales/, and the migration that lets members and links choose it (README, Languages).
 */
export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
/** Each language's name as its own speakers write it: what a switch between them shows. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", es: "Español" };

/** The locale each language formats dates, times and numbers with (Intl): the shop is in the US. */
export const INTL_LOCALES: Record<Language, string> = { en: "en-US", es: "es-US" };

/** The Intl locale of a language, or of the pseudo-locale (formatted as English). */
export function intlLocaleFor(locale: string): string {
  return isLanguage(locale) ? INTL_LOCALES[locale] : INTL_LOCALES[DEFAULT_LANGUAGE];
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language a browser asks for first among ours (Accept-Language, RFC 9110: by weight, then order), or
 * undefined when it asks for none of them. `es-MX` and `es-US` are Spanish.
 */
export function preferredLanguage(acceptLanguage: string | null): Language | undefined {
  if (!acceptLanguage) return undefined;
  let best: { language: Language; q: number } | undefined;
  for (const part of acceptLanguage.split(",")) {
    const [range = "", ...params] = part.trim().split(";");
    const q = Number(
      params
        .map((p) => p.trim())
        .find((p) => p.startsWith("q="))
        ?.slice(2) ?? 1,
    );
    const primary = range.trim().toLowerCase().split("-")[0];
    if (!isLanguage(primary) || !(q > 0)) continue;
    if (!best || q > best.q) best = { language: primary, q };
  }
  return best?.language;
}
