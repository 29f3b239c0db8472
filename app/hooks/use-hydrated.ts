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

/**
 * Marks the page `<html data-hydrated>` once React has hydrated it: the browser tests wait for this instead of
 * reading React's internals, and a person debugging a floor PC can see whether the scripts ran.
 */
export function useHydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}
