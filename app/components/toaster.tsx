import { useLingui } from "@lingui/react/macro";
import * as ToastPrimitive from "@radix-ui/react-toast";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation, useNavigationType } from "react-router";
import type { ToastData } from "~/domain/toast";
import { useHydrated } from "~/hooks/use-hydrated";

// docs/product.md §9: one toast visible, shown 5000 ms, swipe right past 50 px, F8 focuses the viewport, and a
// dismissed toast is dropped from memory after 1,000,000 ms.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type { ToastData };

type Entry = ToastData & { key: string; open: boolean };

const ToastContext = createContext<(t: ToastData) => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

const variantClass = {
  default: "border-line bg-white text-ink",
  destructive: "border-danger-700 bg-danger-700 text-white",
};

/**
 * A toast as plain markup where the toast would appear, for a page drawn without JavaScript: the flash after a
 * redirect, or the toast an action answered with (a page renders that one itself, since only it has the answer).
 */
export function StaticToast({ toast }: { toast: ToastData }) {
  return (
    // Without JavaScript it cannot be closed: sticky at the end of the page, not fixed over it, so it holds its own
    // room below the content and scrolling always brings a button under it (a phone's Undo, a form's Save) clear.
    <div className="sticky bottom-4 z-60 mr-4 mb-4 ml-auto w-[360px] max-w-[calc(100vw-2rem)]">
      <div role="status" className={`rounded-lg border p-4 shadow-lg ${variantClass[toast.variant ?? "default"]}`}>
        <p className="text-base font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
      </div>
    </div>
  );
}

// Radix puts the hotkey into the viewport's label where the label says {hotkey}.
const HOTKEY = "{hotkey}";

export function Toaster({ children, flash }: { children: ReactNode; flash: ToastData | null }) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const [toasts, setToasts] = useState<Entry[]>([]);
  const seen = useRef(new Set<string>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const show = useCallback((t: ToastData) => {
    const key = t.id ?? crypto.randomUUID();
    if (seen.current.has(key)) return;
    seen.current.add(key);
    setToasts((list) => [{ ...t, key, open: true }, ...list.map((x) => ({ ...x, open: false }))].slice(0, TOAST_LIMIT));
  }, []);

  const dismiss = useCallback((key: string) => {
    setToasts((list) => list.map((x) => (x.key === key ? { ...x, open: false } : x)));
    if (!timers.current.has(key)) {
      timers.current.set(
        key,
        setTimeout(() => {
          timers.current.delete(key);
          setToasts((list) => list.filter((x) => x.key !== key));
        }, TOAST_REMOVE_DELAY_MS),
      );
    }
  }, []);

  useEffect(() => {
    if (flash) show(flash);
  }, [flash, show]);

  // Back or Forward leaves the moment a toast was about: it closes, so the page gone back to does not seem to say
  // it again (decision 0022).
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const lastKey = useRef(key);
  useEffect(() => {
    if (lastKey.current === key) return;
    lastKey.current = key;
    if (navigationType === "POP") setToasts((list) => list.map((x) => ({ ...x, open: false })));
  }, [key, navigationType]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const closeLabel = t`Close`;

  return (
    <ToastContext.Provider value={show}>
      <ToastPrimitive.Provider label={t`Notification`} duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
        {children}
        {/* Server render / JavaScript off: the flash toast as plain markup. */}
        {!hydrated && flash ? <StaticToast toast={flash} /> : null}
        {toasts.map((t) => (
          <ToastPrimitive.Root
            key={t.key}
            open={t.open}
            onOpenChange={(open) => (open ? null : dismiss(t.key))}
            className={`toast relative grid grid-cols-[1fr_auto] items-start gap-2 rounded-lg border p-4 pr-10 shadow-lg ${variantClass[t.variant ?? "default"]}`}
            type={t.variant === "destructive" ? "foreground" : "background"}
            duration={t.action?.durationMs}
            // An open dialog turns pointer events off outside itself; a toast shown before it opened stays closable.
            style={{ pointerEvents: "auto" }}
          >
            <div>
              <ToastPrimitive.Title className="text-base font-semibold">{t.title}</ToastPrimitive.Title>
              {t.description ? <ToastPrimitive.Description className="mt-1 text-sm">{t.description}</ToastPrimitive.Description> : null}
              {t.action ? (
                <ToastPrimitive.Action
                  altText={t.action.label}
                  onClick={t.action.run}
                  className="mt-2 inline-flex min-h-tap items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-ink hover:bg-slate-50"
                >
                  {t.action.label}
                </ToastPrimitive.Action>
              ) : null}
            </div>
            <ToastPrimitive.Close
              aria-label={closeLabel}
              className="absolute top-1 right-1 inline-flex h-9 w-9 items-center justify-center rounded-md text-xl leading-none opacity-80 hover:opacity-100"
            >
              ×
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        ))}
        {/* Above dialogs (overlay z-40, panel z-50): a toast raised while one is open is seen, not covered by it.
            aria-live="off" (the list itself announces nothing; Radix announces each toast on its own) keeps the
            toasts out of what an open dialog hides from screen readers: aria-hidden skips live regions. */}
        <ToastPrimitive.Viewport
          hotkey={["F8"]}
          label={t`Notifications (${HOTKEY})`}
          aria-live="off"
          className="fixed right-0 bottom-0 z-60 m-0 flex w-[390px] max-w-[100vw] list-none flex-col gap-2 p-4 outline-none"
        />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}
