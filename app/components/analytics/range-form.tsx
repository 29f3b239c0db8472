import { useLingui } from "@lingui/react/macro";
import { Form, Link, useLocation } from "react-router";
import { btn, cardClass, inputClass, Label } from "../ui";

type QuickRange = { label: string; from: string; to: string; current: boolean };

/**
 * The range the figures are for: From and To (a GET form, so it works without JavaScript), the reason a range
 * was refused, and the quick ranges.
 */
export function RangeForm({ from, to, rangeError, quick }: { from: string; to: string; rangeError: string | null; quick: QuickRange[] }) {
  // The From and To fields show the range the figures are for, a refused one included: people read a form as the
  // state of the page, and fields still holding the refused dates above figures for the last 30 days read as if
  // those dates had been applied. What was asked for stays in the explanation under the fields. The
  // fields are uncontrolled (the form works without JavaScript), so with JavaScript they are drawn afresh for
  // every navigation (its key), a repeated refused range too, instead of keeping what was typed.
  const { t } = useLingui();
  const location = useLocation();
  return (
    <section className={`p-4 sm:p-5 ${cardClass}`} aria-label={t`Date range`}>
      <Form key={location.key} method="get" className="flex flex-wrap items-end gap-3">
        {[
          { name: "from", label: t`From`, value: from },
          { name: "to", label: t`To`, value: to },
        ].map((f) => (
          <div key={f.name}>
            <Label htmlFor={f.name}>{f.label}</Label>
            <input
              id={f.name}
              name={f.name}
              type="date"
              required
              defaultValue={f.value}
              className={inputClass}
              aria-describedby={rangeError ? "range-error" : undefined}
            />
          </div>
        ))}
        <button type="submit" className={btn.primary}>
          {t`Show`}
        </button>
      </Form>
      {rangeError ? (
        <p id="range-error" role="alert" className="mt-3 rounded-lg border border-danger-200 bg-danger-50 px-3 py-2 text-sm text-danger-800">
          {rangeError}
        </p>
      ) : null}
      <nav aria-label={t`Quick ranges`} className="mt-3 flex flex-wrap gap-2">
        {quick.map((q) => (
          <Link
            key={q.label}
            to={`/analytics?from=${q.from}&to=${q.to}`}
            aria-current={q.current ? "page" : undefined}
            className={q.current ? btn.primary : btn.secondary}
          >
            {q.label}
          </Link>
        ))}
      </nav>
    </section>
  );
}
