import { useEffect, type RefObject } from "react";

/**
 * A <details> menu or pop-up opens and closes with its summary, JavaScript or not. With JavaScript it also closes
 * the way people expect of a pop-up: on Escape (focus goes back to the summary, so the keyboard is not left in a
 * hidden panel) and on a click anywhere but the summary and the panel (a backdrop inside the <details> counts as
 * outside).
 */
export function useDismissibleDetails(detailsRef: RefObject<HTMLDetailsElement | null>, panelRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const details = detailsRef.current;
    if (!details) return;
    const summary = details.querySelector("summary");
    function onKeyDown(e: KeyboardEvent) {
      if (e.key !== "Escape" || !details!.open) return;
      details!.open = false;
      summary?.focus();
    }
    function onClick(e: MouseEvent) {
      if (!details!.open) return;
      const target = e.target as Node;
      if (summary?.contains(target) || panelRef.current?.contains(target)) return;
      details!.open = false;
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("click", onClick);
    };
  }, [detailsRef, panelRef]);
}
