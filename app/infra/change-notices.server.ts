// One in-process publisher of change notices. Every model write announces what it changed after its
// transaction commits, so a listener never sees a change that was rolled back. Live pages (server-sent events)
// subscribe here.

import { singleton } from "~/infra/singleton.server";

export type ChangeNotice = {
  entity: string;
  id: number | string | null;
  action: string;
  projectId?: number | null;
  department?: string | null;
  at: number;
};

type Listener = (notice: ChangeNotice) => void;

const listeners = singleton("change listeners", () => new Set<Listener>());

export function announce(notice: Omit<ChangeNotice, "at">) {
  const full = { ...notice, at: Date.now() };
  for (const listener of listeners) {
    try {
      listener(full);
    } catch (error) {
      // A broken listener must not fail the write that has already committed.
      console.error("change listener failed", error);
    }
  }
}

/** Subscribe; returns the unsubscribe function. */
export function onChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
