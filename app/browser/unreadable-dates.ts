// A date field typed half-way ('12/dd/2026') is one the browser cannot read, and it sends it as empty: on Edit
// Project that cleared the due date without a word. Before a form is checked, such a field is given a value no
// schema takes as a day, so the field's own message shows beside it ('Due date must be a date, e.g. 2026-03-31') and
// nothing is sent. Without JavaScript the browser sends the empty value; docs/product.md (Decisions: Due dates).

/** What a date field the browser could not read is checked as. */
export const UNREADABLE_DATE = "unreadable-date";

/** `formData` with every date field of `form` that holds something the browser could not read marked as such. */
export function markUnreadableDates(form: HTMLFormElement, formData: FormData): FormData {
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type="date"]')) {
    if (input.name && input.validity.badInput) formData.set(input.name, UNREADABLE_DATE);
  }
  return formData;
}
