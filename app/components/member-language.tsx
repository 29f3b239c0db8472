import { useLingui } from "@lingui/react/macro";
import { useLocation } from "react-router";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "~/domain/languages";

/**
 * A signed-in member's own language, on their Home (docs/product.md, Languages): a plain form to /language, so it
 * works without JavaScript; it is saved on the member (audited as a change of the member), so every device they
 * sign in on speaks it. 'Follow the device' clears it.
 */
export function MemberLanguageSwitch({ current, className }: { current: Language | null | undefined; className?: string }) {
  const { t } = useLingui();
  const { pathname, search } = useLocation();
  const choices: { value: string; label: string; lang?: Language; on: boolean }[] = [
    { value: "", label: t`Follow the device`, on: !current },
    ...LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language], lang: language, on: current === language })),
  ];
  return (
    <form method="post" action="/language" className={`flex flex-wrap items-center justify-center gap-2 ${className ?? ""}`} aria-labelledby="my-language">
      <input type="hidden" name="for" value="me" />
      <input type="hidden" name="back" value={`${pathname}${search}`} />
      <span id="my-language" className="text-base text-ink-muted">
        {t`Your language:`}
      </span>
      {choices.map((c) => (
        <button
          key={c.value || "device"}
          type="submit"
          name="language"
          value={c.value}
          lang={c.lang}
          aria-pressed={c.on}
          className={`inline-flex min-h-11 min-w-11 items-center rounded-lg px-3 text-base font-semibold ${c.on ? "bg-brand-50 text-brand-800 ring-1 ring-brand-700" : "text-brand-800 underline-offset-4 hover:underline"}`}
        >
          {c.label}
        </button>
      ))}
    </form>
  );
}
