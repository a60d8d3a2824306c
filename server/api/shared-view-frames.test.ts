import { describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { rememberViewJson, sendSharedFrames, sharedViewFrames } from './shared-view-frames';

const frame = (id: unknown, data: unknown) => ({ id, jsonrpc: '2.0', result: { type: 'data', data } });

describe('sharedViewFrames', () => {
  it('writes the same bytes as JSON.stringify for a view serialised once for all subscribers', () => {
    const view = { rows: [{ name: 'host-1', labels: { 'a/b': 'c"d' } }], total: 1, note: '\u2028' };
    rememberViewJson(view, JSON.stringify(view));
    for (const id of [1, 'sub-"7"', null]) {
      const message = frame(id, { view });
      expect(sharedViewFrames.encode(message)).toBe(JSON.stringify(message));
    }
  });

  it('puts in the remembered JSON rather than serialising the view again', () => {
    const view = { rows: [] };
    rememberViewJson(view, '{"rows":["remembered"]}');
    expect(JSON.parse(sharedViewFrames.encode(frame(3, { view })) as string)).toEqual(
      frame(3, { view: { rows: ['remembered'] } }),
    );
  });

  it('serialises anything else as it is: other data, `same` messages, errors, strings in the envelope', () => {
    const messages = [
      frame(4, { view: { rows: [] } }),
      frame(5, { same: true }),
      frame(6, 'view:not-the-placeholder'),
      { id: 7, jsonrpc: '2.0', error: { code: -32600, message: 'bad' } },
      { id: 8, method: 'reconnect' },
    ];
    for (const message of messages) expect(sharedViewFrames.encode(message)).toBe(JSON.stringify(message));
  });

  it('decodes text frames as JSON and refuses binary ones', () => {
    expect(sharedViewFrames.decode('{"id":1}')).toEqual({ id: 1 });
    expect(() => sharedViewFrames.decode(new Uint8Array([1]))).toThrow(/binary/);
  });
});

describe('sendSharedFrames', () => {
  /** A stand-in for a ws socket that records what its own send was given. */
  function recordingSocket() {
    const sent: unknown[][] = [];
    const socket = { send: (...args: unknown[]) => sent.push(args) } as unknown as WebSocket;
    sendSharedFrames(socket);
    return { socket, sent };
  }

  it('writes one copy of bytes, as text, for every subscriber with the same envelope', () => {
    const view = { rows: [{ name: 'host-1' }] };
    rememberViewJson(view, JSON.stringify(view));
    const sockets = [recordingSocket(), recordingSocket(), recordingSocket()];
    for (const { socket } of sockets) socket.send(sharedViewFrames.encode(frame(1, { view })) as string);
    const [first] = sockets[0]?.sent ?? [];
    expect(first?.[1]).toEqual({ binary: false });
    expect(Buffer.from(first?.[0] as Buffer).toString()).toBe(JSON.stringify(frame(1, { view })));
    for (const { sent } of sockets) expect(sent[0]?.[0]).toBe(first?.[0]);
  });

  it('makes a frame of its own for another subscription id of the same view', () => {
    const view = { rows: [] };
    rememberViewJson(view, JSON.stringify(view));
    const a = recordingSocket();
    const b = recordingSocket();
    a.socket.send(sharedViewFrames.encode(frame(1, { view })) as string);
    b.socket.send(sharedViewFrames.encode(frame(2, { view })) as string);
    expect(Buffer.from(b.sent[0]?.[0] as Buffer).toString()).toBe(JSON.stringify(frame(2, { view })));
    expect(b.sent[0]?.[0]).not.toBe(a.sent[0]?.[0]);
  });

  it('keeps no more than 16 envelopes per view, and still encodes the rest correctly', () => {
    const view = { rows: [] };
    rememberViewJson(view, JSON.stringify(view));
    for (let id = 0; id < 40; id++)
      expect(sharedViewFrames.encode(frame(id, { view }))).toBe(JSON.stringify(frame(id, { view })));
  });

  it('sends anything else as it was given: pings, plain frames, calls with options', () => {
    const { socket, sent } = recordingSocket();
    const view = { rows: [] };
    rememberViewJson(view, JSON.stringify(view));
    const shared = sharedViewFrames.encode(frame(1, { view })) as string;
    const callback = () => undefined;
    socket.send('PING');
    socket.send(sharedViewFrames.encode(frame(5, { same: true })) as string);
    socket.send(shared, { binary: false }, callback);
    expect(sent).toEqual([
      ['PING'],
      [JSON.stringify(frame(5, { same: true }))],
      [shared, { binary: false }, callback],
    ]);
  });
});
