import type { InformerHealth } from './kube/informer';

/**
 * What /api/readyz answers. It is anonymous (kubelet probes carry no credentials), so it holds check
 * names and states only: error texts with addresses go to the server log, never to the caller.
 */
export type CheckState = 'ok' | 'starting' | 'failing' | 'timeout' | 'not-synced' | 'backing-off' | 'stale';

export type ReadinessCheck = 'database' | 'apiServer' | 'informers';

export interface Readiness {
  ready: boolean;
  /** When the background check that produced this answer finished (ISO time). */
  checkedAt: string;
  checks: Record<ReadinessCheck, CheckState>;
  /**
   * CRDs of kinds Rackpilot serves that another installer owns (or that are newer than ours) and were
   * left as they are. Not a failure: an upstream operator may own them on purpose.
   */
  foreignCrds?: string[];
}

export function startingReadiness(now = Date.now()): Readiness {
  return {
    ready: false,
    checkedAt: new Date(now).toISOString(),
    checks: { database: 'starting', apiServer: 'starting', informers: 'starting' },
  };
}

/** Not synced outranks backing off: a cache that never filled is worse than one that may go stale. */
export function informersState(health: InformerHealth[]): CheckState {
  if (health.some((informer) => !informer.synced)) return 'not-synced';
  if (health.some((informer) => informer.backingOff)) return 'backing-off';
  return 'ok';
}

class Timeout extends Error {}

/** Resolves with the probe's state within `timeoutMs`, whatever the probe does. */
async function probeState(
  probe: () => Promise<unknown>,
  timeoutMs: number,
): Promise<{ state: CheckState; error?: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Timeout());
    }, timeoutMs);
  });
  try {
    await Promise.race([probe(), timeout]);
    return { state: 'ok' };
  } catch (error) {
    if (error instanceof Timeout) return { state: 'timeout' };
    return { state: 'failing', error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

export interface ReadinessMonitorDeps {
  informerHealth: () => InformerHealth[];
  pingDatabase: () => Promise<unknown>;
  pingApiServer: () => Promise<unknown>;
  /** How often the checks run; each probe gets half of it, and an answer older than three is stale. */
  intervalMs: number;
  log: (line: string) => void;
  now?: () => number;
  foreignCrds?: string[];
}

/**
 * Readiness computed in the background, so a probe costs a property read: the informers' own health
 * (no API call at all), a database ping and an API-server version request, each bounded by a timeout,
 * once per interval however often /api/readyz is asked.
 */
export class ReadinessMonitor {
  private latest: Readiness;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private lastLogged = '';
  private readonly now: () => number;

  constructor(private readonly deps: ReadinessMonitorDeps) {
    this.now = deps.now ?? Date.now;
    this.latest = startingReadiness(this.now());
  }

  /** Runs the first check at once; resolves when it is done. */
  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => {
      this.running ??= this.check().finally(() => {
        this.running = undefined;
      });
    }, this.deps.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** The latest result; one older than three intervals means the checks themselves are stuck. */
  current(): Readiness {
    const age = this.now() - Date.parse(this.latest.checkedAt);
    if (age <= 3 * this.deps.intervalMs) return this.latest;
    return {
      ready: false,
      checkedAt: this.latest.checkedAt,
      checks: { database: 'stale', apiServer: 'stale', informers: 'stale' },
    };
  }

  private async check(): Promise<void> {
    const timeoutMs = this.deps.intervalMs / 2;
    const [database, apiServer] = await Promise.all([
      probeState(this.deps.pingDatabase, timeoutMs),
      probeState(this.deps.pingApiServer, timeoutMs),
    ]);
    const health = this.deps.informerHealth();
    const checks = {
      database: database.state,
      apiServer: apiServer.state,
      informers: informersState(health),
    };
    const foreignCrds = this.deps.foreignCrds ?? [];
    this.latest = {
      ready: Object.values(checks).every((state) => state === 'ok'),
      checkedAt: new Date(this.now()).toISOString(),
      checks,
      ...(foreignCrds.length > 0 ? { foreignCrds } : {}),
    };
    this.logChange(database.error, apiServer.error, health);
  }

  /** The details the anonymous answer leaves out, logged once per change. */
  private logChange(
    databaseError: string | undefined,
    apiServerError: string | undefined,
    health: InformerHealth[],
  ) {
    const { checks } = this.latest;
    const unhealthy = health
      .filter((informer) => !informer.synced || informer.backingOff)
      .map((informer) => `${informer.kind} ${informer.synced ? 'backing off' : 'not synced'}`);
    const line = this.latest.ready
      ? 'ready'
      : [
          `database ${checks.database}${databaseError ? ` (${databaseError.trim().split('\n').at(-1) ?? ''})` : ''}`,
          `API server ${checks.apiServer}${apiServerError ? ` (${apiServerError})` : ''}`,
          `informers ${checks.informers}${unhealthy.length > 0 ? ` (${unhealthy.join(', ')})` : ''}`,
        ].join('; ');
    if (line === this.lastLogged) return;
    if (this.lastLogged !== '' || !this.latest.ready) this.deps.log(`readiness: ${line}`);
    this.lastLogged = line;
  }
}
