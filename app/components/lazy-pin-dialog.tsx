import { lazy, Suspense, useState } from "react";
import type { PinDialogProps } from "./pin-dialog";

// Client JavaScript per page (docs/decisions/0050-client-javascript-per-page.md): a signed-in page keeps the PIN
// dialog for a session that ends or a Login from the header, which most visits never need. Its code loads when it
// first opens, or when a pointer or the focus comes to what opens it (preloadPinDialog).
const load = () => import("./pin-dialog");
const PinDialog = lazy(() => load().then((m) => ({ default: m.PinDialog })));

export function preloadPinDialog() {
  void load();
}

/** ./pin-dialog.tsx's PinDialog, loaded the first time it opens. */
export function LazyPinDialog(props: PinDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <PinDialog {...props} />
    </Suspense>
  );
}
