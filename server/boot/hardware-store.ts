import { EventEmitter } from 'node:events';
import type { HardwareState } from '../schemas/hardware-list';

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
  ip: string | null;
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
  ip: string | null;
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
}

export interface FullHardwareRow extends HardwareStateRow {
  vendor: string | null;
  firstSeen: number;
  lastSeen: number;
  bootCount: number;
  ip: string | null;
  uuid: string | null;
  serial: string | null;
  hostname: string | null;
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
  private changed = false;

  constructor(private readonly vendorOf: (mac: string) => string | undefined) {
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

  /** Records one boot request. The hot path: no I/O, one object only for a MAC never seen before. */
  sight(
    mac: string,
    ip: string | null,
    now: number,
    reported?: { uuid: string | null; serial: string | null; hostname: string | null },
  ): HardwareRecord {
    let record = this.records.get(mac);
    if (!record) {
      record = {
        mac,
        vendor: this.vendorOf(mac) ?? null,
        firstSeen: now,
        lastSeen: now,
        bootCount: 0,
        ip,
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
    }
    record.lastSeen = now;
    record.bootCount++;
    record.ip = ip;
    if (reported) {
      if (reported.uuid) record.uuid = reported.uuid;
      if (reported.serial) record.serial = reported.serial;
      if (reported.hostname) record.hostname = reported.hostname;
    }
    this.pending.set(mac, (this.pending.get(mac) ?? 0) + 1);
    this.changed = true;
    return record;
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

  /** Loads rows from the database at start; counts include what this process has not flushed yet. */
  load(rows: FullHardwareRow[]): void {
    for (const row of rows) {
      const local = this.records.get(row.mac);
      const unflushed = this.pending.get(row.mac) ?? 0;
      this.records.set(row.mac, {
        ...row,
        firstSeen: local ? Math.min(local.firstSeen, row.firstSeen) : row.firstSeen,
        lastSeen: local ? Math.max(local.lastSeen, row.lastSeen) : row.lastSeen,
        bootCount: row.bootCount + unflushed,
        ip: local?.ip ?? row.ip,
      });
    }
    this.changed = true;
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
      if (
        record.state !== row.state ||
        record.claim?.uid !== row.claim?.uid ||
        record.failureMessage !== row.failureMessage
      ) {
        stateChanged = true;
      }
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
