/**
 * Each host's inspection history (inspection_records): a row whenever its HardwareData holds hardware
 * that differs from the newest row's, with the changes between them. The first sighting of a
 * HardwareData (a new uid) is a baseline without changes. Rows of deleted hosts are kept, within the
 * same bound per host, and the whole table within INSPECTION_ROWS_MAX, oldest rows going first
 * (docs/decisions.md).
 */
import type { DbClient } from './client';
import {
  diffHardware,
  hardwareLost,
  type HardwareChange,
  type InspectedHardware,
} from '../lib/hardware-diff';

/** Timestamps are stored without a zone, as UTC, whatever the session's zone (as Prisma reads them). */
const NOW = `(now() AT TIME ZONE 'UTC')`;

/** Rows kept per host (namespace and name), newest first. */
export const INSPECTIONS_PER_HOST = 20;
/**
 * Rows kept in all (the per-host bound times 25,000 hosts): hosts deleted and created under new names
 * would otherwise grow the table without end. Past it the oldest rows go, whoever's they are.
 */
export const INSPECTION_ROWS_MAX = INSPECTIONS_PER_HOST * 25_000;
/** Hosts whose newest inspection lost hardware, at most this many read at once. */
export const LOST_HOSTS_LIMIT = 500;

export interface HostRef {
  namespace: string;
  name: string;
}

export interface InspectionSighting extends HostRef {
  uid: string;
  resourceVersion: string;
  hardware: InspectedHardware;
}

export interface InspectionEntry extends HostRef {
  id: string;
  at: Date;
  uid: string;
  resourceVersion: string;
  hardware: InspectedHardware;
  /** null: a baseline (the first inspection of this HardwareData). */
  changes: HardwareChange[] | null;
  lost: boolean;
  acknowledged: { at: Date; by: string } | null;
}

interface RecordRow {
  id: bigint;
  namespace: string;
  name: string;
  uid: string;
  resourceVersion: string;
  at: Date;
  hardware: unknown;
  changes: unknown;
  lost: boolean;
  acknowledgedAt: Date | null;
  acknowledgedBy: string | null;
}

function entry(row: RecordRow): InspectionEntry {
  return {
    id: row.id.toString(),
    namespace: row.namespace,
    name: row.name,
    at: row.at,
    uid: row.uid,
    resourceVersion: row.resourceVersion,
    hardware: row.hardware as InspectedHardware,
    changes: row.changes as HardwareChange[] | null,
    lost: row.lost,
    acknowledged:
      row.acknowledgedAt && row.acknowledgedBy ? { at: row.acknowledgedAt, by: row.acknowledgedBy } : null,
  };
}

export type RecordOutcome = 'baseline' | 'changed' | 'same';

/**
 * Stores a sighting when it is the host's first, a new HardwareData (uid), or differs from the newest
 * row. The insert also deletes all but the newest rows of the host, and the oldest rows past
 * `rowsMax` in the table, so both are bounded without a sweeper. One writer at a time per host: the
 * controller's queue runs one pass per key.
 */
export async function recordInspection(
  db: DbClient,
  sighting: InspectionSighting,
  rowsMax: number = INSPECTION_ROWS_MAX,
): Promise<RecordOutcome> {
  const newest = await db.inspectionRecord.findFirst({
    where: { namespace: sighting.namespace, name: sighting.name },
    orderBy: { id: 'desc' },
    select: { uid: true, hardware: true },
  });
  const changes =
    newest?.uid === sighting.uid
      ? diffHardware(newest.hardware as InspectedHardware, sighting.hardware)
      : null;
  if (changes?.length === 0) return 'same';
  await db.$executeRawUnsafe(
    `WITH kept AS (
       SELECT id FROM inspection_records WHERE namespace = $1 AND name = $2
       ORDER BY id DESC LIMIT ${INSPECTIONS_PER_HOST - 1}
     ), pruned AS (
       DELETE FROM inspection_records WHERE namespace = $1 AND name = $2 AND id NOT IN (SELECT id FROM kept)
     ), newest_dropped AS (
       SELECT id FROM inspection_records ORDER BY id DESC OFFSET $8 LIMIT 1
     ), expired AS (
       DELETE FROM inspection_records WHERE id <= (SELECT id FROM newest_dropped)
     )
     INSERT INTO inspection_records (namespace, name, uid, resource_version, at, hardware, changes, lost)
     VALUES ($1, $2, $3, $4, ${NOW}, $5::jsonb, $6::jsonb, $7)`,
    sighting.namespace,
    sighting.name,
    sighting.uid,
    sighting.resourceVersion,
    JSON.stringify(sighting.hardware),
    changes ? JSON.stringify(changes) : null,
    changes ? hardwareLost(changes) : false,
    // The row inserted now is one of the rowsMax kept: the rowsMax - 1 newest of the others stay.
    Math.max(0, rowsMax - 1),
  );
  return changes ? 'changed' : 'baseline';
}

/** A host's inspections, newest first. */
export async function inspectionHistory(db: DbClient, host: HostRef): Promise<InspectionEntry[]> {
  const rows = await db.inspectionRecord.findMany({
    where: { namespace: host.namespace, name: host.name },
    orderBy: { id: 'desc' },
    take: INSPECTIONS_PER_HOST,
  });
  return rows.map(entry);
}

/** Hosts whose newest inspection lost hardware and was not acknowledged, newest first. */
export async function hostsWithLostHardware(db: DbClient): Promise<InspectionEntry[]> {
  const rows = await db.$queryRawUnsafe<RecordRow[]>(
    `SELECT r.id, r.namespace, r.name, r.uid, r.resource_version AS "resourceVersion", r.at, r.hardware,
            r.changes, r.lost, r.acknowledged_at AS "acknowledgedAt", r.acknowledged_by AS "acknowledgedBy"
     FROM inspection_records r
     WHERE r.lost AND r.acknowledged_at IS NULL AND NOT EXISTS (
       SELECT 1 FROM inspection_records n WHERE n.namespace = r.namespace AND n.name = r.name AND n.id > r.id
     )
     ORDER BY r.id DESC LIMIT ${LOST_HOSTS_LIMIT}`,
  );
  return rows.map(entry);
}

/**
 * Marks a host's newest inspection's loss as seen by `actor`: the overview stops raising it. False when
 * `id` is not the host's newest record, did not lose hardware, or was acknowledged already.
 */
export async function acknowledgeInspection(
  db: DbClient,
  host: HostRef,
  id: string,
  actor: string,
): Promise<boolean> {
  const changed = await db.$executeRawUnsafe(
    `UPDATE inspection_records r SET acknowledged_at = ${NOW}, acknowledged_by = $4
     WHERE r.id = $3::bigint AND r.namespace = $1 AND r.name = $2 AND r.lost AND r.acknowledged_at IS NULL
       AND NOT EXISTS (
         SELECT 1 FROM inspection_records n WHERE n.namespace = r.namespace AND n.name = r.name AND n.id > r.id
       )`,
    host.namespace,
    host.name,
    id,
    actor,
  );
  return changed === 1;
}
