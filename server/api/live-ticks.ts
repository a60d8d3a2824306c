/** How often a view that depends on the time is built again although nothing changed. */
export const TIME_TICK_MS = 60_000;

/**
 * `subscribe`, plus a change every `everyMs`: for views that depend on the clock as well as the caches
 * (a step is stuck once it has run past its bound, whether or not anything else happened).
 */
export function withTicks(
  subscribe: (onChange: () => void) => () => void,
  everyMs = TIME_TICK_MS,
): (onChange: () => void) => () => void {
  return (onChange) => {
    const unsubscribe = subscribe(onChange);
    const timer = setInterval(onChange, everyMs);
    timer.unref();
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  };
}
