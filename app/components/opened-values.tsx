import { useState } from "react";
import { openedFromSent, ORIGINAL_FIELD, type OpenedValue } from "~/domain/form-changes";

// Every edit form keeps the values it opened with while it stays open (decision 0021). A live reload, or any
// other reload of the page's data, brings the latest record, but the fields still show what this person saw: the
// form's `_original` must stay what the fields were drawn from, or the action takes the old values still shown for
// this person's changes and puts them back over someone else's save (decision 0009's stale-edit check compares
// against `_original`).

/** An edit form's fields as it opened, by name. */
export type Opened = Record<string, OpenedValue>;

/**
 * The values an edit form opened with: `current` (the record's editable fields as the page has them) on the first
 * render, kept from then on. A refused save (`lastResult`, conform's reply) hands back the `_original` it was sent
 * with, so a form drawn again from it — a page without JavaScript, or a form that opens afresh with the answer —
 * still checks the next save against what this person saw. Key the form by the record's id so another record
 * gets its own values. Null for a create form (`current` null).
 */
type Sent = { initialValue?: Record<string, unknown> | null } | null | undefined;
export function useOpenedValues<T extends Opened>(current: T, lastResult?: Sent): T;
export function useOpenedValues<T extends Opened>(current: T | null | undefined, lastResult?: Sent): T | null;
export function useOpenedValues<T extends Opened>(current: T | null | undefined, lastResult?: Sent): T | null {
  const [opened] = useState(() => (current ? (openedFromSent(current, lastResult?.initialValue?.[ORIGINAL_FIELD]) ?? current) : null));
  return opened;
}

/** The hidden `_original` field of an edit form (nothing for a create form). */
export function OpenedValuesField({ values }: { values: Opened | null }) {
  return values ? <input type="hidden" name={ORIGINAL_FIELD} value={JSON.stringify(values)} /> : null;
}
