import { describe, expect, it, vi } from 'vitest';
import { informersState, ReadinessMonitor, startingReadiness, type ReadinessMonitorDeps } from './health';

const informer = (synced: boolean, backingOff: boolean) => ({
  kind: 'PlunderMachine',
  synced,
  backingOff,
  lastContactAt: 0,
});

describe('informersState', () => {
  it('is ok only when every informer is synced and none backs off', () => {
    expect(informersState([informer(true, false), informer(true, false)])).toBe('ok');
    expect(informersState([informer(true, false), informer(true, true)])).toBe('backing-off');
    expect(informersState([informer(false, true), informer(true, true)])).toBe('not-synced');
    expect(informersState([])).toBe('ok');
  });
});

describe('ReadinessMonitor', () => {
  const never = () => new Promise<never>(() => undefined);
  const fails = () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432\n'));
  const answers = () => Promise.resolve();

  function monitor(deps: Partial<ReadinessMonitorDeps>, clock = { t: 0 }) {
    const lines: string[] = [];
    const readiness = new ReadinessMonitor({
      informerHealth: () => [informer(true, false)],
      pingDatabase: answers,
      pingApiServer: answers,
      intervalMs: 40,
      log: (line) => lines.push(line),
      now: () => clock.t,
      ...deps,
    });
    return { readiness, lines, clock };
  }

  it('checks again every interval, so a database that comes back makes it ready', async () => {
    let database: () => Promise<void> = fails;
    const { readiness } = monitor({ pingDatabase: () => database() });
    await readiness.start();
    expect(readiness.current()).toMatchObject({ ready: false, checks: { database: 'failing' } });
    database = answers;
    await vi.waitFor(
      () => {
        expect(readiness.current()).toMatchObject({ ready: true, checks: { database: 'ok' } });
      },
      { timeout: 4_000, interval: 10 },
    );
    await readiness.stop();
  });

  it('starts not ready with every check starting', () => {
    const { readiness } = monitor({});
    expect(readiness.current()).toEqual(startingReadiness(0));
  });

  it.each([
    ['all answer', {}, true, { database: 'ok', apiServer: 'ok', informers: 'ok' }],
    [
      'the database refuses',
      { pingDatabase: fails },
      false,
      { database: 'failing', apiServer: 'ok', informers: 'ok' },
    ],
    [
      'the API server hangs',
      { pingApiServer: never },
      false,
      { database: 'ok', apiServer: 'timeout', informers: 'ok' },
    ],
    [
      'a cache is not synced',
      { informerHealth: () => [informer(false, false)] },
      false,
      { database: 'ok', apiServer: 'ok', informers: 'not-synced' },
    ],
  ] as const)('when %s: ready %s', async (_, deps, ready, checks) => {
    const { readiness } = monitor(deps);
    await readiness.start();
    await readiness.stop();
    expect(readiness.current()).toMatchObject({ ready, checks });
  });

  it('names foreign CRDs without failing readiness', async () => {
    const { readiness } = monitor({ foreignCrds: ['managers.contrail.juniper.net'] });
    await readiness.start();
    await readiness.stop();
    expect(readiness.current()).toMatchObject({
      ready: true,
      foreignCrds: ['managers.contrail.juniper.net'],
    });
  });

  it('answers stale once its latest check is older than three intervals', async () => {
    const { readiness, clock } = monitor({});
    await readiness.start();
    await readiness.stop();
    clock.t = 120;
    expect(readiness.current().ready).toBe(true);
    clock.t = 121;
    expect(readiness.current()).toMatchObject({
      ready: false,
      checks: { database: 'stale', apiServer: 'stale', informers: 'stale' },
    });
  });

  it('logs the details the anonymous answer leaves out, once per change', async () => {
    const { readiness, lines } = monitor({
      pingDatabase: fails,
      informerHealth: () => [{ ...informer(true, true), kind: 'Secret' }],
    });
    await readiness.start();
    await readiness.stop();
    await readiness.start();
    await readiness.stop();
    expect(lines).toEqual([
      'readiness: database failing (connect ECONNREFUSED 10.0.0.5:5432); API server ok; informers backing-off (Secret backing off)',
    ]);
  });

  it('logs nothing while the first answer is ready', async () => {
    const { readiness, lines } = monitor({});
    await readiness.start();
    await readiness.stop();
    expect(lines).toEqual([]);
  });
});
