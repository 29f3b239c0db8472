import { plural, t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { Icon } from "~/components/icons";
import { btn } from "~/components/ui";
import { useHydrated } from "~/hooks/use-hydrated";
import type { FileUse } from "~/models/machine-file.server";
import { type ConfirmDelete, SHEET_FORM, type SheetToast } from "./sheet-rows";

// What the spreadsheet says besides its rows: the question before a saved file is deleted, and (without
// JavaScript, where there are no toasts) the answer to the last button.

/** '1st', '22nd', '13th' in English; '1.º' in Spanish. */
const ordinal = (n: number) => {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return t({ message: `${n}${s}`, comment: "An ordinal: {n} is the number, {s} the English suffix (st, nd, rd, th)" });
};

/** What deleting a file takes with it, in words: its place in the machine's queue and the items it is on. */
function fileUseLines(use: FileUse): { queue: string; items: string } {
  const machine = use.machineName;
  const place = ordinal(use.queuePosition ?? use.queueLength);
  const length = use.queueLength;
  const queue = use.isCompleted ? t`Completed on the ${machine} queue.` : t`Waiting in the ${machine} queue, ${place} of ${length}.`;
  if (!use.items.length) return { queue, items: t`Not assigned to any item.` };
  const list = use.items.map((it) => (it.fileType === "print" ? t`${it.name} (print file)` : t`${it.name} (cut file)`)).join(", ");
  const items = plural(use.items.length, {
    one: `Assigned to ${list}: that item loses this file.`,
    other: `Assigned to ${list}: those items lose this file.`,
  });
  return { queue, items };
}

/**
 * The question before a saved file is deleted, as the other deletes ask it: a dialog with JavaScript, a panel at
 * the top of the sheet without. Its buttons post the sheet's form, so rows typed but not saved stay as they are.
 */
export function SheetDeleteConfirm({ confirm, busy }: { confirm: ConfirmDelete; busy: boolean }) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(true);
  const { use, index } = confirm;
  const { queue, items } = fileUseLines(use);
  const body = (
    <>
      <p className="text-base text-ink wrap-anywhere">{t`Are you sure you want to delete "${use.fileName}"? This action cannot be undone.`}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-base text-ink wrap-anywhere">
        <li>{queue}</li>
        <li>{items}</li>
      </ul>
    </>
  );
  const deleteButton = (
    <button type="submit" form={SHEET_FORM} name="intent" value={`delete:${index}`} className={btn.danger} disabled={busy} formNoValidate>
      {t`Delete`}
    </button>
  );
  if (!hydrated) {
    return (
      <section aria-label={t`Delete Machine File`} className="mb-4 rounded-xl border-2 border-danger-200 bg-white p-4 shadow-lg sm:p-6">
        <h2 className="text-xl font-semibold text-ink">{t`Delete Machine File`}</h2>
        <div className="mt-3">{body}</div>
        <div className="mt-4 flex flex-wrap justify-end gap-3">
          <button type="submit" form={SHEET_FORM} name="intent" value="keep" className={btn.secondary} formNoValidate>
            {t`Cancel`}
          </button>
          {deleteButton}
        </div>
      </section>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-2xl sm:p-6">
          <Dialog.Title className="pr-10 text-xl font-semibold text-ink">{t`Delete Machine File`}</Dialog.Title>
          <Dialog.Description className="sr-only">{t`Delete ${use.fileName}`}</Dialog.Description>
          <div className="mt-4">{body}</div>
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <Dialog.Close className={btn.secondary}>{t`Cancel`}</Dialog.Close>
            {deleteButton}
          </div>
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

/** Without JavaScript there are no toasts: the answer to the sheet's last button shows here instead. */
export function SheetNotice({ toast }: { toast: SheetToast }) {
  // Every 'Validation Error' answer is destructive too: the variant says it in any language.
  const bad = toast.variant === "destructive";
  return (
    <div
      role={bad ? "alert" : "status"}
      className={`mt-2 rounded-lg border p-3 text-base ${bad ? "border-danger-200 bg-danger-50 text-danger-800" : "border-success-700/30 bg-success-50 text-success-800"}`}
    >
      <p className="font-semibold">{toast.title}</p>
      {toast.description ? <p className="whitespace-pre-line">{toast.description}</p> : null}
    </div>
  );
}
