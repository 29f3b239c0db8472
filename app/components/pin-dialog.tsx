import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from "react";
import { login, type ClientUser } from "~/utils/auth-client";
import { btn } from "./ui";

export const PIN_LENGTH = 4;
export const PIN_FOCUS_DELAY_MS = 100;

const EMPTY = ["", "", "", ""];

/**
 * The four one-digit PIN boxes of spec §2/§4/§5 and their behaviour: typing moves on, the 4th digit or a pasted
 * 4-digit value submits, Backspace on an empty box moves back, any failure clears the boxes and refocuses the
 * first. Shared by the PIN dialog and the /login page (JavaScript on).
 */
export function usePinEntry({ active, expectedUserId, onSuccess }: { active: boolean; expectedUserId?: number; onSuccess: (user: ClientUser) => void }) {
  const [digits, setDigits] = useState<string[]>(EMPTY);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const refs = useRef<(HTMLInputElement | null)[]>([]);

  const focusFirst = () => refs.current[0]?.focus();

  useEffect(() => {
    if (!active) return;
    setDigits(EMPTY);
    setError("");
    // Spec §9: focus the first box ~100 ms after the PIN UI opens — unless the user already put the cursor in a box
    // and is typing, when moving it back to the first box would lose the digits that follow.
    const t = setTimeout(() => {
      if (!refs.current.some((box) => box !== null && box === document.activeElement)) focusFirst();
    }, PIN_FOCUS_DELAY_MS);
    return () => clearTimeout(t);
  }, [active]);

  async function submit(pin: string) {
    if (busy) return;
    if (!/^\d{4}$/.test(pin)) {
      fail("Please enter a 4-digit PIN");
      return;
    }
    setBusy(true);
    setError("");
    try {
      const result = await login(pin, expectedUserId);
      if (result.success) {
        onSuccess(result.user);
      } else {
        fail(result.error || "Invalid PIN code");
      }
    } catch {
      fail("Network error. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  function fail(message: string) {
    setError(message);
    setDigits(EMPTY);
    setTimeout(focusFirst, 0);
  }

  function setDigit(index: number, raw: string) {
    const digit = raw.replace(/\D/g, "").slice(-1);
    if (!digit) return; // non-digits are ignored
    const next = [...digits];
    next[index] = digit;
    setDigits(next);
    if (index < PIN_LENGTH - 1) refs.current[index + 1]?.focus();
    if (next.every((d) => d !== "")) void submit(next.join(""));
  }

  function onKeyDown(index: number, e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "Backspace") {
      if (digits[index]) {
        const next = [...digits];
        next[index] = "";
        setDigits(next);
      } else if (index > 0) {
        e.preventDefault();
        refs.current[index - 1]?.focus();
      }
    } else if (e.key === "Enter") {
      e.preventDefault();
      if (digits.every((d) => d !== "")) void submit(digits.join(""));
    } else if (e.key === "ArrowLeft" && index > 0) {
      refs.current[index - 1]?.focus();
    } else if (e.key === "ArrowRight" && index < PIN_LENGTH - 1) {
      refs.current[index + 1]?.focus();
    }
  }

  function onPaste(e: ClipboardEvent<HTMLInputElement>) {
    e.preventDefault();
    const text = e.clipboardData.getData("text").trim();
    if (!/^\d{4}$/.test(text)) return; // only an exact 4-digit value is accepted
    setDigits(text.split(""));
    refs.current[PIN_LENGTH - 1]?.focus();
    void submit(text);
  }

  return {
    digits,
    error,
    busy,
    complete: digits.every((d) => d !== ""),
    submit: () => void submit(digits.join("")),
    boxProps: (i: number) => ({
      ref: (el: HTMLInputElement | null) => {
        refs.current[i] = el;
      },
      value: digits[i]!,
      readOnly: busy,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => setDigit(i, e.target.value),
      onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => onKeyDown(i, e),
      onPaste,
    }),
  };
}

type PinEntry = ReturnType<typeof usePinEntry>;

/** The boxes, the error line and the Cancel / Continue buttons. `cancel` is the dialog's Close or a link. */
export function PinForm({ entry, cancel }: { entry: PinEntry; cancel: ReactNode }) {
  return (
    <form
      className="mt-6"
      onSubmit={(e) => {
        e.preventDefault();
        entry.submit();
      }}
    >
      <div className="flex justify-center gap-2 sm:gap-3">
        {entry.digits.map((_, i) => (
          <input
            key={i}
            {...entry.boxProps(i)}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={1}
            aria-label={`PIN digit ${i + 1}`}
            onFocus={(e) => e.target.select()}
            className="h-16 w-14 rounded-xl border-2 border-field bg-white text-center text-3xl font-semibold text-ink focus:border-focus focus:ring-2 focus:ring-focus/30 focus:outline-none read-only:bg-slate-100"
          />
        ))}
      </div>
      <p role="alert" className="mt-3 min-h-6 text-center text-sm font-medium text-danger-700">
        {entry.error}
      </p>
      <div className="mt-4 grid grid-cols-2 gap-3">
        {cancel}
        <button type="submit" disabled={!entry.complete || entry.busy} className={btn.large}>
          {entry.busy ? "Verifying..." : "Continue"}
        </button>
      </div>
    </form>
  );
}

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  expectedUserId?: number;
  onSuccess: (user: ClientUser) => void;
};

export function PinDialog({ open, onOpenChange, title, expectedUserId, onSuccess }: Props) {
  const entry = usePinEntry({
    active: open,
    expectedUserId,
    onSuccess: (user) => {
      onSuccess(user);
      onOpenChange(false);
    },
  });

  return (
    <Dialog.Root open={open} onOpenChange={(o) => (entry.busy ? null : onOpenChange(o))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl"
          onOpenAutoFocus={(e) => e.preventDefault()}
          data-testid="pin-dialog"
        >
          <PinHeading title={<Dialog.Title className="text-xl font-semibold text-ink">{title}</Dialog.Title>}>
            <Dialog.Description className="mt-1 text-base text-ink-muted">Enter your 4-digit PIN to continue</Dialog.Description>
          </PinHeading>
          <PinForm
            entry={entry}
            cancel={
              <Dialog.Close type="button" disabled={entry.busy} className={btn.largeSecondary}>
                Cancel
              </Dialog.Close>
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The lock icon, the title and the 'Enter your 4-digit PIN to continue' line of both PIN screens. */
export function PinHeading({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="text-center">
      <span className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M6 11h12v10H6zM8 11V7a4 4 0 018 0v4" />
        </svg>
      </span>
      {title}
      {children}
    </div>
  );
}
