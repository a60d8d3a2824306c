/**
 * A live view's re-read from the database, one at a time: asked while one runs, it runs once more
 * after it, never a queue of them. A failed read keeps what was read before; the next ask reads again.
 */
export function oneReadAtATime<T>(
  read: () => Promise<T>,
  onRead: (value: T) => void,
  stopped: () => boolean,
): () => void {
  const state = { running: false, again: false };
  const reread = () => {
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    state.again = false;
    void read()
      .then(onRead, () => undefined)
      .finally(() => {
        state.running = false;
        if (state.again && !stopped()) reread();
      });
  };
  return reread;
}
