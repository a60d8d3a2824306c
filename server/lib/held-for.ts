/**
 * `read`, answered from its last result for `maxAgeMs`: callers within that time share one read (and
 * one in flight). A failed read is not held, so the next caller reads again.
 */
export function heldFor<T>(
  maxAgeMs: number,
  read: () => Promise<T>,
  now = () => Date.now(),
): () => Promise<T> {
  let held: { at: number; value: Promise<T> } | undefined;
  return () => {
    const at = now();
    if (held && at - held.at < maxAgeMs) return held.value;
    const value = read();
    const entry = { at, value };
    held = entry;
    value.catch(() => {
      if (held === entry) held = undefined;
    });
    return value;
  };
}
