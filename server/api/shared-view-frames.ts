import { randomUUID } from 'node:crypto';
import { jsonEncoder, type Encoder } from '@trpc/server/adapters/ws';

/** The JSON of views already serialised, by identity: a view is built once per change and never changed after. */
const serialized = new WeakMap<object, string>();

/**
 * Stands for the view in the frame's envelope until its JSON is put in. Random per process, so that
 * nothing a client sends (a subscription id, an input) can be mistaken for it.
 */
const PLACEHOLDER = `view:${randomUUID()}`;

/** Records `json` as the serialisation of `view`, which many subscribers are about to be sent. */
export function rememberViewJson(view: unknown, json: string): void {
  if (typeof view === 'object' && view !== null) serialized.set(view, json);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The WebSocket frames of the tRPC adapter, with each shared live view serialised once per change
 * rather than once per subscriber: with many consoles open, the same view was turned into JSON for
 * every socket. Frames are the same bytes a plain JSON encoder writes, so the client needs nothing.
 */
export const sharedViewFrames: Encoder = {
  encode(message) {
    const result = isObject(message) ? message.result : undefined;
    const data = isObject(result) ? result.data : undefined;
    const view = isObject(data) ? data.view : undefined;
    const json = isObject(view) ? serialized.get(view) : undefined;
    if (json === undefined || !isObject(message) || !isObject(result) || !isObject(data))
      return jsonEncoder.encode(message);
    const envelope = JSON.stringify({
      ...message,
      result: { ...result, data: { ...data, view: PLACEHOLDER } },
    });
    return envelope.replace(`"${PLACEHOLDER}"`, () => json);
  },
  decode: (frame) => jsonEncoder.decode(frame),
};
