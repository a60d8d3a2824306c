import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DbClient } from '../db/client';
import { SharedIpRateLimiter, type RateBudget } from '../lib/shared-rate-limiter';
import { exchangeRateUsage } from '../db/shared-rate-balances';
import { IpLeases } from '../inventory/ip-leases';
import { macVendor } from '../inventory/mac-vendor';
import type { InformerSet } from '../kube/informer-set';
import { SetupError } from '../setup-error';
import { AssetStore } from './asset-store';
import { assetLinkKey } from './asset-link-key';
import { AssetServer, type AssetServerOptions } from './asset-server';
import { BootHandler } from './boot-handler';
import { ProgressTracker } from './boot-progress';
import { BootProfiles } from './boot-profiles';
import { HardwareDb } from './hardware-db';
import type { FlushCursor } from './sightings-db';
import { HardwareStore, type SightingLimits } from './hardware-store';

export type { SightingLimits } from './hardware-store';

export type BootRate = RateBudget;

/**
 * The boot service's balances among the shared limits. Replicas configured alike share them; during a
 * rollout that changes RACKPILOT_BOOT_RATE the old and the new replicas each keep their own.
 */
function rateLimiterName(rate: BootRate): string {
  return `boot ${rate.perSecond}/s burst ${rate.burst}`;
}

export const DEFAULT_BOOT_RATE: BootRate = { perSecond: 5, burst: 20 };
export const DEFAULT_INSTALL_TIMEOUT_MS = 30 * 60_000;
export const DEFAULT_REISSUE_MS = 2 * 60_000;
export const DEFAULT_SIGHTING_LIMITS: SightingLimits = { max: 20_000, maxAgeMs: 7 * 24 * 3_600_000 };
export const DEFAULT_MAX_REQUEST_BYTES = 4096;

/** `RACKPILOT_BOOT_RATE=<per second>[:<burst>]`, e.g. `5:20`. */
export function bootRateFromEnv(value: string | undefined): BootRate {
  if (!value) return DEFAULT_BOOT_RATE;
  const match = /^(\d+(?:\.\d+)?)(?::(\d+))?$/.exec(value.trim());
  const perSecond = Number(match?.[1]);
  const burst = match?.[2] === undefined ? perSecond * 4 : Number(match[2]);
  if (!match || !(perSecond > 0) || !(burst >= 1)) {
    throw new SetupError(
      `RACKPILOT_BOOT_RATE must look like 5 or 5:20 (requests per second[:burst]), not "${value}"`,
    );
  }
  return { perSecond, burst };
}

export interface BootServiceOptions {
  db: DbClient;
  informers: InformerSet;
  log: (line: string) => void;
  /** The origin every script URL points at (RACKPILOT_BOOT_URL); never taken from a request. */
  bootUrl: string;
  /** The asset store profiles name their files in (RACKPILOT_BOOT_ASSETS); created when missing. */
  assetsDir: string;
  /** The program that sends the store's files (asset-server.ts); started by start(), stopped by stop(). */
  assetServer: AssetServerOptions;
  /** How often profiles are read again (other replicas save them, files change on disk). */
  profileRefreshMs?: number;
  /** The address a token was issued to may get a fresh one once it is this old. */
  reissueMs?: number;
  sightings?: SightingLimits;
  /** Largest request target and body. */
  maxRequestBytes?: number;
  /** How often accumulated sightings are written (one statement per flush). */
  flushIntervalMs?: number;
  rate?: BootRate;
  /** An install without a callback for this long is a failure. */
  installTimeoutMs?: number;
}

export interface FlushStats {
  flushes: number;
  rowsWritten: number;
  failures: number;
  /** Evicted unleased sightings deleted from the hardware table. */
  rowsForgotten: number;
}

/** Overlap of state refreshes, so a transaction that committed late with an earlier timestamp is read. */
const REFRESH_OVERLAP_MS = 10_000;
/**
 * Other replicas' sightings are read back from a little before the last read: a flush is one statement,
 * so its rows commit within this of the time they carry.
 */
const SIGHTINGS_OVERLAP_MS = 2_000;
/**
 * Rows of other replicas' sightings read per pass. A flood elsewhere then costs this replica one bounded
 * query a second, and its list catches up when the flood ends.
 */
const SIGHTINGS_PAGE = 5_000;
const NOTIFY_INTERVAL_MS = 250;
export const DEFAULT_PROFILE_REFRESH_MS = 10_000;

/**
 * The boot service of one process: the in-memory hardware store, its HTTP handler, and the loop that
 * flushes sightings to PostgreSQL and reads back lifecycle states other replicas (or the controller)
 * wrote. With PostgreSQL down the handler keeps answering from memory; sightings wait and are
 * flushed when it is back.
 */
export class BootService {
  readonly store: HardwareStore;
  readonly hardwareDb: HardwareDb;
  readonly leases: IpLeases;
  /** Each MAC's latest provisioning step, and the write path of reported steps. */
  readonly progress: ProgressTracker;
  readonly profiles: BootProfiles;
  readonly assets: AssetServer;
  private profileTimer: NodeJS.Timeout | undefined;
  /** The last reading of the profiles failed (logged once until one succeeds). */
  private profilesFailing = false;
  readonly stats: FlushStats = { flushes: 0, rowsWritten: 0, failures: 0, rowsForgotten: 0 };
  private readonly handler: BootHandler;
  private readonly limiter: SharedIpRateLimiter;
  private rateReadAt: number | undefined;
  private readonly flushIntervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  private notifyTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private loaded = false;
  private refreshedAt: number | undefined;
  /** Where the read-back of other replicas' sightings goes on from; unset until the first refresh. */
  private sightingsCursor: FlushCursor | undefined;
  /** The last history event read back; unset until the first pass loads each MAC's latest step. */
  private progressCursor: bigint | undefined;
  /** Stamped on every flush: this process's own rows are never read back. */
  private readonly replica = randomUUID();
  private databaseDown = false;
  /** Set when the last flush begins: a sighting answered after it could never be written. */
  private stopping = false;

  readonly installTimeoutMs: number;

  constructor(private readonly options: BootServiceOptions) {
    this.installTimeoutMs = options.installTimeoutMs ?? DEFAULT_INSTALL_TIMEOUT_MS;
    this.store = new HardwareStore(macVendor, options.sightings ?? DEFAULT_SIGHTING_LIMITS);
    this.hardwareDb = new HardwareDb(options.db);
    this.leases = new IpLeases(options.db);
    this.progress = new ProgressTracker(this.hardwareDb.progress, this.store, options.log);
    this.flushIntervalMs = options.flushIntervalMs ?? 1000;
    this.limiter = new SharedIpRateLimiter(options.rate ?? DEFAULT_BOOT_RATE);
    this.profiles = new BootProfiles(options.db, new AssetStore(options.assetsDir));
    this.assets = new AssetServer(
      options.assetServer,
      options.assetsDir,
      options.bootUrl,
      () => assetLinkKey(options.db),
      {
        // The provisioning timeline's "kernel fetched" and "initrd fetched"; the image's download the
        // installer reports itself, with its bytes and rate.
        fetched: (_profile, role, address) => {
          if (role !== 'image') void this.progress.assetFetched(address, role);
        },
        changed: (profile) => void this.profiles.recheck(profile),
      },
      options.log,
    );
    this.handler = new BootHandler({
      store: this.store,
      hardwareDb: this.hardwareDb,
      progress: this.progress,
      informers: options.informers,
      limiter: this.limiter,
      profiles: this.profiles,
      assets: this.assets,
      log: options.log,
      bootUrl: options.bootUrl,
      reissueMs: options.reissueMs ?? DEFAULT_REISSUE_MS,
      maxRequestBytes: options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES,
    });
  }

  /** Responses answered by status class, for the metrics (4 keys at most). */
  readonly responses = new Map<string, number>();

  readonly handle = (req: IncomingMessage, res: ServerResponse): void => {
    res.once('finish', () => {
      const code = `${Math.floor(res.statusCode / 100)}xx`;
      this.responses.set(code, (this.responses.get(code) ?? 0) + 1);
    });
    if (this.stopping) {
      // Kept-alive connections outlive the listener's close; a booting host retries and reaches a
      // replica (or this one restarted) that records it.
      res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '5', connection: 'close' });
      res.end('the boot service is stopping\n');
      return;
    }
    this.handler.handle(req, res);
  };

  /** Loads what the database knows (if it answers) and starts the flush loop. */
  async start(): Promise<void> {
    await mkdir(this.options.assetsDir, { recursive: true });
    await this.assets.start();
    await this.refreshProfiles();
    await this.sync();
    this.notifyTimer = setInterval(() => {
      this.store.notifyIfChanged();
    }, NOTIFY_INTERVAL_MS);
    this.schedule();
    this.scheduleProfiles();
  }

  /** Reads the profiles again; on failure the ones loaded stay in use. Never throws. */
  private async refreshProfiles(): Promise<void> {
    try {
      await this.profiles.refresh();
      this.profilesFailing = false;
    } catch (error) {
      if (!this.profilesFailing)
        this.options.log(
          `boot: cannot read the boot profiles (${error instanceof Error ? (error.message.trim().split('\n').at(-1) ?? '') : String(error)}); keeping those loaded`,
        );
      this.profilesFailing = true;
    }
  }

  private scheduleProfiles(): void {
    this.profileTimer = setTimeout(() => {
      void this.refreshProfiles().finally(() => {
        if (this.profileTimer) this.scheduleProfiles();
      });
    }, this.options.profileRefreshMs ?? DEFAULT_PROFILE_REFRESH_MS);
    this.profileTimer.unref();
  }

  /** Stops the loop and writes what is still pending (best effort: the database may be gone). */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    clearInterval(this.notifyTimer);
    clearTimeout(this.profileTimer);
    this.timer = undefined;
    this.profileTimer = undefined;
    await this.running;
    await Promise.all([this.sync(), this.assets.stop()]);
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.running = this.sync().finally(() => {
        this.running = undefined;
        if (this.timer) this.schedule();
      });
    }, this.flushIntervalMs);
    this.timer.unref();
  }

  /**
   * One pass: forget evicted sightings, flush new ones, read back state changes, and exchange request
   * counts with the other replicas. Never throws.
   */
  async sync(): Promise<void> {
    if (this.loaded) this.store.expire(Date.now());
    const evicted = this.store.takeEvicted();
    const pending = this.store.takePending();
    // Dropped if the exchange fails: each replica then limits on its own counts until the database is back.
    const usage = this.limiter.takeUsage();
    let flushed = false;
    try {
      if (!this.loaded) {
        this.store.load(await this.hardwareDb.sightings.loadAll(), Date.now());
        this.loaded = true;
        evicted.push(...this.store.takeEvicted());
      }
      this.stats.rowsForgotten += await this.hardwareDb.sightings.forgetUnleased(evicted);
      await this.hardwareDb.sightings.flush(pending, this.replica);
      flushed = true;
      if (pending.length > 0) {
        this.stats.flushes++;
        this.stats.rowsWritten += pending.length;
      }
      await this.refreshStates();
      await this.readBackProgress();
      await this.exchangeRateUsage(usage);
      if (this.databaseDown) this.options.log('boot: database reachable again, sightings flushed');
      this.databaseDown = false;
    } catch (error) {
      // Sightings already written stay written: putting them back would count their boots twice.
      if (!flushed) {
        this.store.restore(pending);
        this.store.restoreEvicted(evicted);
      }
      this.stats.failures++;
      if (!this.databaseDown) {
        const message =
          error instanceof Error ? (error.message.trim().split('\n').at(-1) ?? '') : String(error);
        this.options.log(
          `boot: cannot reach the database (${message}); answering from memory, limiting on this replica's counts, retrying`,
        );
      }
      this.databaseDown = true;
    }
  }

  private async exchangeRateUsage(usage: ReadonlyMap<string, number>): Promise<void> {
    const exchange = await exchangeRateUsage(
      this.options.db,
      rateLimiterName(this.limiter.budget),
      this.limiter.budget,
      usage,
      this.rateReadAt,
    );
    this.limiter.applyShared(exchange.balances);
    this.rateReadAt = exchange.readAt;
  }

  /**
   * Reads back what changed since the last refresh: lifecycle states (all of them the first time) and the
   * sightings other replicas flushed (none the first time: the start's load holds them), so every
   * replica lists the machines booting against any of them.
   */
  async refreshStates(): Promise<void> {
    const dbNow = await this.hardwareDb.sightings.nowMs();
    if (this.sightingsCursor) await this.readBackSightings(this.sightingsCursor, dbNow);
    else this.sightingsCursor = { atMs: dbNow - SIGHTINGS_OVERLAP_MS, mac: '' };
    const since = this.refreshedAt === undefined ? 0 : this.refreshedAt - REFRESH_OVERLAP_MS;
    this.store.applyStates(await this.hardwareDb.sightings.statesSince(since), Date.now());
    this.refreshedAt = dbNow;
  }

  /** Steps and history events any replica wrote since the last pass (at first, each MAC's latest step). */
  private async readBackProgress(): Promise<void> {
    if (this.progressCursor === undefined) {
      const start = await this.hardwareDb.progress.start();
      this.progress.apply(start.steps);
      this.progressCursor = start.cursor;
      return;
    }
    const read = await this.hardwareDb.progress.since(this.progressCursor);
    this.progress.apply(read.steps, read.macs);
    this.progressCursor = read.cursor;
  }

  /** One page; a full page is followed on from its last row, a short one from the overlap again. */
  private async readBackSightings(cursor: FlushCursor, dbNow: number): Promise<void> {
    const rows = await this.hardwareDb.sightings.flushedAfter(cursor, this.replica, SIGHTINGS_PAGE);
    this.store.mergeSightings(rows);
    const last = rows.at(-1);
    this.sightingsCursor =
      last && rows.length === SIGHTINGS_PAGE
        ? { atMs: last.flushedAt, mac: last.mac }
        : { atMs: dbNow - SIGHTINGS_OVERLAP_MS, mac: '' };
  }
}

/** Creates and starts a boot service; server/main.ts hands it to the controllers and the API. */
export async function startBootService(options: BootServiceOptions): Promise<BootService> {
  const service = new BootService(options);
  await service.start();
  return service;
}

export async function stopBootService(service: BootService): Promise<void> {
  await service.stop();
}
