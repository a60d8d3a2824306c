/**
 * The provisioning history's reads and the steps' writes: one MAC's timeline for the console, the
 * latest step of each MAC under way at start, and what any replica wrote since (by event id).
 */
import type { DbClient } from '../db/client';
import {
  isProvisionStep,
  type ProvisionStep,
  type StepDetail,
  type StepView,
  type TimelineEvent,
} from '../schemas/boot-progress';
import { HISTORY_PER_MAC, ms, recordHistory } from './hardware-sql';

/** A MAC's step as read back from the history. */
export interface StoredStep {
  mac: string;
  view: StepView;
}

interface EventSql {
  id: bigint;
  mac: string;
  at: number;
  state: string;
  step: string | null;
  detail: unknown;
  message: string | null;
  machine: string | null;
  run: number;
}

const EVENT_COLUMNS = `id, mac, ${ms('at')} AS at, state, step, detail, message, machine, run`;
/** Events read back per pass; more wait for the next one. */
const READ_BACK_PAGE = 1_000;

/** Only string values survive: the column is written by this code, but a row is data, not a promise. */
function detailOf(value: unknown): StepDetail {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

function stepOf(row: EventSql): ProvisionStep | null {
  return row.step !== null && isProvisionStep(row.step) ? row.step : null;
}

function eventOf(row: EventSql): TimelineEvent {
  return {
    id: row.id.toString(),
    at: new Date(row.at).toISOString(),
    state: row.state,
    step: stepOf(row),
    detail: detailOf(row.detail),
    message: row.message,
    machine: row.machine,
    run: row.run,
  };
}

function storedSteps(rows: EventSql[]): StoredStep[] {
  return rows.flatMap((row) => {
    const step = stepOf(row);
    return step
      ? [{ mac: row.mac, view: { step, at: new Date(row.at).toISOString(), detail: detailOf(row.detail) } }]
      : [];
  });
}

export class ProgressDb {
  constructor(private readonly db: DbClient) {}

  /** A step of the MAC, in its current state (the history's bound applies). */
  async recordStep(mac: string, step: ProvisionStep, detail: StepDetail): Promise<void> {
    await recordHistory(this.db, mac, null, null, null, { step, detail });
  }

  /** The MAC's events, oldest first (the newest `HISTORY_PER_MAC`; pruning keeps no more). */
  async timeline(mac: string): Promise<TimelineEvent[]> {
    const rows = await this.db.$queryRawUnsafe<EventSql[]>(
      `SELECT ${EVENT_COLUMNS} FROM hardware_events WHERE mac = $1 ORDER BY id DESC LIMIT ${HISTORY_PER_MAC}`,
      mac,
    );
    return rows.reverse().map(eventOf);
  }

  /** The latest step of every MAC installing, wiping or failed, and the id to read back from. */
  async start(): Promise<{ steps: StoredStep[]; cursor: bigint }> {
    const rows = await this.db.$queryRawUnsafe<EventSql[]>(
      `SELECT DISTINCT ON (mac) ${EVENT_COLUMNS} FROM hardware_events
       WHERE step IS NOT NULL AND mac IN (SELECT mac FROM hardware WHERE state IN ('provisioning', 'wiping', 'failed'))
       ORDER BY mac, id DESC`,
    );
    const [last] = await this.db.$queryRawUnsafe<{ id: bigint | null }[]>(
      'SELECT max(id) AS id FROM hardware_events',
    );
    return { steps: storedSteps(rows), cursor: last?.id ?? 0n };
  }

  /**
   * Events after `cursor` (any replica's), a page at a time: their steps, the MACs they are about, and
   * where to go on from.
   */
  async since(cursor: bigint): Promise<{ steps: StoredStep[]; macs: Set<string>; cursor: bigint }> {
    const rows = await this.db.$queryRawUnsafe<EventSql[]>(
      `SELECT ${EVENT_COLUMNS} FROM hardware_events WHERE id > $1 ORDER BY id LIMIT ${READ_BACK_PAGE}`,
      cursor,
    );
    return {
      steps: storedSteps(rows),
      macs: new Set(rows.map((row) => row.mac)),
      cursor: rows.at(-1)?.id ?? cursor,
    };
  }
}
