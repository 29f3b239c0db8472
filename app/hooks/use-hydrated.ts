import { useEffect, useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False during the server render and before hydration: lets a component keep its no-JavaScript form. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

let holds = 0;
let markWhenFree: (() => void) | null = null;

/**
 * Keeps `<html data-hydrated>` off until the returned function is called: a part of the page the server drew that is
 * not ready when React has hydrated (a dialog whose code still loads, decision 0050). Typing into the server's copy
 * meanwhile would be lost when the ready one replaces it.
 */
export function holdHydrationMark(): () => void {
  holds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds--;
    if (holds === 0 && markWhenFree) {
      markWhenFree();
      markWhenFree = null;
    }
  };
}

/**
 * Marks the page `<html data-hydrated>` once React has hydrated it and every part held back is ready: the browser
 * tests wait for this instead of reading React's internals, and a person debugging a floor PC can see whether the
 * scripts ran.
 */
export function useHydrationMark() {
  useEffect(() => {
    const mark = () => {
      document.documentElement.dataset.hydrated = "true";
    };
    if (holds === 0) mark();
    else markWhenFree = mark;
  }, []);
}
