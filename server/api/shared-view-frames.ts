import { randomUUID } from 'node:crypto';
import { jsonEncoder, type Encoder } from '@trpc/server/adapters/ws';
import type WebSocket from 'ws';

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

interface Frame {
  text: string;
  /** Its UTF-8 bytes, made once and written by every socket it goes to. */
  bytes: Buffer;
}

/** Frames already made from a view, by their envelope (the subscription id and protocol fields). */
const framesOfView = new WeakMap<object, Map<string, Frame>>();

/** Distinct envelopes kept per view: subscription ids are the client's to choose, so they are not trusted to repeat. */
const MAX_ENVELOPES_PER_VIEW = 16;

/** The frame `encode` returned last: the adapter hands it to its socket's `send` at once. */
let lastFrame: Frame | undefined;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The WebSocket frames of the tRPC adapter, with each shared live view serialised once per change
 * rather than once per subscriber, and each frame made once for every subscriber with the same
 * envelope: with many consoles open, the same view was turned into JSON, a frame and its bytes for
 * every socket, and the garbage collector ran for a seventh of the server's time. Frames are the same
 * bytes a plain JSON encoder writes, so the client needs nothing.
 */
export const sharedViewFrames: Encoder = {
  encode(message) {
    lastFrame = undefined;
    const result = isObject(message) ? message.result : undefined;
    const data = isObject(result) ? result.data : undefined;
    const view = isObject(data) ? data.view : undefined;
    const json = isObject(view) ? serialized.get(view) : undefined;
    if (json === undefined || !isObject(view) || !isObject(message) || !isObject(result) || !isObject(data))
      return jsonEncoder.encode(message);
    const envelope = JSON.stringify({
      ...message,
      result: { ...result, data: { ...data, view: PLACEHOLDER } },
    });
    let frames = framesOfView.get(view);
    if (!frames) {
      frames = new Map();
      framesOfView.set(view, frames);
    }
    let frame = frames.get(envelope);
    if (!frame) {
      const text = envelope.replace(`"${PLACEHOLDER}"`, () => json);
      frame = { text, bytes: Buffer.from(text) };
      if (frames.size < MAX_ENVELOPES_PER_VIEW) frames.set(envelope, frame);
    }
    lastFrame = frame;
    return frame.text;
  },
  decode: (frame) => jsonEncoder.decode(frame),
};

/**
 * Lets `socket` write a frame `sharedViewFrames` made from that frame's one copy of bytes, as a text
 * frame: sent as a string, every socket would measure and encode it again. Anything else is sent as given.
 */
export function sendSharedFrames(socket: WebSocket): void {
  const send = socket.send.bind(socket) as (...args: unknown[]) => void;
  socket.send = ((...args: unknown[]) => {
    const frame = lastFrame;
    if (args.length === 1 && frame && args[0] === frame.text) send(frame.bytes, { binary: false });
    else send(...args);
  }) as WebSocket['send'];
}
