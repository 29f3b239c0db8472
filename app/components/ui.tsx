import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { COLORS } from "~/utils/constants";
import { colorClass } from "~/utils/colors";
import { useHydrated } from "~/utils/use-hydrated";

export const btn = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded-lg bg-orange-600 px-4 py-2 text-sm font-medium text-white hover:bg-orange-700 disabled:cursor-not-allowed disabled:opacity-50",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50",
  danger:
    "inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700",
  small:
    "inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50",
  smallDanger:
    "inline-flex items-center gap-1 rounded-md border border-red-200 bg-white px-2.5 py-1 text-xs font-medium text-red-700 hover:bg-red-50",
  icon: "inline-flex h-7 w-7 items-center justify-center rounded-md border border-slate-300 bg-white text-xs hover:bg-slate-50 disabled:opacity-40",
};

export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-orange-500 focus:ring-1 focus:ring-orange-500 focus:outline-none aria-[invalid=true]:border-red-500";

export function Badge({ color, children }: { color?: string | null; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium ${colorClass(color)}`}>
      {children}
    </span>
  );
}

export function FieldError({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-600">
      {errors[0]}
    </p>
  );
}

export function Label({ htmlFor, children }: { htmlFor?: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700">
      {children}
    </label>
  );
}

export function ColorOptions() {
  return (
    <>
      {COLORS.map((c) => (
        <option key={c} value={c}>
          {c[0]!.toUpperCase() + c.slice(1)}
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
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (!hydrated) {
    return (
      <section aria-label={title} className="mb-6 rounded-xl border-2 border-orange-300 bg-white p-6 shadow-lg">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 className="text-lg font-semibold">{title}</h2>
            {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
          </div>
          <Link to={closeTo} className={btn.small}>
            Close
          </Link>
        </div>
        <div className="mt-4">{children}</div>
      </section>
    );
  }
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? null : navigate(closeTo, { preventScrollReset: true, replace: true }))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl ${wide ? "max-w-2xl" : "max-w-lg"}`}
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          <div className="mt-4">{children}</div>
          <Dialog.Close aria-label="Close" className="absolute top-3 right-3 rounded px-2 text-xl leading-none text-slate-500 hover:text-slate-900">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function CancelLink({ to }: { to: string }) {
  return (
    <Link to={to} preventScrollReset replace className={btn.secondary}>
      Cancel
    </Link>
  );
}
