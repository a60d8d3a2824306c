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

/** A frame the adapter is about to write, with what the socket's outbox needs to know of it. */
export interface OutgoingFrame {
  text: string;
  /** Its UTF-8 bytes, made once and written by every socket it goes to (shared views only). */
  bytes?: Buffer;
  /**
   * For a subscription's data, its id: a live view sends whole snapshots (live-view.ts), so the
   * newest frame of a subscription stands for all before it. Not for a delta (DeltaMessage), which
   * the client needs every one of.
   */
  snapshotOf?: string;
  /** For the frame that ends a subscription: its id. */
  stopped?: string;
  /** A snapshot saying only that nothing changed since the one before it. */
  same?: boolean;
}

/** Frames already made from a view, by their envelope (the subscription id and protocol fields). */
const framesOfView = new WeakMap<object, Map<string, Required<Pick<OutgoingFrame, 'text' | 'bytes'>>>>();

/** Distinct envelopes kept per view: subscription ids are the client's to choose, so they are not trusted to repeat. */
const MAX_ENVELOPES_PER_VIEW = 16;

/** The frame `encode` returned last: the adapter hands it to its socket's `send` at once. */
let lastFrame: OutgoingFrame | undefined;

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
    const result = isObject(message) ? message.result : undefined;
    const data = isObject(result) ? result.data : undefined;
    const view = isObject(data) ? data.view : undefined;
    const json = isObject(view) ? serialized.get(view) : undefined;
    const id =
      isObject(message) && (typeof message.id === 'number' || typeof message.id === 'string')
        ? String(message.id)
        : undefined;
    const type = isObject(result) ? result.type : undefined;
    const about =
      id === undefined
        ? {}
        : type === 'data' && !(isObject(data) && data.delta === true)
          ? { snapshotOf: id, same: isObject(data) && data.same === true }
          : type === 'stopped'
            ? { stopped: id }
            : {};
    if (json === undefined || !isObject(view) || !isObject(message) || !isObject(result) || !isObject(data)) {
      const text = jsonEncoder.encode(message) as string;
      lastFrame = { text, ...about };
      return text;
    }
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
    lastFrame = { ...frame, ...about };
    return frame.text;
  },
  decode: (frame) => jsonEncoder.decode(frame),
};

/** What `sharedViewFrames` knows of `text` when it made it last; anything else is a plain frame. */
export function outgoingFrame(text: string): OutgoingFrame {
  return lastFrame?.text === text ? lastFrame : { text };
}
