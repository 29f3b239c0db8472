import { useLingui } from "@lingui/react/macro";
import { useLocation } from "react-router";
import { LANGUAGE_NAMES, LANGUAGES } from "~/domain/languages";

/**
 * English / Español for a screen nobody is signed in to (docs/product.md, Languages): a plain form, so it works
 * without JavaScript; the device remembers the choice. Each name is written in its own language, and says so.
 */
export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  const { pathname, search } = useLocation();
  return (
    <form method="post" action="/language" className="flex flex-wrap items-center justify-center gap-2" aria-label={t`Language`}>
      <input type="hidden" name="back" value={`${pathname}${search}`} />
      {LANGUAGES.map((language) => {
        const current = i18n.locale === language;
        return (
          <button
            key={language}
            type="submit"
            name="language"
            value={language}
            lang={language}
            aria-pressed={current}
            className={`inline-flex min-h-11 min-w-11 items-center rounded-lg px-3 text-base font-semibold ${current ? "bg-brand-50 text-brand-800 ring-1 ring-brand-700" : "text-brand-800 underline-offset-4 hover:underline"}`}
          >
            {LANGUAGE_NAMES[language]}
          </button>
        );
      })}
    </form>
  );
}
