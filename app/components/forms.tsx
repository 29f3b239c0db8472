import { type FieldMetadata, getInputProps, type SubmissionResult } from "@conform-to/react";
import { type InputHTMLAttributes, type ReactNode, useEffect } from "react";
import type { ToastData } from "~/domain/toast";
import { useHydrated } from "~/hooks/use-hydrated";
import { FormAlert } from "./error-focus";
import { StaticToast, useToast } from "./toaster";
import { FieldError, inputClass, Label } from "./ui";

// The blocks forms are built of (docs/design.md §6 Forms): a field with its label and message, and the form's own
// message at its top. A screen draws its forms from these, so a field looks and reads the same everywhere.

/** A text (or email, number...) field: its label above, conform's props, its first message under it. */
export function TextField<T>({
  field,
  label,
  type = "text",
  className,
  ...input
}: {
  field: FieldMetadata<T>;
  label: ReactNode;
  type?: "text" | "email" | "url" | "number" | "password";
  /** The wrapper's classes (its place in the form's layout). */
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className">) {
  return (
    <div className={className}>
      <Label htmlFor={field.id}>{label}</Label>
      <input className={inputClass} {...getInputProps(field, { type })} {...input} />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** The form's own messages (a refusal about the whole record) in a box at its top; nothing when there are none. */
export function FormErrors({ errors, id, className }: { errors?: string[]; id?: string; className?: string }) {
  if (!errors?.length) return null;
  return (
    <FormAlert
      id={id}
      className={`rounded-lg border border-danger-200 bg-danger-50 px-3 py-2 text-sm font-medium text-danger-800${className ? ` ${className}` : ""}`}
    >
      {errors.join(" ")}
    </FormAlert>
  );
}

/** Every message a refused form's result carries, the form's own first: for a form drawn without conform's fields. */
export function formMessages(result: SubmissionResult<string[]> | null | undefined): string[] {
  if (!result?.error) return [];
  const { "": own, ...fields } = result.error;
  return [...(own ?? []), ...Object.values(fields).flatMap((m) => m ?? [])];
}

/**
 * The toast an action answered with instead of a redirect (a form that could not be read, a refusal): shown as a
 * toast with JavaScript; without, the markup this returns draws it where the toast would be, so no refusal is silent
 * (docs/design.md §6 Toasts).
 */
export function useAnswerToast(answer: { toast?: ToastData | null } | undefined): ReactNode {
  const toast = useToast();
  const hydrated = useHydrated();
  useEffect(() => {
    if (answer?.toast) toast(answer.toast);
  }, [answer, toast]);
  return !hydrated && answer?.toast ? <StaticToast toast={answer.toast} /> : null;
}
