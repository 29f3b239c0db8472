import { use } from "react";

// Client JavaScript per page (docs/decisions/0050-client-javascript-per-page.md): Radix Dialog, with the focus
// trap, scroll lock and aria-hiding it brings, is about a tenth of a floor page's scripts, and most visits never
// open a dialog. It loads the first time a dialog is drawn: the component drawing one calls useRadixDialog() and
// waits, under its caller's <Suspense>, as a whole, so its effects (focusing a field, scrolling to an error) run
// once the dialog is really there, not while it loads.
type RadixDialog = typeof import("@radix-ui/react-dialog");
let loading: Promise<RadixDialog> | undefined;

function radixDialog(): Promise<RadixDialog> {
  loading ??= import("@radix-ui/react-dialog");
  return loading;
}

/** @radix-ui/react-dialog, once loaded: suspends the calling component until then. */
export function useRadixDialog(): RadixDialog {
  return use(radixDialog());
}

/** Starts loading the dialog's code before it is needed (a pointer over, or focus on, what opens one). */
export function preloadDialog() {
  void radixDialog();
}
