/**
 * The sightings side of the hardware table: batches of boots written by one statement, read back by
 * the other replicas, and the lifecycle states read for the in-memory store.
 */
import type { DbClient } from '../db/client';
import type { AddressConflict, FullHardwareRow, HardwareStateRow, SightingDelta } from './hardware-store';
import { flushBindingSql } from './address-binding-db';
import { fromMs, ms, NOW, STATE_COLUMNS, stateRow, type FullRowSql, type StateRowSql } from './hardware-sql';

/** Where a replica's read-back of other replicas' sightings has got to. */
export interface FlushCursor {
  atMs: number;
  mac: string;
}

export interface FlushedSighting extends FullHardwareRow {
  flushedAt: number;
}

const FULL_COLUMNS = `${STATE_COLUMNS}, vendor, ${ms('first_seen')} AS first_seen, ${ms('last_seen')} AS last_seen,
  boot_count, uuid, serial, reported_hostname`;

function fullRow(row: FullRowSql): FullHardwareRow {
  return {
    ...stateRow(row),
    vendor: row.vendor,
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
    bootCount: row.boot_count,
    uuid: row.uuid,
    serial: row.serial,
    hostname: row.reported_hostname,
  };
}

export class SightingsDb {
  constructor(private readonly db: DbClient) {}

  /**
   * One statement for a whole batch; counts add up, times only move outwards, the binding and its
   * conflict merge as `flushBindingSql` says. Each row is stamped with the flushing replica's id, so that `flushedAfter` skips a
   * replica's own rows.
   */
  async flush(deltas: SightingDelta[], replica: string): Promise<void> {
    if (deltas.length === 0) return;
    const column = <K extends keyof SightingDelta>(key: K) => deltas.map((delta) => delta[key]);
    const conflict = <K extends keyof AddressConflict>(key: K) =>
      deltas.map((delta) => delta.conflict?.[key] ?? null);
    await this.db.$executeRawUnsafe(
      `INSERT INTO hardware (mac, vendor, first_seen, last_seen, boot_count, bound_ip, bound_at, uuid, serial,
         reported_hostname, conflict_ip, conflict_first_seen, conflict_last_seen, conflict_count, flushed_at, flushed_by)
       SELECT mac, vendor, ${fromMs('first_ms')}, ${fromMs('last_ms')}, boots, ip, ${fromMs('bound_ms')},
         uuid, serial, hostname, conflict_ip, ${fromMs('conflict_first_ms')}, ${fromMs('conflict_last_ms')},
         COALESCE(conflict_count, 0), ${NOW}, $15
       FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[], $5::int[], $6::text[], $7::text[], $8::text[],
         $9::text[], $10::text[], $11::float8[], $12::float8[], $13::int[], $14::float8[])
         AS batch(mac, vendor, first_ms, last_ms, boots, ip, uuid, serial, hostname, conflict_ip, conflict_first_ms,
           conflict_last_ms, conflict_count, bound_ms)
       ON CONFLICT (mac) DO UPDATE SET
         first_seen = LEAST(hardware.first_seen, excluded.first_seen),
         last_seen = GREATEST(hardware.last_seen, excluded.last_seen),
         boot_count = hardware.boot_count + excluded.boot_count,
         vendor = COALESCE(excluded.vendor, hardware.vendor),
         ${flushBindingSql()},
         flushed_at = excluded.flushed_at,
         flushed_by = excluded.flushed_by`,
      column('mac'),
      column('vendor'),
      column('firstSeen'),
      column('lastSeen'),
      column('boots'),
      column('ip'),
      column('uuid'),
      column('serial'),
      column('hostname'),
      conflict('ip'),
      conflict('firstSeen'),
      conflict('lastSeen'),
      conflict('count'),
      column('boundAt'),
      replica,
    );
  }

  async loadAll(): Promise<FullHardwareRow[]> {
    return this.fullRows('ORDER BY last_seen');
  }

  /**
   * At most `limit` rows that replicas other than `replica` flushed after `cursor` (database time, then
   * MAC, so that a page ending inside one batch's timestamp goes on where it stopped), in that order.
   */
  async flushedAfter(cursor: FlushCursor, replica: string, limit: number): Promise<FlushedSighting[]> {
    const rows = await this.db.$queryRawUnsafe<(FullRowSql & { flushed_at: number })[]>(
      `SELECT ${FULL_COLUMNS}, ${ms('flushed_at')} AS flushed_at FROM hardware
       WHERE (flushed_at, mac) > (${fromMs('$1')}, $2) AND flushed_by IS DISTINCT FROM $3
       ORDER BY flushed_at, mac LIMIT $4`,
      cursor.atMs,
      cursor.mac,
      replica,
      limit,
    );
    return rows.map((row) => ({ ...fullRow(row), flushedAt: row.flushed_at }));
  }

  private async fullRows(where: string, ...parameters: unknown[]): Promise<FullHardwareRow[]> {
    const rows = await this.db.$queryRawUnsafe<FullRowSql[]>(
      `SELECT ${FULL_COLUMNS} FROM hardware ${where}`,
      ...parameters,
    );
    return rows.map(fullRow);
  }

  /**
   * Lifecycle states changed since `sinceMs` (database time). Callers overlap their windows, so a
   * transaction that committed late with an earlier timestamp is still read.
   */
  async statesSince(sinceMs: number): Promise<HardwareStateRow[]> {
    const rows = await this.db.$queryRawUnsafe<StateRowSql[]>(
      `SELECT ${STATE_COLUMNS} FROM hardware WHERE state_changed_at >= ${fromMs('$1')}`,
      sinceMs,
    );
    return rows.map(stateRow);
  }

  async nowMs(): Promise<number> {
    const [row] = await this.db.$queryRawUnsafe<{ now: number }[]>(`SELECT ${ms(NOW)} AS now`);
    return row?.now ?? Date.now();
  }

  /** Deletes the rows of evicted sightings that are still unleased and unclaimed; returns how many. */
  async forgetUnleased(macs: string[]): Promise<number> {
    if (macs.length === 0) return 0;
    return this.db.$executeRawUnsafe(
      `DELETE FROM hardware WHERE mac = ANY($1::text[]) AND state = 'unleased'
         AND claim_uid IS NULL AND claim_name IS NULL`,
      macs,
    );
  }
}
