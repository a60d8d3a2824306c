import type WebSocket from 'ws';

/** One call of a batch: a procedure path and its input (none for procedures without one). */
export interface BatchCall {
  path: string;
  input?: unknown;
}

/** What the server said to one call, or to a whole batch it refused. */
export interface CallAnswer {
  /** The call's id over the WebSocket; null for a refusal of a whole message. */
  id?: number | null;
  ok: boolean;
  /** The tRPC error code, '' for an answer. */
  code: string;
  message: string;
  data?: unknown;
}

interface Envelope {
  id?: number | null;
  result?: { type?: string; data?: unknown };
  error?: { message?: string; data?: { code?: string } };
}

function answerOf(envelope: Envelope): CallAnswer {
  if (envelope.error) {
    return {
      id: envelope.id,
      ok: false,
      code: envelope.error.data?.code ?? '',
      message: envelope.error.message ?? '',
    };
  }
  return { id: envelope.id, ok: true, code: '', message: '', data: envelope.result?.data };
}

/**
 * One tRPC batch over HTTP as a GET, as httpBatchLink sends queries: every path in the URL, the
 * inputs keyed by position. A batch refused as a whole answers one error instead of one per call.
 */
export async function sendHttpBatch(
  url: string,
  cookie: string,
  calls: BatchCall[],
  signal?: AbortSignal,
): Promise<{ status: number; answers: CallAnswer[] }> {
  const inputs = Object.fromEntries(calls.map((call, index) => [index, call.input]));
  const target = `${url}/api/trpc/${calls.map((call) => call.path).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
  const response = await fetch(target, { headers: { origin: url, cookie }, signal });
  const body = (await response.json()) as Envelope | Envelope[];
  return { status: response.status, answers: (Array.isArray(body) ? body : [body]).map(answerOf) };
}

/**
 * The same calls as one WebSocket message (ids from `firstId`), as the browser's client batches what it
 * sends in one tick. Resolves once every call is answered, the message is refused as a whole (an
 * error without id), or `waitMs` passed.
 */
export function sendSocketBatch(
  socket: WebSocket,
  calls: BatchCall[],
  firstId: number,
  waitMs = 20_000,
): Promise<CallAnswer[]> {
  const ids = new Set(calls.map((_, index) => firstId + index));
  const answers: CallAnswer[] = [];
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      socket.off('message', onMessage);
      socket.off('close', finish);
      resolve(answers);
    };
    const onMessage = (raw: Buffer) => {
      const text = raw.toString();
      if (text === 'PING' || text === 'PONG') return;
      const envelope = JSON.parse(text) as Envelope;
      if (envelope.id === null || envelope.id === undefined) {
        if (envelope.error) {
          answers.push(answerOf(envelope));
          finish();
        }
        return;
      }
      if (!ids.has(envelope.id)) return;
      ids.delete(envelope.id);
      answers.push(answerOf(envelope));
      if (ids.size === 0) finish();
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('message', onMessage);
    socket.once('close', finish);
    socket.send(
      JSON.stringify(
        calls.map((call, index) => ({
          id: firstId + index,
          method: 'query',
          params: { path: call.path, input: call.input },
        })),
      ),
    );
  });
}
