import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES } from "~/domain/languages";
import { FOLLOW_ACCEPT_LANGUAGE } from "~/schemas/language";
import { FieldError, inputClass, Label } from "./ui";

/**
 * The language a new link or token speaks (docs/product.md, Languages): a plain select named `language`, so it posts
 * with its form whether or not JavaScript runs; English unless another is chosen. Each language is named as its own
 * speakers write it. A token may instead follow each request's Accept-Language.
 */
export function LanguageChoice({ kind, className }: { kind: "board" | "customer" | "token"; className?: string }) {
  const { t } = useLingui();
  const id = useId();
  const label = { board: t`Board language`, customer: t`Customer page language`, token: t`Language of its messages` }[kind];
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <select id={id} name="language" className={inputClass} defaultValue={DEFAULT_LANGUAGE}>
        <LanguageOptions follow={kind === "token" ? { value: FOLLOW_ACCEPT_LANGUAGE, label: t`Each request's Accept-Language` } : null} />
      </select>
    </div>
  );
}

/** The options of a language select, after `follow` (the choice of no language of its own) when there is one. */
function LanguageOptions({ follow }: { follow: { value: string; label: string } | null }) {
  return (
    <>
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
      {follow ? <option value={follow.value}>{follow.label}</option> : null}
    </>
  );
}

/** Global Settings → Team Members: the member's own language, or 'Follow the device' (null). */
export function MemberLanguageField<T>({ field }: { field: FieldMetadata<T> }) {
  const { t } = useLingui();
  return (
    <div>
      <Label htmlFor={field.id}>{t`Language`}</Label>
      <select className={inputClass} {...getSelectProps(field)} aria-describedby={field.errors ? `${field.errorId} ${field.id}-hint` : `${field.id}-hint`}>
        <option value="">{t`Follow the device`}</option>
        <LanguageOptions follow={null} />
      </select>
      <FieldError id={field.errorId} errors={field.errors} />
      <p id={`${field.id}-hint`} className="mt-1 text-sm text-ink-muted">
        {t`The language of every screen they are signed in to. Follow the device: the device's English/Español switch, else the browser's language.`}
      </p>
    </div>
  );
}
