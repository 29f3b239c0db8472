import { useLingui } from "@lingui/react/macro";
import { Suspense, useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type ClipboardEvent, type KeyboardEvent, type ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { login, type ClientUser } from "~/domain/sign-in-messages";
import type { SignInMode } from "~/domain/constants";
import { useRadixDialog } from "./lazy-dialog";
import { btn } from "./ui";

export const PIN_LENGTH = 4;
export const PIN_FOCUS_DELAY_MS = 100;

const EMPTY = ["", "", "", ""];

/** Digits a page already holds (typed before the page came alive), and whether their field had the cursor. */
export type PinSeed = { digits: string; focused: boolean };

const toBoxes = (digits: string) => EMPTY.map((_, i) => digits[i] ?? "");

/**
 * The four one-digit PIN boxes of docs/product.md §2/§4/§5 and their behaviour: typing moves on, the 4th digit or a pasted
 * 4-digit value submits, Backspace on an empty box moves back, any failure clears the boxes and refocuses the
 * first. Shared by the PIN dialog and the /login page (JavaScript on). A `seed` carries over what was typed
 * before the page was interactive, so a fast typist loses nothing.
 */
export function usePinEntry({
  active,
  expectedUserId,
  onSuccess,
  seed,
}: {
  active: boolean;
  expectedUserId?: number;
  onSuccess: (user: ClientUser) => void;
  seed?: PinSeed | null;
}) {
  const { t } = useLingui();
  const [digits, setDigits] = useState<string[]>(() => toBoxes(seed?.digits ?? ""));
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  // The digits as of the last key: a keyboard-wedge scanner sends its keys faster than React draws, and each key
  // must build on the one before it, not on what the last render saw.
  const current = useRef<string[]>(digits);
  const busyRef = useRef(false);
  const pendingSeed = useRef(seed ?? null);

  const focusFirst = () => refs.current[0]?.focus();
  const show = (next: string[]) => {
    current.current = next;
    setDigits(next);
  };

  // A layout effect: when the page takes over from its server-drawn field, the cursor moves to the boxes in the
  // same frame, so no key typed in between lands nowhere.
  useLayoutEffect(() => {
    if (!active) return;
    const carried = pendingSeed.current;
    pendingSeed.current = null;
    show(toBoxes(carried?.digits ?? ""));
    setError("");
    if (carried && (carried.digits || carried.focused)) {
      refs.current[Math.min(carried.digits.length, PIN_LENGTH - 1)]?.focus();
      if (carried.digits.length === PIN_LENGTH) void submit(carried.digits);
      return;
    }
    // docs/product.md §9: focus the first box ~100 ms after the PIN UI opens — unless the user already put the cursor in a box
    // and is typing, when moving it back to the first box would lose the digits that follow.
    const timer = setTimeout(() => {
      if (!refs.current.some((box) => box !== null && box === document.activeElement)) focusFirst();
    }, PIN_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  async function submit(pin: string) {
    if (busyRef.current) return;
    if (!/^\d{4}$/.test(pin)) {
      fail(t`Please enter a 4-digit PIN`);
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setError("");
    try {
      const result = await login(pin, expectedUserId);
      if (result.success) {
        onSuccess(result.user);
      } else {
        fail(result.error || t`Invalid PIN code`);
      }
    } catch {
      fail(t`Network error. Please try again.`);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  function fail(message: string) {
    setError(message);
    show(EMPTY);
    setTimeout(focusFirst, 0);
  }

  function setDigit(index: number, digit: string) {
    if (busyRef.current) return;
    const next = [...current.current];
    next[index] = digit;
    show(next);
    if (index < PIN_LENGTH - 1) refs.current[index + 1]?.focus();
    if (next.every((d) => d !== "")) void submit(next.join(""));
  }

  function onKeyDown(index: number, e: KeyboardEvent<HTMLInputElement>) {
    // A printable key is handled here rather than left to the box: a box holds one character, so once it was
    // full, a key the box refused (a letter) left its text unselected and every later digit bounced off it too.
    if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      if (/^\d$/.test(e.key)) setDigit(index, e.key);
      return;
    }
    if (e.key === "Backspace") {
      if (current.current[index]) {
        const next = [...current.current];
        next[index] = "";
        show(next);
      } else if (index > 0) {
        e.preventDefault();
        refs.current[index - 1]?.focus();
      }
    } else if (e.key === "Enter") {
      e.preventDefault();
      if (current.current.every((d) => d !== "")) void submit(current.current.join(""));
    } else if (e.key === "ArrowLeft" && index > 0) {
      refs.current[index - 1]?.focus();
    } else if (e.key === "ArrowRight" && index < PIN_LENGTH - 1) {
      refs.current[index + 1]?.focus();
    }
  }

  // On-screen keyboards send no usable key code: their text arrives here. The new character is the one that is not
  // the box's old digit; anything else is ignored and the box's text selected again, ready for the next try.
  function onChange(index: number, e: ChangeEvent<HTMLInputElement>) {
    const box = e.target;
    const typed = box.value.replace(/\D/g, "");
    const old = current.current[index] ?? "";
    const digit =
      typed.length > 1 && old && typed.startsWith(old) ? typed.slice(-1) : typed.length > 1 && old && typed.endsWith(old) ? typed[0]! : typed.slice(-1);
    if (digit) setDigit(index, digit);
    else requestAnimationFrame(() => document.activeElement === box && box.select());
  }

  function onPaste(e: ClipboardEvent<HTMLInputElement>) {
    e.preventDefault();
    const text = e.clipboardData.getData("text").trim();
    if (!/^\d{4}$/.test(text)) return; // only an exact 4-digit value is accepted
    show(text.split(""));
    refs.current[PIN_LENGTH - 1]?.focus();
    void submit(text);
  }

  return {
    digits,
    error,
    busy,
    complete: digits.every((d) => d !== ""),
    submit: () => void submit(current.current.join("")),
    boxProps: (i: number) => ({
      ref: (el: HTMLInputElement | null) => {
        refs.current[i] = el;
      },
      value: digits[i]!,
      readOnly: busy,
      onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(i, e),
      onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => onKeyDown(i, e),
      onPaste,
    }),
  };
}

type PinEntry = ReturnType<typeof usePinEntry>;

/** The boxes, the error line and the Cancel / Continue buttons. `cancel` is the dialog's Close or a link. */
export function PinForm({ entry, cancel }: { entry: PinEntry; cancel: ReactNode }) {
  const { t } = useLingui();
  const digitLabel = (position: number) => t`PIN digit ${position}`;
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
            aria-label={digitLabel(i + 1)}
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
          {entry.busy ? t`Verifying...` : t`Continue`}
        </button>
      </div>
    </form>
  );
}

export type SignInName = { id: number; name: string };

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** Names that contain what was typed, in any case and with or without accents ('jose' finds 'José'). */
export function filterNames<T extends SignInName>(members: T[], query: string): T[] {
  const q = fold(query.trim());
  return q ? members.filter((m) => fold(m.name).includes(q)) : members;
}

/**
 * 'Choose your name, then PIN', first step: the active members' names as large targets, and a box that narrows
 * them as you type. Keyboard: ↓ from the box into the list, ↑/↓ through it, Enter in the box takes the first name
 * left. Each name is a link (`hrefFor`: the /login page, which works without JavaScript) or a button (`onPick`:
 * the dialog). The box is left to itself (not controlled), so letters typed before the page is interactive stay.
 */
export function NamePicker({
  members,
  initialQuery = "",
  hrefFor,
  onPick,
  autoFocus = false,
}: {
  members: SignInName[];
  initialQuery?: string;
  hrefFor?: (m: SignInName) => string;
  onPick?: (m: SignInName) => void;
  autoFocus?: boolean;
}) {
  const { t } = useLingui();
  const [query, setQuery] = useState(initialQuery);
  const box = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    // Whatever was typed into the server-drawn box before this ran.
    if (box.current && box.current.value !== initialQuery) setQuery(box.current.value);
    if (!autoFocus) return;
    const timer = setTimeout(() => {
      if (document.activeElement === document.body || document.activeElement === null) box.current?.focus();
    }, PIN_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const shown = filterNames(members, query);
  const typed = query.trim();
  const entries = () => [...(list.current?.querySelectorAll<HTMLElement>("[data-name-choice]") ?? [])];
  const move = (from: HTMLElement | null, step: 1 | -1) => {
    const all = entries();
    const i = from ? all.indexOf(from) : -1;
    if (i + step < 0) box.current?.focus();
    else all[Math.min(i + step, all.length - 1)]?.focus();
  };
  const choiceClass =
    "flex min-h-12 w-full items-center rounded-xl border-2 border-line bg-white px-4 py-2 text-left text-lg font-semibold text-ink hover:border-brand-300 hover:bg-brand-50 focus-visible:border-focus focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus/30";
  return (
    <div className="mt-5">
      <label htmlFor="sign-in-name-filter" className="block text-sm font-semibold text-ink">
        {t`Find your name`}
      </label>
      <input
        ref={box}
        id="sign-in-name-filter"
        name="q"
        type="search"
        defaultValue={initialQuery}
        autoComplete="off"
        autoFocus={autoFocus}
        placeholder={t`Type a few letters`}
        aria-controls="sign-in-names"
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            move(null, 1);
          } else if (e.key === "Enter" && shown.length > 0 && (onPick || hrefFor)) {
            e.preventDefault();
            entries()[0]?.click();
          }
        }}
        className="field mt-1 min-h-12 text-lg"
      />
      <ul
        ref={list}
        id="sign-in-names"
        aria-label={t`Team members`}
        className="mt-3 grid max-h-[50vh] gap-2 overflow-y-auto p-0.5 sm:grid-cols-2"
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            move(e.target as HTMLElement, e.key === "ArrowDown" ? 1 : -1);
          }
        }}
      >
        {shown.map((m) => (
          <li key={m.id} className="min-w-0">
            {hrefFor ? (
              <Link to={hrefFor(m)} data-name-choice="" className={`${choiceClass} wrap-anywhere`}>
                {m.name}
              </Link>
            ) : (
              <button type="button" data-name-choice="" onClick={() => onPick?.(m)} className={`${choiceClass} wrap-anywhere`}>
                {m.name}
              </button>
            )}
          </li>
        ))}
      </ul>
      {shown.length === 0 ? (
        <p role="status" className="mt-3 text-center text-base text-ink-muted">
          {members.length === 0
            ? t`No team members can sign in yet. Ask a manager to add you in Global Settings.`
            : t`No team member's name contains “${typed}”.`}
        </p>
      ) : null}
    </div>
  );
}

/** The chosen name above the PIN boxes, and the way back to the names. */
export function ChosenName({ name, change }: { name: string; change: ReactNode }) {
  return (
    <div className="mt-4 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-center">
      <span className="text-lg font-semibold text-ink wrap-anywhere" data-testid="chosen-name">
        {name}
      </span>
      {change}
    </div>
  );
}

/** The sign-in mode the server set for this shop (root loader), 'PIN only' when it is not known. */
export function useSignInMode(): SignInMode {
  const root = useRouteLoaderData("root") as { signInMode?: SignInMode } | undefined;
  return root?.signInMode ?? "pin";
}

type NamesState = { members: SignInName[] | null; error: string; signInMode?: SignInMode };

/** The names for the dialog's first step, asked for when it opens (they are not sent with every page). */
function useSignInNames(wanted: boolean): NamesState & { retry: () => void } {
  const { t } = useLingui();
  const failed = t`The team's names could not be loaded. Check the connection and try again.`;
  const [state, setState] = useState<NamesState>({ members: null, error: "" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    setState({ members: null, error: "" });
    fetch("/api/auth/sign-in-names", { credentials: "include" })
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(String(res.status)))))
      .then(
        (body: { members?: SignInName[]; signInMode?: SignInMode }) =>
          live && setState({ members: body.members ?? [], error: "", signInMode: body.signInMode }),
      )
      .catch(() => live && setState({ members: null, error: failed }));
    return () => {
      live = false;
    };
  }, [wanted, attempt, failed]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

export type PinDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  expectedUserId?: number;
  onSuccess: (user: ClientUser) => void;
};

export function PinDialog(props: PinDialogProps) {
  // The dialog's code loads when it first opens (./lazy-dialog.tsx); a page that never opens it never loads it.
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <PinDialogModal {...props} />
    </Suspense>
  );
}

function PinDialogModal({ open, onOpenChange, title, expectedUserId, onSuccess }: PinDialogProps) {
  const Dialog = useRadixDialog();
  const { t } = useLingui();
  // The page's mode, unless a manager has switched it since the page was drawn: the server's answers say so.
  const pageMode = useSignInMode();
  const [switched, setSwitched] = useState<SignInMode | null>(null);
  const mode = switched ?? pageMode;
  const askName = mode === "name-then-pin" && expectedUserId === undefined;
  const [chosen, setChosen] = useState<SignInName | null>(null);
  useEffect(() => {
    if (!open) setChosen(null);
  }, [open]);
  const names = useSignInNames(open && askName);
  useEffect(() => {
    if (names.signInMode && names.signInMode !== mode) setSwitched(names.signInMode);
  }, [names.signInMode, mode]);
  const pinStep = !askName || chosen !== null;
  const chooseNameFirst = t`Choose your name first`;
  const entry = usePinEntry({
    active: open && pinStep,
    expectedUserId: expectedUserId ?? chosen?.id,
    onSuccess: (user) => {
      onSuccess(user);
      onOpenChange(false);
    },
  });
  useEffect(() => {
    // The server says it in the reader's language, the page's own.
    if (entry.error === chooseNameFirst) setSwitched("name-then-pin");
  }, [entry.error, chooseNameFirst]);
  const cancel = (
    <Dialog.Close type="button" disabled={entry.busy} className={btn.largeSecondary}>
      {t`Cancel`}
    </Dialog.Close>
  );

  return (
    <Dialog.Root open={open} onOpenChange={(o) => (entry.busy ? null : onOpenChange(o))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl ${pinStep ? "max-w-sm" : "max-w-lg"}`}
          onOpenAutoFocus={(e) => e.preventDefault()}
          data-testid="pin-dialog"
        >
          <PinHeading title={<Dialog.Title className="text-xl font-semibold text-ink">{title}</Dialog.Title>}>
            <Dialog.Description className="mt-1 text-base text-ink-muted">
              {pinStep ? t`Enter your 4-digit PIN to continue` : t`Choose your name to continue`}
            </Dialog.Description>
          </PinHeading>
          {pinStep ? (
            <>
              {chosen ? (
                <ChosenName
                  name={chosen.name}
                  change={
                    <button type="button" disabled={entry.busy} onClick={() => setChosen(null)} className={`min-h-11 px-2 ${btn.link}`}>
                      {t`Not you?`}
                    </button>
                  }
                />
              ) : null}
              <PinForm entry={entry} cancel={cancel} />
            </>
          ) : (
            <>
              {names.members ? (
                <NamePicker members={names.members} onPick={setChosen} autoFocus />
              ) : names.error ? (
                <div role="alert" className="mt-5 text-center text-base text-danger-700">
                  <p>{names.error}</p>
                  <button type="button" onClick={names.retry} className={`mt-3 ${btn.largeSecondary}`}>
                    {t`Try again`}
                  </button>
                </div>
              ) : (
                <p role="status" className="mt-5 text-center text-base text-ink-muted">
                  {t`Loading names...`}
                </p>
              )}
              <div className="mt-5 grid">{cancel}</div>
            </>
          )}
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
        <svg
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M6 11h12v10H6zM8 11V7a4 4 0 018 0v4" />
        </svg>
      </span>
      {title}
      {children}
    </div>
  );
}
