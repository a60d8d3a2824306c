/**
 * How hardware rows look in SQL: times as epoch milliseconds in and out of UTC columns, the state
 * columns every lifecycle statement returns, and their mapping to HardwareStateRow.
 */
import { HARDWARE_STATES, type HardwareState } from '../schemas/hardware-list';
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
  ];
  const prefix = table ? `${table}.` : '';
  return [
    ...names.map((name) => prefix + name),
    `${ms(`${prefix}state_changed_at`)} AS state_changed_at`,
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
}

export interface FullRowSql extends StateRowSql {
  vendor: string | null;
  first_seen: number;
  last_seen: number;
  boot_count: number;
  last_ip: string | null;
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
  };
}
