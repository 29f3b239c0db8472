import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { btn } from "./ui";

// A link made with a secret key (a calendar feed, a customer status link), shown once, when it is made: in a field
// that can be selected and copied by hand without JavaScript, with a Copy button when scripts run.

export function OneTimeLink({ label, link, testId }: { label: string; link: string; testId: string }) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const id = `${testId}-field`;
  return (
    <div className="mt-2">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input
          id={id}
          readOnly
          value={link}
          data-testid={testId}
          className="field min-w-0 flex-1 basis-64 font-mono text-sm"
          onFocus={(e) => e.currentTarget.select()}
        />
        {hydrated ? (
          <button
            type="button"
            className={btn.secondary}
            onClick={() => {
              navigator.clipboard?.writeText(link).then(
                () => setCopied("yes"),
                () => setCopied("no"),
              ) ?? setCopied("no");
            }}
          >
            {t`Copy`}
          </button>
        ) : null}
      </div>
      <p aria-live="polite" className="mt-1 text-sm text-ink-muted">
        {copied === "yes" ? t`Copied.` : copied === "no" ? t`Could not copy: select the link and copy it by hand.` : ""}
      </p>
    </div>
  );
}
