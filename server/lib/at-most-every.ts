/**
 * Runs `fire` after a change, at most once per `intervalMs` measured from its last run (or from its
 * creation, when the caller has just done the work itself). A change after a quiet spell runs it on the
 * next turn of the loop instead of a whole interval later; a burst still becomes one run per interval.
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
      timer ??= setTimeout(run, Math.max(0, lastAt + intervalMs - Date.now()));
    },
    stop: () => {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
