import { useLingui } from "@lingui/react/macro";
import * as ToastPrimitive from "@radix-ui/react-toast";
import { type Entry, TOAST_DURATION_MS, variantClass } from "./toaster";

// Radix puts the hotkey into the viewport's label where the label says {hotkey}.
const HOTKEY = "{hotkey}";

/** The toasts on screen, with Radix Toast's swipe, timers, F8 and announcements (./toaster.tsx keeps the list). */
export default function ToastList({ toasts, dismiss }: { toasts: Entry[]; dismiss: (key: string) => void }) {
  const { t } = useLingui();
  const closeLabel = t`Close`;
  return (
    <ToastPrimitive.Provider label={t`Notification`} duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.key}
          open={t.open}
          onOpenChange={(open) => (open ? null : dismiss(t.key))}
          className={`toast relative grid grid-cols-[1fr_auto] items-start gap-2 rounded-lg border p-4 pr-12 shadow-lg ${variantClass[t.variant ?? "default"]}`}
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
            className="absolute top-0 right-0 inline-flex size-tap items-center justify-center rounded-md text-xl leading-none opacity-80 hover:opacity-100"
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
        aria-live="off"
        className="toast-viewport fixed right-0 bottom-0 z-60 m-0 flex w-[390px] max-w-[100vw] list-none flex-col gap-2 p-4 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
