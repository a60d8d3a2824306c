/**
 * Runs `fire` an interval after a change, or on the next turn of the loop when the change comes after a
 * quiet spell (no run, and no creation, for at least an interval). A lone change is shown at once; a
 * steady stream still waits an interval from the first change after each run, so a busy, slow server
 * is not asked to run more often than before.
 */
export function atMostEvery(intervalMs: number, fire: () => void): { changed: () => void; stop: () => void } {
  let lastAt = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    timer = undefined;
    lastAt = Date.now();
    fire();
  };
  return {
    changed: () => {
      timer ??= setTimeout(run, Date.now() - lastAt >= intervalMs ? 0 : intervalMs);
    },
    stop: () => {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
