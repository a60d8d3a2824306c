/**
 * How hardware rows look in SQL: times as epoch milliseconds in and out of UTC columns, the state
 * columns every lifecycle statement returns (the address binding and its conflict among them, so that
 * every replica learns of both with the state), and their mapping to HardwareStateRow.
 */
import type { DbClient } from '../db/client';
import { HARDWARE_STATES, type HardwareState } from '../schemas/hardware-list';
import type { ProvisionStep, StepDetail } from '../schemas/boot-progress';
import type { HardwareStateRow } from './hardware-store';

export const NOW = `(now() AT TIME ZONE 'UTC')`;
export const ms = (column: string) => `floor(extract(epoch from ${column}) * 1000)::float8`;
export const fromMs = (parameter: string) => `(to_timestamp(${parameter}::float8 / 1000) AT TIME ZONE 'UTC')`;

export function stateColumns(table = ''): string {
  const names = [
    'mac',
    'state',
    'claim_uid',
    'claim_namespace',
    'claim_name',
    'attempts',
    'failure_reason',
    'failure_message',
    'bound_ip',
    'conflict_ip',
    'conflict_count',
  ];
  const times = ['state_changed_at', 'bound_at', 'conflict_first_seen', 'conflict_last_seen'];
  const prefix = table ? `${table}.` : '';
  return [
    ...names.map((name) => prefix + name),
    ...times.map((name) => `${ms(prefix + name)} AS ${name}`),
  ].join(', ');
}
export const STATE_COLUMNS = stateColumns();

export interface StateRowSql {
  mac: string;
  state: string;
  claim_uid: string | null;
  claim_namespace: string | null;
  claim_name: string | null;
  attempts: number;
  failure_reason: string | null;
  failure_message: string | null;
  state_changed_at: number;
  bound_ip: string | null;
  bound_at: number | null;
  conflict_ip: string | null;
  conflict_first_seen: number | null;
  conflict_last_seen: number | null;
  conflict_count: number;
}

export interface FullRowSql extends StateRowSql {
  vendor: string | null;
  first_seen: number;
  last_seen: number;
  boot_count: number;
  uuid: string | null;
  serial: string | null;
  reported_hostname: string | null;
}

export function asState(value: string): HardwareState {
  return (HARDWARE_STATES as readonly string[]).includes(value) ? (value as HardwareState) : 'unleased';
}

export function stateRow(row: StateRowSql): HardwareStateRow {
  return {
    mac: row.mac,
    state: asState(row.state),
    // While wiping, the former holder's name stays for the list; its uid is gone.
    claim:
      row.claim_namespace && row.claim_name
        ? { uid: row.claim_uid ?? '', namespace: row.claim_namespace, name: row.claim_name }
        : null,
    attempts: row.attempts,
    failureReason: row.failure_reason,
    failureMessage: row.failure_message,
    stateChangedAt: row.state_changed_at,
    ip: row.bound_ip,
    boundAt: row.bound_at,
    conflict:
      row.conflict_ip === null
        ? null
        : {
            ip: row.conflict_ip,
            firstSeen: row.conflict_first_seen ?? row.state_changed_at,
            lastSeen: row.conflict_last_seen ?? row.state_changed_at,
            count: row.conflict_count,
          },
  };
}

/**
 * Events kept per MAC. An install is about a dozen steps plus a download row every few seconds
 * (coalesced, server/boot/boot-progress.ts): 200 hold a long download and the attempts before it, at
 * a few dozen KiB per host, and bound one timeline message of the console.
 */
export const HISTORY_PER_MAC = 200;

export interface HistoryStep {
  step: ProvisionStep;
  detail?: StepDetail;
}

/**
 * A line of a MAC's history (hardware_events). The same statement deletes all but the newest
 * `HISTORY_PER_MAC` of the MAC's events (its snapshot does not see the row it inserts, hence the one
 * less kept), so the table is bounded per MAC without a sweeper. A served script starts a new run.
 * `state` null records the MAC's current state (a step changes none).
 */
export async function recordHistory(
  db: DbClient,
  mac: string,
  state: string | null,
  machine: string | null,
  message: string | null,
  step?: HistoryStep,
): Promise<void> {
  await db.$executeRawUnsafe(
    `WITH kept AS (
       SELECT id, run FROM hardware_events WHERE mac = $1 ORDER BY id DESC LIMIT ${HISTORY_PER_MAC - 1}
     ), pruned AS (
       DELETE FROM hardware_events WHERE mac = $1 AND id NOT IN (SELECT id FROM kept)
     )
     INSERT INTO hardware_events (mac, at, state, machine, message, step, detail, run) VALUES (
       $1, ${NOW}, COALESCE($2, (SELECT state FROM hardware WHERE mac = $1), 'unleased'), $3, $4, $5, $6::jsonb,
       COALESCE((SELECT run FROM kept ORDER BY id DESC LIMIT 1), 0) + CASE WHEN $5 = 'script-served' THEN 1 ELSE 0 END
     )`,
    mac,
    state,
    machine,
    message,
    step?.step ?? null,
    step ? JSON.stringify(step.detail ?? {}) : null,
  );
}

/** A lifecycle UPDATE returning the state columns of the rows it changed. */
export async function updateStateRows(
  db: DbClient,
  sql: string,
  ...parameters: unknown[]
): Promise<HardwareStateRow[]> {
  const rows = await db.$queryRawUnsafe<StateRowSql[]>(`${sql} RETURNING ${STATE_COLUMNS}`, ...parameters);
  return rows.map(stateRow);
}
