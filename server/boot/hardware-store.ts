import { EventEmitter } from 'node:events';
import type { HardwareState } from '../schemas/hardware-list';

/**
 * Another address asked for a MAC already bound to one (docs/security.md §15). One slot per MAC: the
 * latest other address, when it was first and last seen, and how often (capped at `MAX_CONFLICT_COUNT`).
 */
export interface AddressConflict {
  ip: string;
  firstSeen: number;
  lastSeen: number;
  count: number;
}

/** The conflict count is an int4 column. */
export const MAX_CONFLICT_COUNT = 2_147_483_647;

export interface MachineClaim {
  uid: string;
  namespace: string;
  name: string;
}

/** What the boot service knows about one MAC, in memory. */
export interface HardwareRecord {
  mac: string;
  vendor: string | null;
  firstSeen: number;
  lastSeen: number;
  /** Boots counted, flushed or not. */
  bootCount: number;
  /** The address the MAC is bound to: the first it was sighted from, or the one an operator confirmed. */
  ip: string | null;
  /** When the binding was made or confirmed (null until a sighting carries an address). */
  boundAt: number | null;
  /** Another address asked for this MAC since the binding; no token until an operator resolves it. */
  conflict: AddressConflict | null;
  uuid: string | null;
  serial: string | null;
  hostname: string | null;
  state: HardwareState;
  /** The claiming PlunderMachine; while wiping, the one that held it (uid empty). */
  claim: MachineClaim | null;
  attempts: number;
  failureReason: string | null;
  failureMessage: string | null;
  /** Database time of the last state change, to order refreshes against local writes. */
  stateChangedAt: number;
}

/** One MAC's sightings since the last flush. */
export interface SightingDelta {
  mac: string;
  vendor: string | null;
  firstSeen: number;
  lastSeen: number;
  boots: number;
  /** The address this replica binds the MAC to; the database keeps the first binding it got. */
  ip: string | null;
  /** When this replica bound it (the first sighting from that address). */
  boundAt: number | null;
  conflict: AddressConflict | null;
  uuid: string | null;
  serial: string | null;
  hostname: string | null;
}

/** The lifecycle columns of a row, as the database returns them. */
export interface HardwareStateRow {
  mac: string;
  state: HardwareState;
  claim: MachineClaim | null;
  attempts: number;
  failureReason: string | null;
  failureMessage: string | null;
  stateChangedAt: number;
  ip: string | null;
  boundAt: number | null;
  conflict: AddressConflict | null;
}

export interface FullHardwareRow extends HardwareStateRow {
  vendor: string | null;
  firstSeen: number;
  lastSeen: number;
  bootCount: number;
  uuid: string | null;
  serial: string | null;
  hostname: string | null;
}

/**
 * How many unleased sightings are kept, and for how long after their last boot request. A flood of
 * made-up MACs costs memory and a hardware row each; these bound both.
 */
export interface SightingLimits {
  max: number;
  maxAgeMs: number;
}

function noteConflict(record: HardwareRecord, ip: string, now: number): void {
  const conflict = record.conflict;
  if (conflict?.ip === ip) {
    conflict.lastSeen = now;
    conflict.count = Math.min(conflict.count + 1, MAX_CONFLICT_COUNT);
  } else record.conflict = { ip, firstSeen: now, lastSeen: now, count: 1 };
}

/**
 * A conflict this process saw and the database does not hold yet: it stands if it is newer than the
 * row's binding (an operator's confirmation clears the ones before it) and names another address.
 */
function laterConflict(local: AddressConflict | null, row: HardwareStateRow): AddressConflict | null {
  if (!local || local.ip === row.ip) return null;
  return row.boundAt === null || local.lastSeen > row.boundAt ? local : null;
}

/**
 * Every MAC the boot service knows, in memory: the boot path reads and writes only this, and a
 * flush loop moves the accumulated sightings to PostgreSQL. Emits 'change' (coalesced by the caller's
 * ticker through `notifyIfChanged`) for live views and 'state' at once when a lifecycle state changes.
 */
export class HardwareStore extends EventEmitter {
  private readonly records = new Map<string, HardwareRecord>();
  /** MACs with sightings not yet flushed, and how many boots each. */
  private pending = new Map<string, number>();
  /** Evicted MACs whose hardware rows are still to be deleted. */
  private evicted = new Set<string>();
  private changed = false;
  /** Unleased sightings dropped for the size or age limit, since start. */
  evictions = 0;

  constructor(
    private readonly vendorOf: (mac: string) => string | undefined,
    private readonly limits: SightingLimits,
  ) {
    super();
    this.setMaxListeners(0);
  }

  get size(): number {
    return this.records.size;
  }

  get(mac: string): HardwareRecord | undefined {
    return this.records.get(mac);
  }

  all(): IterableIterator<HardwareRecord> {
    return this.records.values();
  }

  /**
   * Records one boot request. The hot path: no I/O, one object only for a MAC never seen before. A
   * request from another address than the MAC's binding is not the machine: it changes none of its
   * facts, its last seen or its boot count, and is kept as the MAC's address conflict instead.
   */
  sight(
    mac: string,
    ip: string | null,
    now: number,
    reported?: { uuid: string | null; serial: string | null; hostname: string | null },
  ): HardwareRecord {
    let record = this.records.get(mac);
    if (record && record.ip !== null && ip !== null && ip !== record.ip) {
      noteConflict(record, ip, now);
      this.pending.set(mac, this.pending.get(mac) ?? 0);
      this.changed = true;
      return record;
    }
    if (record) {
      // Map order is least recently seen first, which is the eviction order.
      this.records.delete(mac);
      this.records.set(mac, record);
    } else {
      record = {
        mac,
        vendor: this.vendorOf(mac) ?? null,
        firstSeen: now,
        lastSeen: now,
        bootCount: 0,
        ip: null,
        boundAt: null,
        conflict: null,
        uuid: null,
        serial: null,
        hostname: null,
        state: 'unleased',
        claim: null,
        attempts: 0,
        failureReason: null,
        failureMessage: null,
        stateChangedAt: 0,
      };
      this.records.set(mac, record);
      this.evicted.delete(mac);
      if (this.records.size > this.limits.max) this.evictOldest(1);
    }
    record.lastSeen = now;
    record.bootCount++;
    if (record.ip === null && ip !== null) {
      record.ip = ip;
      record.boundAt = now;
    }
    if (reported) {
      if (reported.uuid) record.uuid = reported.uuid;
      if (reported.serial) record.serial = reported.serial;
      if (reported.hostname) record.hostname = reported.hostname;
    }
    this.pending.set(mac, (this.pending.get(mac) ?? 0) + 1);
    this.changed = true;
    return record;
  }

  /** Only sightings no machine holds or held are ever dropped; claimed MACs are bounded by the machines. */
  private evictable(record: HardwareRecord): boolean {
    return record.state === 'unleased' && record.claim === null;
  }

  private evict(record: HardwareRecord): void {
    this.records.delete(record.mac);
    this.pending.delete(record.mac);
    this.evicted.add(record.mac);
    this.evictions++;
    this.changed = true;
  }

  private evictOldest(count: number): void {
    let left = count;
    for (const record of this.records.values()) {
      if (left <= 0) return;
      if (!this.evictable(record)) continue;
      this.evict(record);
      left--;
    }
  }

  /** Drops unleased sightings not seen within the age limit, then any beyond the size limit. */
  expire(now: number): void {
    const cutoff = now - this.limits.maxAgeMs;
    for (const record of this.records.values()) {
      if (record.lastSeen >= cutoff) break;
      if (this.evictable(record)) this.evict(record);
    }
    if (this.records.size > this.limits.max) this.evictOldest(this.records.size - this.limits.max);
  }

  /** Hands the evicted MACs to the flush, which deletes their rows; `restoreEvicted` if that fails. */
  takeEvicted(): string[] {
    const evicted = [...this.evicted];
    this.evicted = new Set();
    return evicted;
  }

  restoreEvicted(macs: string[]): void {
    for (const mac of macs) if (!this.records.has(mac)) this.evicted.add(mac);
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  /** Hands the accumulated sightings to a flush; give them back with `restore` if it fails. */
  takePending(): SightingDelta[] {
    const pending = this.pending;
    this.pending = new Map();
    const deltas: SightingDelta[] = [];
    for (const [mac, boots] of pending) {
      const record = this.records.get(mac);
      if (!record) continue;
      deltas.push({
        mac,
        vendor: record.vendor,
        firstSeen: record.firstSeen,
        lastSeen: record.lastSeen,
        boots,
        ip: record.ip,
        boundAt: record.boundAt,
        conflict: record.conflict,
        uuid: record.uuid,
        serial: record.serial,
        hostname: record.hostname,
      });
    }
    return deltas;
  }

  restore(deltas: SightingDelta[]): void {
    for (const delta of deltas) this.pending.set(delta.mac, (this.pending.get(delta.mac) ?? 0) + delta.boots);
  }

  /**
   * Loads rows from the database at start; counts include what this process has not flushed yet.
   * Rows beyond the limits are evicted at once.
   */
  load(rows: FullHardwareRow[], now: number): void {
    this.mergeSightings(rows, true);
    const byLastSeen = [...this.records.values()].sort((a, b) => a.lastSeen - b.lastSeen);
    this.records.clear();
    for (const record of byLastSeen) this.records.set(record.mac, record);
    this.changed = true;
    this.expire(now);
  }

  /**
   * Sightings read back from the database, which every replica flushes to (this one included), oldest
   * first: a count becomes the database's plus what this process has not flushed yet, the times widen,
   * and a MAC seen more recently elsewhere moves to the newest end. A MAC new here takes its lifecycle
   * state from the row too (at start, `withStates`, every MAC does); otherwise states are applyStates'.
   */
  mergeSightings(rows: FullHardwareRow[], withStates = false): void {
    for (const row of rows) {
      if (this.evicted.has(row.mac)) continue;
      const bootCount = row.bootCount + (this.pending.get(row.mac) ?? 0);
      const local = this.records.get(row.mac);
      if (!local || withStates) {
        this.records.set(row.mac, {
          ...row,
          firstSeen: local ? Math.min(local.firstSeen, row.firstSeen) : row.firstSeen,
          lastSeen: local ? Math.max(local.lastSeen, row.lastSeen) : row.lastSeen,
          bootCount,
          ip: row.ip ?? local?.ip ?? null,
          boundAt: row.ip === null ? (local?.boundAt ?? null) : row.boundAt,
          conflict: row.conflict ?? laterConflict(local?.conflict ?? null, row),
        });
        this.changed = true;
        continue;
      }
      if (row.lastSeen > local.lastSeen) {
        this.records.delete(row.mac);
        this.records.set(row.mac, local);
        local.lastSeen = row.lastSeen;
        this.changed = true;
      }
      if (bootCount !== local.bootCount || row.firstSeen < local.firstSeen) this.changed = true;
      local.bootCount = bootCount;
      local.firstSeen = Math.min(local.firstSeen, row.firstSeen);
      local.uuid = row.uuid ?? local.uuid;
      local.serial = row.serial ?? local.serial;
      local.hostname = row.hostname ?? local.hostname;
    }
    if (this.records.size > this.limits.max) this.evictOldest(this.records.size - this.limits.max);
  }

  /**
   * Applies lifecycle states read from the database (this replica's writes or another's). A row older
   * than what this process already holds is ignored, so a slow refresh never undoes a newer local write.
   */
  applyStates(rows: HardwareStateRow[], now: number): void {
    let stateChanged = false;
    for (const row of rows) {
      let record = this.records.get(row.mac);
      if (!record) {
        // Claimed by name before this replica saw it boot.
        record = this.sight(row.mac, null, now);
        this.pending.delete(row.mac);
        record.bootCount = 0;
      }
      if (row.stateChangedAt < record.stateChangedAt) continue;
      const conflict = row.conflict ?? laterConflict(record.conflict, row);
      if (
        record.state !== row.state ||
        record.claim?.uid !== row.claim?.uid ||
        record.failureMessage !== row.failureMessage ||
        record.ip !== (row.ip ?? record.ip) ||
        record.conflict?.ip !== conflict?.ip
      ) {
        stateChanged = true;
      }
      record.ip = row.ip ?? record.ip;
      record.boundAt = row.ip === null ? record.boundAt : row.boundAt;
      record.conflict = conflict;
      record.state = row.state;
      record.claim = row.claim;
      record.attempts = row.attempts;
      record.failureReason = row.failureReason;
      record.failureMessage = row.failureMessage;
      record.stateChangedAt = row.stateChangedAt;
    }
    if (stateChanged) {
      this.changed = true;
      this.emit('state');
    }
  }

  notifyIfChanged(): void {
    if (!this.changed) return;
    this.changed = false;
    this.emit('change');
  }
}
