import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { login, type ClientUser } from "~/utils/auth-client";

export const PIN_LENGTH = 4;
export const PIN_FOCUS_DELAY_MS = 100;

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  expectedUserId?: number;
  onSuccess: (user: ClientUser) => void;
};

export function PinDialog({ open, onOpenChange, title, expectedUserId, onSuccess }: Props) {
  const [digits, setDigits] = useState<string[]>(["", "", "", ""]);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const refs = useRef<(HTMLInputElement | null)[]>([]);

  const focusFirst = () => refs.current[0]?.focus();

  useEffect(() => {
    if (!open) return;
    setDigits(["", "", "", ""]);
    setError("");
    const t = setTimeout(focusFirst, PIN_FOCUS_DELAY_MS);
    return () => clearTimeout(t);
  }, [open]);

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
        onOpenChange(false);
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
    setDigits(["", "", "", ""]);
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

  const complete = digits.every((d) => d !== "");

  return (
    <Dialog.Root open={open} onOpenChange={(o) => (busy ? null : onOpenChange(o))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
          onOpenAutoFocus={(e) => e.preventDefault()}
          data-testid="pin-dialog"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Enter your 4-digit PIN to continue
          </Dialog.Description>
          <form
            className="mt-5"
            onSubmit={(e) => {
              e.preventDefault();
              void submit(digits.join(""));
            }}
          >
            <div className="flex justify-center gap-3">
              {digits.map((d, i) => (
                <input
                  key={i}
                  ref={(el) => {
                    refs.current[i] = el;
                  }}
                  type="password"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={1}
                  aria-label={`PIN digit ${i + 1}`}
                  value={d}
                  readOnly={busy}
                  onChange={(e) => setDigit(i, e.target.value)}
                  onKeyDown={(e) => onKeyDown(i, e)}
                  onPaste={onPaste}
                  onFocus={(e) => e.target.select()}
                  className="h-14 w-12 rounded-lg border-2 border-slate-300 text-center text-2xl font-semibold focus:border-orange-500 focus:outline-none read-only:bg-slate-100"
                />
              ))}
            </div>
            <p role="alert" className="mt-3 min-h-5 text-center text-sm text-red-600">
              {error}
            </p>
            <div className="mt-4 flex justify-end gap-2">
              <Dialog.Close
                type="button"
                disabled={busy}
                className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                Cancel
              </Dialog.Close>
              <button
                type="submit"
                disabled={!complete || busy}
                className="rounded-lg bg-orange-600 px-4 py-2 text-sm font-medium text-white hover:bg-orange-700 disabled:opacity-50"
              >
                {busy ? "Verifying..." : "Continue"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
