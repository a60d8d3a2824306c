// How a replica reads back the sightings other replicas flushed: never its own rows, at most a page at a
// time, and a page that ends inside one flush (every row of a flush carries the same time) goes on
// from the MAC where it stopped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDatabase, type OwnDatabase } from '../../tools/testenv/own-database';
import { createDbClient, type DbClient } from '../db/client';
import { HardwareDb } from './hardware-db';
import type { FlushCursor } from './sightings-db';
import type { SightingDelta } from './hardware-store';

let database: OwnDatabase;
let db: DbClient;
let hardware: HardwareDb;

function sighting(mac: string, boots = 1): SightingDelta {
  const now = Date.now();
  return {
    mac,
    vendor: null,
    firstSeen: now,
    lastSeen: now,
    boots,
    ip: '10.0.0.1',
    uuid: null,
    serial: null,
    hostname: null,
    conflict: null,
    boundAt: now,
  };
}

beforeAll(async () => {
  database = await createMigratedDatabase(process.env.DATABASE_URL ?? '', 'read_back');
  db = createDbClient(database.url);
  hardware = new HardwareDb(db);
});

afterAll(async () => {
  await db.$disconnect();
  await database.drop();
});

describe('flushedAfter', () => {
  it('pages through one flush of another replica by MAC, and skips the reader’s own rows', async () => {
    const theirs = ['02:00:00:00:00:03', '02:00:00:00:00:01', '02:00:00:00:00:02'];
    await hardware.sightings.flush(
      theirs.map((mac) => sighting(mac)),
      'replica-a',
    );
    await hardware.sightings.flush([sighting('02:00:00:00:00:09')], 'replica-b');

    const start: FlushCursor = { atMs: 0, mac: '' };
    const first = await hardware.sightings.flushedAfter(start, 'replica-b', 2);
    expect(first.map((row) => row.mac)).toEqual(['02:00:00:00:00:01', '02:00:00:00:00:02']);
    const last = first.at(-1);
    if (!last) throw new Error('no rows');
    const second = await hardware.sightings.flushedAfter(
      { atMs: last.flushedAt, mac: last.mac },
      'replica-b',
      2,
    );
    expect(second.map((row) => row.mac)).toEqual(['02:00:00:00:00:03']);

    const forA = await hardware.sightings.flushedAfter(start, 'replica-a', 10);
    expect(forA.map((row) => row.mac)).toEqual(['02:00:00:00:00:09']);
  });

  it('a MAC flushed again by the reader is its own row from then on; counts add up across replicas', async () => {
    const mac = '02:00:00:00:01:01';
    await hardware.sightings.flush([sighting(mac, 2)], 'replica-a');
    await hardware.sightings.flush([sighting(mac, 3)], 'replica-b');
    const start: FlushCursor = { atMs: 0, mac: '' };
    expect(
      (await hardware.sightings.flushedAfter(start, 'replica-b', 100)).map((row) => row.mac),
    ).not.toContain(mac);
    const forA = await hardware.sightings.flushedAfter(start, 'replica-a', 100);
    expect(forA.find((row) => row.mac === mac)?.bootCount).toBe(5);
  });
});
