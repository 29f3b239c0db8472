// Long writes in short transactions (decision 0023, docs/product.md Decisions: Large writes). SQLite has one
// writer and the server one JavaScript thread: a write of thousands of rows in one transaction holds every other
// request, the reads behind the thread and the scans behind the write lock too. Every bulk write (the CSV and order
// imports, the audit sweep) is cut into batches here: one transaction each, with a pause between them in which
// the server answers whoever is waiting.

/** Weight (rows, roughly) a transaction of a bulk write carries; between two, the server answers other requests. */
export const IMPORT_BATCH_ROWS = 1000;

/** Lets the event loop answer waiting requests before the next slice of a long job. */
export const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `list` cut into consecutive batches whose weights add up to at most `max`; an element heavier than `max` is a
 * batch of its own (an order's project is never split).
 */
export function batchesOf<T>(list: readonly T[], max = IMPORT_BATCH_ROWS, weight: (t: T) => number = () => 1): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let load = 0;
  for (const t of list) {
    const w = weight(t);
    if (current.length && load + w > max) {
      batches.push(current);
      current = [];
      load = 0;
    }
    current.push(t);
    load += w;
  }
  if (current.length) batches.push(current);
  return batches;
}

/**
 * How long one batch may hold the server, in ms. A request waiting behind it needs a few turns of the event loop
 * to be answered, and waits one batch a turn; on a busy machine a batch of a fixed number of rows takes many times
 * longer than on a quiet one, so a batch also ends when its time is up.
 */
export const BATCH_MS = 20;

/** Says, when asked, whether the batch begun now has run for BATCH_MS. */
export function batchDeadline(ms = BATCH_MS): () => boolean {
  const end = performance.now() + ms;
  return () => performance.now() >= end;
}
