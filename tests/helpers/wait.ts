/**
 * Waits until `condition` holds, checking it every few milliseconds (Bun's tests have no expect.poll); returns
 * whether it came true within `timeoutMs`. For conditions no event announces (a count, a file's size); where an
 * event exists, await the event instead.
 */
export async function until(condition: () => boolean, timeoutMs = 30_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() >= deadline) return false;
    await Bun.sleep(5);
  }
  return true;
}
