export interface EventStream {
  /** The HTTP status of the attempt; only a 200 with text/event-stream is a live stream. */
  status: number;
  streaming: boolean;
  /** Resolves when the server has ended the stream (at once when it never started). */
  ended: Promise<void>;
  /** Lets go of the stream from this side. */
  cancel(): void;
}

/** Opens a tRPC subscription over HTTP (server-sent events), as tRPC's httpSubscriptionLink would. */
export async function openEventStream(
  url: string,
  cookie: string,
  path: string,
  input?: unknown,
): Promise<EventStream> {
  const controller = new AbortController();
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await fetch(`${url}/api/trpc/${path}${query}`, {
    headers: { cookie, origin: url, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const streaming =
    response.ok && (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
  const reader = response.body?.getReader();
  const ended = (async () => {
    if (!reader) return;
    try {
      while (!(await reader.read()).done);
    } catch {
      // cancelled by us or reset by the server: either way the stream is over
    }
  })();
  return { status: response.status, streaming, ended, cancel: () => controller.abort() };
}
