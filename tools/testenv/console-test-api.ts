import { act, waitFor } from '@testing-library/react';
import { createTRPCClient, TRPCClientError, type TRPCClient, type TRPCLink } from '@trpc/client';
import { observable, type Observer } from '@trpc/server/observable';
import type { AppRouter } from '@/server/api/root-router';

/** What a procedure answers for an input: data, a promise of it, or a thrown refusal. */
export type Answer = (input: unknown) => unknown;

interface Feed {
  path: string;
  input: unknown;
  send: (data: unknown) => void;
}

/**
 * The tRPC API as a component test sees it: the test says what each procedure answers, as data, and
 * pushes live messages down the open subscriptions. It stands in for the transport (HTTP and the
 * WebSocket), never for the server's logic: a test that wants a realistic answer builds it with the
 * server's own pure functions (e.g. queryHosts over buildHostRow).
 */
export class ConsoleTestApi {
  /** Every query and mutation made, in order, with its input (subscriptions are in `subscriptions`). */
  readonly calls: { path: string; input: unknown }[] = [];
  /** Calls nothing answered: the test forgot a procedure the component uses. */
  readonly unanswered: string[] = [];
  private readonly table = new Map<string, Answer>();
  private readonly feeds = new Set<Feed>();

  /** Sets (or replaces) what `path` answers. */
  answer(path: string, answer: Answer): this {
    this.table.set(path, answer);
    return this;
  }

  /** Whether the test said what `path` answers. */
  knows(path: string): boolean {
    return this.table.has(path);
  }

  /** The inputs `path` was called with. */
  inputs(path: string): unknown[] {
    return this.calls.filter((call) => call.path === path).map((call) => call.input);
  }

  /** The inputs of the subscriptions to `path` open now, oldest first. */
  subscriptions(path: string): unknown[] {
    return this.open(path).map((feed) => feed.input);
  }

  /**
   * Sends every open subscription to `path` the message `build` makes for its input (a list's page
   * for the query it asked), and lets React render what follows.
   */
  async push(path: string, build: (input: unknown) => unknown): Promise<void> {
    // The page subscribes in an effect: the first push may come before it has.
    await waitFor(() => {
      if (this.open(path).length === 0) throw new Error(`no subscription to ${path} is open`);
    });
    await act(async () => {
      for (const feed of this.open(path)) feed.send(build(feed.input));
      await Promise.resolve();
    });
  }

  private open(path: string): Feed[] {
    return [...this.feeds].filter((feed) => feed.path === path);
  }

  private readonly link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer: Observer<{ result: { data: unknown } }, TRPCClientError<AppRouter>>) => {
        if (op.type === 'subscription') {
          const feed: Feed = {
            path: op.path,
            input: op.input,
            send: (data) => {
              observer.next({ result: { data: overTheWire(data) } });
            },
          };
          this.feeds.add(feed);
          return () => {
            this.feeds.delete(feed);
          };
        }
        this.calls.push({ path: op.path, input: op.input });
        const answer = this.table.get(op.path);
        if (!answer) {
          this.unanswered.push(op.path);
          observer.error(new TRPCClientError(`the test gave no answer for ${op.path}`));
          return;
        }
        Promise.resolve()
          .then(() => answer(op.input))
          .then(
            (data: unknown) => {
              observer.next({ result: { data: overTheWire(data) } });
              observer.complete();
            },
            (error: unknown) => {
              observer.error(TRPCClientError.from(error instanceof Error ? error : new Error(String(error))));
            },
          );
        return undefined;
      });

  /** A tRPC client whose every call this API answers. */
  client(): TRPCClient<AppRouter> {
    return createTRPCClient<AppRouter>({ links: [this.link] });
  }
}

/**
 * What the client receives of `data`: a JSON copy, as the server sends one, so the component never
 * shares an object with the test (and undefined fields are gone, as on the wire).
 */
function overTheWire(data: unknown): unknown {
  return data === undefined ? undefined : JSON.parse(JSON.stringify(data));
}

/** A refusal as the server sends one: the component sees a tRPC error with this message. */
export function refusal(message: string): TRPCClientError<AppRouter> {
  return new TRPCClientError(message);
}

/** An answer the test settles when it chooses, to look at the component while a call is under way. */
export function later<T>(): {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: Error) => void;
} {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<T>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}
