/**
 * Runs `fire` an interval after a change, or on the next turn of the loop when the change comes after a
 * quiet spell (no run, and no creation, for at least an interval). A lone change is shown at once; a
 * steady stream still waits an interval from the first change after each run, so a busy, slow server
 * is not asked to run more often than before. A function interval is read at each change.
 */
export function atMostEvery(
  intervalMs: number | (() => number),
  fire: () => void,
): { changed: () => void; stop: () => void } {
  const interval = typeof intervalMs === 'number' ? () => intervalMs : intervalMs;
  let lastAt = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    timer = undefined;
    lastAt = Date.now();
    fire();
  };
  return {
    changed: () => {
      const wait = interval();
      timer ??= setTimeout(run, Date.now() - lastAt >= wait ? 0 : wait);
    },
    stop: () => {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
