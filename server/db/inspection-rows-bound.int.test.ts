// The inspection history's table-wide bound on real PostgreSQL (a database of the test's own): rows of
// hosts that are gone, or any host's oldest, leave once the table holds its limit, newest kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDatabase, type OwnDatabase } from '../../tools/testenv/own-database';
import { createDbClient, type DbClient } from './client';
import { INSPECTIONS_PER_HOST, recordInspection, type InspectionSighting } from './inspection-history';

let database: OwnDatabase;
let db: DbClient;

function sighting(name: string, uid = `uid-${name}`): InspectionSighting {
  return {
    namespace: 'lab',
    name,
    uid,
    resourceVersion: '1',
    hardware: { cpu: { model: 'Lab CPU', count: 8 }, ramMebibytes: 16_384, nics: [], storage: [] },
  };
}

const names = async () =>
  (await db.inspectionRecord.findMany({ orderBy: { id: 'asc' }, select: { name: true } })).map(
    (row) => row.name,
  );

beforeAll(async () => {
  database = await createMigratedDatabase(process.env.DATABASE_URL ?? '', 'inspection_bound');
  db = createDbClient(database.url);
});

afterAll(async () => {
  await db.$disconnect();
  await database.drop();
});

describe('the inspection table’s bound', () => {
  it('keeps at most rowsMax rows in all, dropping the oldest whoever’s they are', async () => {
    for (const name of ['gone-1', 'gone-2', 'gone-3', 'host-a']) {
      expect(await recordInspection(db, sighting(name), 3)).toBe('baseline');
    }
    expect(await names()).toEqual(['gone-2', 'gone-3', 'host-a']);
    expect(await recordInspection(db, sighting('host-b'), 3)).toBe('baseline');
    expect(await names()).toEqual(['gone-3', 'host-a', 'host-b']);
    expect(await recordInspection(db, sighting('host-c'), 1)).toBe('baseline');
    expect(await names()).toEqual(['host-c']);
  });

  it('keeps the per-host bound under a larger table limit, and unrelated rows untouched', async () => {
    await db.inspectionRecord.deleteMany({});
    await recordInspection(db, sighting('other'));
    for (let count = 0; count < INSPECTIONS_PER_HOST + 3; count++) {
      expect(await recordInspection(db, sighting('busy', `uid-busy-${String(count)}`))).toBe('baseline');
    }
    const rows = await names();
    expect(rows.filter((name) => name === 'busy')).toHaveLength(INSPECTIONS_PER_HOST);
    expect(rows[0]).toBe('other');
  });
});
