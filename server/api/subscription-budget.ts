/**
 * How many subscriptions one WebSocket may hold at once. Each live view costs the server a listener
 * and a rebuild on every change, so one socket must not open thousands; each connection has its own.
 */
export class SubscriptionBudget {
  private open = 0;

  constructor(readonly max: number) {}

  /** A slot and the function that gives it back (once), or undefined when the socket holds its maximum. */
  take(): (() => void) | undefined {
    if (this.open >= this.max) return undefined;
    this.open++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.open--;
    };
  }
}

/** Passes a subscription's stream through and gives its slot back when it ends, however it ends. */
export async function* releasingWhenDone<T>(
  source: AsyncIterable<T>,
  release: () => void,
): AsyncGenerator<T> {
  try {
    yield* source;
  } finally {
    release();
  }
}
