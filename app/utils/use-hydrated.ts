import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False during the server render and before hydration: lets a component keep its no-JavaScript form. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
