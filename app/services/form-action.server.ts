import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { DomainError } from "~/domain/errors";
import { SESSION_ENDED } from "./permissions.server";

// What every screen's action answers a form with when the save did not happen: the form's id (so the right form
// shows it), conform's result (the messages under the fields), a toast, and whether to ask for the PIN again.
// The forms read it with useReauthRetry (components/reauth.tsx) and their toasts.

export type FormToast = { title: string; description: string; variant: "destructive" | "default" };
export type FormReply = { formId: string; result: SubmissionResult<string[]> | null; toast: FormToast | null; reauth: boolean };

/** The posted form, or null when the body cannot be read as one (a broken multipart body, a wrong type). */
export async function readForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

/** The answer to a post whose body could not be read as a form. */
export const unreadableForm = () =>
  data<FormReply>(
    { formId: "", result: null, toast: { title: "Error", description: "The form could not be read.", variant: "destructive" }, reauth: false },
    { status: 400 },
  );

/** The session ended while the form was open: the form keeps what was typed and asks for the PIN again. */
export const sessionEnded = (formId: string, result: SubmissionResult<string[]> = { status: "error", error: { "": [SESSION_ENDED] } }) =>
  data<FormReply>({ formId, result, toast: null, reauth: true }, { status: 401 });

/** The error, if it is a refused save a person can act on (a DomainError); anything else is thrown on, a 500. */
export function domainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  throw error;
}

/** A refused save: `message` in the form (or conform's `result`) and a toast titled `title`, with `status`. */
export const refused = (
  formId: string,
  status: number,
  toast: { title: string; description: string },
  result: SubmissionResult<string[]> = { status: "error", error: { "": [toast.description] } },
) => data<FormReply>({ formId, result, toast: { ...toast, variant: "destructive" }, reauth: false }, { status });

/** A form's own checks failed (conform's result): the messages under the fields, no toast. */
export const invalid = (formId: string, result: SubmissionResult<string[]>) => data<FormReply>({ formId, result, toast: null, reauth: false }, { status: 400 });

/** The form's `intent`, if it is one of the `intents` this screen's forms send; null for anything else. */
export function formIntent<const I extends string>(form: FormData, intents: readonly I[]): I | null {
  const intent = form.get("intent");
  return typeof intent === "string" && (intents as readonly string[]).includes(intent) ? (intent as I) : null;
}

/** The form's `intent`, or a 400 'Unknown form' thrown: a post that names none of the screen's forms. */
export function knownIntent<const I extends string>(form: FormData, intents: readonly I[]): I {
  const intent = formIntent(form, intents);
  if (intent === null) throw data("Unknown form", { status: 400 });
  return intent;
}
