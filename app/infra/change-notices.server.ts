// One in-process publisher of change notices. Every model write announces what it changed after its
// transaction commits, so a listener never sees a change that was rolled back. Live pages (server-sent events)
// subscribe here.

export type ChangeNotice = {
  entity: string;
  id: number | string | null;
  action: string;
  projectId?: number | null;
  department?: string | null;
  at: number;
};

type Listener = (notice: ChangeNotice) => void;

// On globalThis: the server entry and the route bundle are separate module copies sharing one process.
const g = globalThis as unknown as { __shopflowListeners?: Set<Listener> };
const listeners = (g.__shopflowListeners ??= new Set());

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
