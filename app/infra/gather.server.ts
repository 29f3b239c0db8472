// Group commit's waiting rule (decision 0014): a batch of queued writes is taken once the queue stops growing from
// one turn of the event loop to the next. Each turn the server reads every request that has come in, so at a busy
// floor more scans join during the turns after the first; a commit is most of what a scan costs, and the larger
// batch shares it. The wait is bounded in turns, never in time.

/** Turns of the event loop a batch waits while writes keep joining it. */
export const GATHER_TURNS = 2;
/** A batch this large is taken without waiting for more. */
export const GATHER_FULL = 50;

/**
 * Calls `flush` on a later turn of the event loop: the first turn on which `queued()` has not grown since the turn
 * before, has reached `full`, or after `turns` turns of growth. A lone write therefore waits one turn.
 */
export function flushWhenSettled(queued: () => number, flush: () => void, turns = GATHER_TURNS, full = GATHER_FULL) {
  let seen = 0;
  let waited = 0;
  const turn = () => {
    const n = queued();
    if (n !== seen && n < full && waited < turns) {
      seen = n;
      waited++;
      setImmediate(turn);
      return;
    }
    flush();
  };
  setImmediate(turn);
}
