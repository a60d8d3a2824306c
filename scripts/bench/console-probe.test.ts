// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { consoleProbeSource, PROBE_READ, type ProbeRecord } from './console-probe';
import { formatStamp } from './write-stamp';

/** Runs source text in the page, as Playwright does with an init script or an evaluated string. */
function run(body: string): unknown {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the probe is source text by design
  const compiled = new Function(body) as () => unknown;
  return compiled();
}

describe('the console probe', () => {
  it('reads a change shown just before it was read as painted, not lost', async () => {
    run(consoleProbeSource('[data-testid="row"]'));
    const row = document.createElement('div');
    row.dataset.testid = 'row';
    row.textContent = formatStamp({ seq: 7, writtenAt: Date.now() });
    document.body.append(row);
    // The MutationObserver hears of it before anything else runs, as when a read follows a check of the page's text.
    await Promise.resolve();
    const record = (await run(`return ${PROBE_READ};`)) as ProbeRecord;
    expect(Object.keys(record.paints)).toEqual(['7']);
  });

  it('records when the page’s own message event carrying a stamp ran, once per stamp', async () => {
    // A socket that never connects: the probe only listens to its events.
    class FakeSocket extends EventTarget {
      send(): void {}
    }
    Object.assign(window, { WebSocket: FakeSocket });
    run(consoleProbeSource('[data-testid="row"]'));
    const socket = new (window.WebSocket as unknown as typeof FakeSocket)();
    const stamp = formatStamp({ seq: 9, writtenAt: Date.now() });
    const before = Date.now();
    socket.dispatchEvent(new MessageEvent('message', { data: `{"flavor":"${stamp}"}` }));
    const first = ((await run(`return ${PROBE_READ};`)) as ProbeRecord).messages['9'];
    socket.dispatchEvent(new MessageEvent('message', { data: `{"flavor":"${stamp}"}` }));
    const record = (await run(`return ${PROBE_READ};`)) as ProbeRecord;
    expect(record.messages['9']).toBe(first);
    expect(first).toBeGreaterThanOrEqual(before - 1);
    expect(record.visibility[0]?.state).toBe('visible');
  });
});
