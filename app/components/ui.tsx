import { useLingui } from "@lingui/react/macro";
import { Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { COLORS } from "~/domain/constants";
import { colorClass } from "~/domain/colors";
import { holdHydrationMark, useHydrated } from "~/hooks/use-hydrated";
import { ErrorFocusPanel, useErrorFocusProps, useFirstErrorInView } from "./error-focus";
import { Icon, type IconName } from "./icons";
import { useRadixDialog } from "./lazy-dialog";

// Design tokens in use (docs/design.md): every control is a touch target (`tap`: 40 px, 44 px on phones and touch screens),
// text is 14 px or more, and each colour pair is WCAG AA. Screens compose these instead of raw classes.
// The button looks are component classes in app/app.css (.btn, .btn-primary, ...): a 200-row table repeats
// them a thousand times, and a 250-character utility string each time was a third of the page's bytes.
export const btn = {
  /** The one main action of a view: white on brand-700, 5.18:1. */
  primary: "btn btn-primary",
  secondary: "btn btn-secondary",
  danger: "btn btn-danger",
  /** Card and row actions (Edit, Delete, + Add): a touch target high, 14 px text. */
  small: "btn btn-small",
  smallDanger: "btn btn-small-danger",
  /** A square icon button (↑ ↓ ×), a touch target square. */
  icon: "btn btn-icon",
  /** Floor screens (tiles, timers, PIN): 48 px high, 16 px text. */
  large: "btn btn-large",
  largeSecondary: "btn btn-large-secondary",
  /** A text link in a sentence (brand-800, 7.31:1 on white): as tall as its line. */
  link: "font-semibold text-brand-800 underline-offset-4 hover:underline",
  /**
   * A text link on its own (a name in a table row or a card, a value): the same look, a touch target high. On a
   * phone a word longer than the line breaks (its text is a flex item, which would keep the word's whole width); a
   * desktop table keeps whole words and lets the column grow (app/app.css, .cell-text).
   */
  textLink: "inline-flex min-h-tap items-center font-semibold text-brand-800 underline-offset-4 hover:underline max-md:wrap-anywhere",
};

export const inputClass = "field";

/** A checkbox or radio with its label: the whole row is the target. */
export const checkRowClass = "flex min-h-tap min-w-tap cursor-pointer items-center gap-3 rounded-lg px-1 text-sm text-ink hover:bg-slate-50";
export const checkboxClass = "h-5 w-5 shrink-0 rounded border-field accent-brand-700";

/** A card surface. */
export const cardClass = "min-w-0 rounded-xl border border-line bg-surface shadow-sm";

/**
 * A status or a short label. Fixed words and short phrases ('Stopped', 'Medium', 'No department access') stay on
 * one line: breaking anywhere let a table squeeze them to 'Stoppe/d'. `wrap` is for text people type (a category's
 * or department's name), which may be longer than the room: it breaks between words, and inside a word only when
 * that word alone is wider than the space. In a grid (a table row as a phone card) it keeps its own width instead
 * of stretching across the cell.
 */
export function Badge({ color, wrap = false, children }: { color?: string | null; wrap?: boolean; children: ReactNode }) {
  return (
    <span
      className={`max-w-full justify-self-start rounded-full border px-2.5 py-0.5 text-sm leading-5 font-medium ${wrap ? "inline-block wrap-break-word" : "inline-flex items-center whitespace-nowrap"} ${colorClass(color)}`}
    >
      {children}
    </span>
  );
}

export function PageHeader({ title, subtitle, actions, back }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode; back?: ReactNode }) {
  return (
    <div className="mb-6">
      {back ? <div className="mb-3">{back}</div> : null}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-ink wrap-anywhere sm:text-3xl">{title}</h1>
          {subtitle ? <p className="mt-1 text-base text-ink-muted">{subtitle}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}

/** An empty list: an icon, the product's exact message, an optional hint and the action that fills it. */
export function EmptyState({ icon, title, children, action }: { icon: IconName; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-xl border-2 border-dashed border-slate-300 bg-white px-6 py-10 text-center" data-testid="empty-state">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon name={icon} className="h-7 w-7" />
      </span>
      <p className="mt-4 text-lg font-semibold text-ink">{title}</p>
      {children ? <div className="mx-auto mt-1 max-w-md text-sm text-ink-muted">{children}</div> : null}
      {action ? <div className="mt-6 flex flex-wrap justify-center gap-3">{action}</div> : null}
    </div>
  );
}

/** 'Alexandra Konstantinopoulou' → 'AK'. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "?";
  const first = Array.from(parts[0]!)[0] ?? "";
  const last = parts.length > 1 ? (Array.from(parts.at(-1)!)[0] ?? "") : "";
  return (first + last).toUpperCase();
}

/**
 * A member's photo, with their initials underneath: a photo that fails to load (a broken URL) leaves the
 * initials showing, with JavaScript (onError) and without it (a broken image with alt="" draws nothing).
 */
export function Avatar({ name, photoUrl, className = "h-10 w-10 text-sm" }: { name: string; photoUrl?: string | null; className?: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  const show = photoUrl && broken !== photoUrl;
  const ref = useRef<HTMLImageElement>(null);
  // An image that failed before hydration fired its error event before React listened: check once mounted.
  useEffect(() => {
    const img = ref.current;
    if (photoUrl && img && img.complete && img.naturalWidth === 0) setBroken(photoUrl);
  }, [photoUrl]);
  return (
    <span
      className={`relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-900 ${className}`}
    >
      <span aria-hidden="true">{initials(name)}</span>
      {show ? (
        <img
          ref={ref}
          src={photoUrl}
          alt=""
          data-fallback={initials(name)}
          className="img-fallback absolute inset-0 h-full w-full object-cover"
          onError={() => setBroken(photoUrl)}
        />
      ) : null}
    </span>
  );
}

export function FieldError({ id, errors }: { id?: string; errors?: string[] }) {
  const focus = useErrorFocusProps();
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-danger-700" {...focus}>
      {errors[0]}
    </p>
  );
}

export function Label({ htmlFor, children }: { htmlFor?: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-semibold text-ink">
      {children}
    </label>
  );
}

export function ColorOptions() {
  const { t } = useLingui();
  // The value stays the colour's code; what the list shows is its name in the reader's language.
  const names: Record<(typeof COLORS)[number], string> = {
    blue: t`Blue`,
    green: t`Green`,
    yellow: t`Yellow`,
    red: t`Red`,
    purple: t`Purple`,
    pink: t`Pink`,
    orange: t`Orange`,
    gray: t`Gray`,
  };
  return (
    <>
      {COLORS.map((c) => (
        <option key={c} value={c}>
          {names[c]}
        </option>
      ))}
    </>
  );
}

/**
 * A dialog whose open state lives in the URL. With JavaScript: a Radix dialog; closing navigates to `closeTo`.
 * Without: the same content as a panel on the page, with a Cancel link.
 */
export function UrlDialog({
  title,
  description,
  closeTo,
  children,
  wide,
}: {
  title: string;
  description?: string;
  closeTo: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  // Drawn by the server (an address that opens it): until the dialog's code has loaded, the page keeps the panel it
  // has. Opened on the page: nothing until the dialog itself shows, so no form is there to use for a moment.
  const [drawnByServer] = useState(!hydrated);
  // A dialog the server drew holds the page's hydrated mark until the real one shows (app/hooks/use-hydrated.ts).
  const release = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!drawnByServer) return;
    release.current = holdHydrationMark();
    return () => release.current?.();
  }, [drawnByServer]);
  const panel = (
    <section aria-label={title} className="mb-6 min-w-0 rounded-xl border-2 border-brand-300 bg-white p-4 shadow-lg sm:p-6">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold text-ink wrap-anywhere">{title}</h2>
          {description ? <p className="mt-1 text-sm text-ink-muted wrap-anywhere">{description}</p> : null}
        </div>
        <Link to={closeTo} className={btn.small}>
          {t`Close`}
        </Link>
      </div>
      <div className="mt-4">
        <ErrorFocusPanel>{children}</ErrorFocusPanel>
      </div>
    </section>
  );
  if (!hydrated) return panel;
  return (
    <Suspense fallback={drawnByServer ? panel : null}>
      <UrlDialogModal title={title} description={description} closeTo={closeTo} wide={wide} onShown={() => release.current?.()}>
        {children}
      </UrlDialogModal>
    </Suspense>
  );
}

function UrlDialogModal({
  title,
  description,
  closeTo,
  children,
  wide,
  onShown,
}: {
  title: string;
  description?: string;
  closeTo: string;
  children: ReactNode;
  wide?: boolean;
  onShown: () => void;
}) {
  const Dialog = useRadixDialog();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the dialog first shows
  useEffect(() => onShown(), []);
  const { t } = useLingui();
  const navigate = useNavigate();
  const errors = useFirstErrorInView<HTMLDivElement>();
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? null : navigate(closeTo, { preventScrollReset: true, replace: true }))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content
          ref={errors.ref}
          onSubmitCapture={errors.onSubmitCapture}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-2xl sm:p-6 ${wide ? "max-w-2xl" : "max-w-lg"}`}
        >
          <Dialog.Title className="pr-10 text-xl font-semibold text-ink wrap-anywhere">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-1 pr-10 text-sm text-ink-muted wrap-anywhere">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          <div className="mt-5">{children}</div>
          <Dialog.Close
            aria-label={t`Close`}
            className="absolute top-3 right-3 inline-flex size-tap items-center justify-center rounded-lg text-ink-muted hover:bg-slate-100 hover:text-ink"
          >
            <Icon name="close" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function CancelLink({ to }: { to: string }) {
  const { t } = useLingui();
  return (
    <Link to={to} preventScrollReset replace className={btn.secondary}>
      {t`Cancel`}
    </Link>
  );
}

/** The foot of every delete confirmation: Cancel goes back to `cancelTo`, the red button submits the form. */
export function DeleteConfirmActions({ cancelTo, label }: { cancelTo: string; label?: string }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <CancelLink to={cancelTo} />
      <button type="submit" className={btn.danger}>
        {label ?? t`Delete`}
      </button>
    </div>
  );
}
