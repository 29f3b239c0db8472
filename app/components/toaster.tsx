import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation, useNavigationType } from "react-router";
import type { ToastData } from "~/domain/toast";
import { useHydrated } from "~/hooks/use-hydrated";

// docs/product.md §9: one toast visible, shown 5000 ms, swipe right past 50 px, F8 focuses the viewport, and a
// dismissed toast is dropped from memory after 1,000,000 ms.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type { ToastData };

export type Entry = ToastData & { key: string; open: boolean };

const ToastList = lazy(() => import("./toast-list"));

const ToastContext = createContext<(t: ToastData) => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

export const variantClass = {
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
    <div className="static-toast sticky bottom-4 z-60 mr-4 mb-4 ml-auto w-[360px] max-w-[calc(100vw-2rem)]">
      <div role="status" className={`rounded-lg border p-4 shadow-lg ${variantClass[toast.variant ?? "default"]}`}>
        <p className="text-base font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
      </div>
    </div>
  );
}

export function Toaster({ children, flash }: { children: ReactNode; flash: ToastData | null }) {
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

  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* Server render / JavaScript off: the flash toast as plain markup. */}
      {!hydrated && flash ? <StaticToast toast={flash} /> : null}
      {/* Radix Toast loads with the first toast (./toast-list.tsx): most page visits show none. */}
      {toasts.length > 0 ? (
        <Suspense fallback={null}>
          <ToastList toasts={toasts} dismiss={dismiss} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}
