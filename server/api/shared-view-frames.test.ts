import { describe, expect, it } from 'vitest';
import { outgoingFrame, rememberViewJson, sharedViewFrames } from './shared-view-frames';

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

describe('outgoingFrame', () => {
  it('hands every subscriber with the same envelope one copy of bytes', () => {
    const view = { rows: [{ name: 'host-1' }] };
    rememberViewJson(view, JSON.stringify(view));
    const frames = [1, 2, 3].map(() => outgoingFrame(sharedViewFrames.encode(frame(1, { view })) as string));
    expect(frames[0]?.bytes?.toString()).toBe(JSON.stringify(frame(1, { view })));
    for (const each of frames) expect(each.bytes).toBe(frames[0]?.bytes);
  });

  it('makes a frame of its own for another subscription id of the same view', () => {
    const view = { rows: [] };
    rememberViewJson(view, JSON.stringify(view));
    const a = outgoingFrame(sharedViewFrames.encode(frame(1, { view })) as string);
    const b = outgoingFrame(sharedViewFrames.encode(frame(2, { view })) as string);
    expect(b.bytes?.toString()).toBe(JSON.stringify(frame(2, { view })));
    expect(b.bytes).not.toBe(a.bytes);
  });

  it('keeps no more than 16 envelopes per view, and still encodes the rest correctly', () => {
    const view = { rows: [] };
    rememberViewJson(view, JSON.stringify(view));
    for (let id = 0; id < 40; id++)
      expect(sharedViewFrames.encode(frame(id, { view }))).toBe(JSON.stringify(frame(id, { view })));
  });

  it('says which subscription a frame is a snapshot of, or ends, and whether it only says `same`', () => {
    const view = { rows: [] };
    rememberViewJson(view, JSON.stringify(view));
    expect(outgoingFrame(sharedViewFrames.encode(frame(7, { view })) as string)).toMatchObject({
      snapshotOf: '7',
      same: false,
    });
    expect(outgoingFrame(sharedViewFrames.encode(frame('a', { same: true })) as string)).toMatchObject({
      snapshotOf: 'a',
      same: true,
    });
    // A delta is needed whole by the client, so it is no snapshot a newer frame may stand for.
    const delta = frame(8, { view: { racks: [] }, delta: true });
    expect(outgoingFrame(sharedViewFrames.encode(delta) as string)).toEqual({ text: JSON.stringify(delta) });
    const stopped = { id: 7, jsonrpc: '2.0', result: { type: 'stopped' } };
    expect(outgoingFrame(sharedViewFrames.encode(stopped) as string)).toEqual({
      text: JSON.stringify(stopped),
      stopped: '7',
    });
  });

  it('knows nothing of text it did not make last', () => {
    sharedViewFrames.encode(frame(1, { same: true }));
    expect(outgoingFrame('PONG')).toEqual({ text: 'PONG' });
  });
});
