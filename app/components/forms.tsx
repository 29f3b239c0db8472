import { useLingui } from "@lingui/react/macro";
import { type FieldMetadata, getInputProps, type SubmissionResult } from "@conform-to/react";
import { type ComponentType, type InputHTMLAttributes, type ReactNode, type RefAttributes, useEffect, useRef } from "react";
import { type FetcherFormProps, Form, type ShouldRevalidateFunctionArgs, useNavigation, useSearchParams } from "react-router";
import { isCsvFile } from "~/domain/csv-read";
import type { ToastData } from "~/domain/toast";
import { useHydrated } from "~/hooks/use-hydrated";
import { FormAlert } from "./error-focus";
import { Icon } from "./icons";
import { LiveDuration } from "./live-duration";
import { useReauthRetry } from "./reauth";
import { StaticToast, useToast } from "./toaster";
import { TimerBadge, timerState } from "./timer-badge";
import { btn, FieldError, inputClass, Label } from "./ui";

// The blocks screens draw their forms and pages from (docs/design.md §6 Forms): a field with its label and
// message, the form's own message at its top, the answer's toast, the CSV file form, an item's timer summary and
// what a paged list with its dialogs in the URL needs. A screen takes them from here, so each looks and reads the
// same everywhere.

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
  type?: "text" | "email" | "url" | "number" | "password" | "date";
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
  const hydrated = useHydrated();
  useToastOf(answer);
  return !hydrated && answer?.toast ? <StaticToast toast={answer.toast} /> : null;
}

function useToastOf(answer: { toast?: ToastData | null } | undefined) {
  const toast = useToast();
  useEffect(() => {
    if (answer?.toast) toast(answer.toast);
  }, [answer, toast]);
}

/**
 * One CSV file (field `csv`, multipart) posted with its `intent`: the import screens' file picker. With JavaScript an
 * empty pick or a file that is no CSV is refused with a toast before anything is sent. `as` is the form to draw (a
 * fetcher's, to post beside the page); `progress` says what runs while the answer is awaited.
 */
export function CsvFileForm({
  as: FormAs = Form,
  action,
  intent,
  inputId,
  submit,
  disabled,
  progress,
}: {
  as?: ComponentType<FetcherFormProps & RefAttributes<HTMLFormElement>>;
  action?: string;
  intent: string;
  inputId: string;
  submit: string;
  disabled: boolean;
  progress: { label: string; text: string } | null;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <FormAs
      method="post"
      action={action}
      encType="multipart/form-data"
      className="mt-3 flex flex-wrap items-center gap-3"
      onSubmit={(e) => {
        const file = fileInput.current?.files?.[0];
        const problem = !file ? t`Please select a CSV file first` : !isCsvFile(file.name, file.type) ? t`Please select a CSV file` : null;
        if (problem) {
          e.preventDefault();
          toast({ title: t`Error`, description: problem, variant: "destructive" });
        }
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <label className="sr-only" htmlFor={inputId}>
        {t`CSV file`}
      </label>
      <input ref={fileInput} id={inputId} type="file" name="csv" accept=".csv,text/csv" className="min-h-11 max-w-full text-base" />
      <button type="submit" className={btn.primary} disabled={disabled}>
        <Icon name="upload" />
        {submit}
      </button>
      {progress ? (
        <span className="flex items-center gap-2 text-sm text-ink-muted" role="status">
          <progress className="h-2 w-32" aria-label={progress.label} />
          {progress.text}
        </span>
      ) : null}
    </FormAs>
  );
}

/**
 * An item's timer at a glance, where a scan lands (the QR Timer's last scan, a label's /qr page): its department,
 * the next one where the screen has it, whether the timer runs, and the total time, running on with JavaScript.
 */
export function ItemSummary({
  className,
  department,
  departmentTestId,
  next,
  running,
  finished,
  time,
  timeClassName,
}: {
  className: string;
  department: string;
  departmentTestId: string;
  next?: string;
  running: boolean;
  /** Finished in its last department (decision 0048): the timer reads Finished, not Stopped. */
  finished: boolean;
  time: { totalSeconds: number; sessionStart: number | null; serverNow: number };
  timeClassName: string;
}) {
  const { t } = useLingui();
  return (
    <dl className={className}>
      <div>
        <dt className="text-sm text-ink-muted">{t`Department`}</dt>
        <dd className="font-semibold text-ink" data-testid={departmentTestId}>
          {department}
        </dd>
      </div>
      {next === undefined ? null : (
        <div>
          <dt className="text-sm text-ink-muted">{t`Next Department`}</dt>
          <dd className="text-ink">{next}</dd>
        </div>
      )}
      <div>
        <dt className="text-sm text-ink-muted">{t`Timer`}</dt>
        <dd>
          <TimerBadge state={timerState(running, finished)} />
        </dd>
      </div>
      <div>
        <dt className="text-sm text-ink-muted">{t`Total Time`}</dt>
        <dd className={timeClassName}>
          <LiveDuration totalSeconds={time.totalSeconds} sessionStart={time.sessionStart} serverNow={time.serverNow} />
        </dd>
      </div>
    </dl>
  );
}

type ListAnswer = { formId: string; result?: unknown; toast?: ToastData | null; reauth?: boolean };

/**
 * A paged list whose filters, page and dialogs live in its URL (/projects, /items; docs/design.md §6 Dialogs): its
 * address with some parameters changed (`href`; null or "" removes one, and the dialog's parameters go unless
 * given), a dialog's address (`withDialog`), the result for one of its forms, whether the list is loading, and the
 * PIN dialog that sends a form again after the session ended. The action's toast is shown with JavaScript.
 */
export function useListPage(path: string, idParam: string, actionData: ListAnswer | undefined) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const { onSubmitCapture, dialog: reauthDialog } = useReauthRetry(actionData);
  useToastOf(actionData);
  const href = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    next.delete("dialog");
    next.delete(idParam);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    const q = next.toString();
    return `${path}${q ? `?${q}` : ""}`;
  };
  const here = href({});
  return {
    params,
    href,
    here,
    withDialog: (name: string, id?: number) => `${here}${here.includes("?") ? "&" : "?"}dialog=${name}${id === undefined ? "" : `&${idParam}=${id}`}`,
    resultFor: (formId: string) => (actionData?.formId === formId ? (actionData.result as SubmissionResult<string[]>) : undefined),
    loading: navigation.state === "loading" && navigation.location.pathname === path,
    onSubmitCapture,
    reauthDialog,
  };
}

/**
 * A list page's shouldRevalidate: opening or closing a dialog only changes the URL's dialog parameters, so the
 * list is read again only when one of `keys` (its filters and page) changes, a form is sent, or the address is
 * the same (a live update, a click on the current page).
 */
export function listRevalidation(keys: readonly string[]) {
  return ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) => {
    if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
    if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
    return keys.some((k) => currentUrl.searchParams.get(k) !== nextUrl.searchParams.get(k));
  };
}
