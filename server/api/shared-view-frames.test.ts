import { describe, expect, it } from 'vitest';
import { rememberViewJson, sharedViewFrames } from './shared-view-frames';

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
