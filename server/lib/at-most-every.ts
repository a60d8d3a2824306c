/**
 * Runs `fire` an interval after a change; the changes meanwhile ride along. A burst of watch events
 * becomes one run, and a busy, slow server is asked for at most one run per interval plus its own
 * delay. A function interval is read at each change, for an interval that follows the audience.
 */
export function atMostEvery(
  intervalMs: number | (() => number),
  fire: () => void,
): { changed: () => void; stop: () => void } {
  const interval = typeof intervalMs === 'number' ? () => intervalMs : intervalMs;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    timer = undefined;
    fire();
  };
  return {
    changed: () => {
      timer ??= setTimeout(run, interval());
    },
    stop: () => {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
