import type { SubmissionResult } from "@conform-to/react";
import { t } from "@lingui/core/macro";
import { data } from "react-router";
import { DomainError } from "~/domain/errors";
import { sessionEndedMessage } from "~/services/permissions.server";

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
    { formId: "", result: null, toast: { title: t`Error`, description: t`The form could not be read.`, variant: "destructive" }, reauth: false },
    { status: 400 },
  );

/** The session ended while the form was open: the form keeps what was typed and asks for the PIN again. */
export const sessionEnded = (formId: string, result: SubmissionResult<string[]> = { status: "error", error: { "": [sessionEndedMessage()] } }) =>
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

/** A form's own checks failed, or a save was refused where the form alone says why (conform's result): the messages under the fields, no toast. */
export const invalid = (formId: string, result: SubmissionResult<string[]>, status = 400) =>
  data<FormReply>({ formId, result, toast: null, reauth: false }, { status });

/**
 * Which of a screen's forms was posted: the `intent` field (or `field`), one of `forms` (a list, or the keys of a
 * map of handlers). Anything else is the 400 page 'Unknown form', never a 500 nor a handler found on
 * Object.prototype ('intent=__proto__'). A post that names no form gets `fallback`, where the screen has one.
 */
export function intentOf<K extends string>(
  formData: FormData,
  forms: readonly K[] | Readonly<Record<K, unknown>>,
  { field = "intent", fallback }: { field?: string; fallback?: K } = {},
): K {
  const raw = formData.get(field);
  if (fallback !== undefined && (raw === null || raw === "")) return fallback;
  const name = typeof raw === "string" ? raw : "";
  const known = Array.isArray(forms) ? forms.includes(name) : Object.hasOwn(forms, name);
  if (!known) throw data(t`Unknown form`, { status: 400 });
  return name as K;
}

/**
 * The posted `intent` if it is one of `intents`, else null: for the floor screens, which answer a post that names
 * none of their forms with an 'Error' toast on the page rather than intentOf's 400 page.
 */
export function formIntent<const I extends string>(form: FormData, intents: readonly I[]): I | null {
  const intent = form.get("intent");
  return typeof intent === "string" && (intents as readonly string[]).includes(intent) ? (intent as I) : null;
}
