import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HardwareDb } from '../boot/hardware-db';
import { createDbClient, type DbClient } from './client';

let db: DbClient;

beforeAll(() => {
  db = createDbClient(process.env.DATABASE_URL ?? '');
});

afterAll(async () => {
  await db.$disconnect();
});

describe('text with control characters, on its way into PostgreSQL', () => {
  it('a batch of sightings with NUL in what a machine reported is stored, escaped, not lost', async () => {
    const mac = `02:${[...randomBytes(5)].map((byte) => byte.toString(16).padStart(2, '0')).join(':')}`;
    const now = Date.now();
    await new HardwareDb(db).sightings.flush(
      [
        {
          mac,
          vendor: null,
          firstSeen: now,
          lastSeen: now,
          boots: 1,
          ip: '10.0.0.9',
          uuid: null,
          serial: 'SN\u00001',
          hostname: 'host\u001b[31m',
          conflict: null,
          boundAt: now,
        },
      ],
      'storable-text-test',
    );
    const row = await db.hardware.findUniqueOrThrow({ where: { mac } });
    expect({ serial: row.serial, hostname: row.reportedHostname }).toEqual({
      serial: 'SN\\u00001',
      hostname: 'host\\u001b[31m',
    });
    await db.hardware.delete({ where: { mac } });
  });

  it('JSON values and lookups are escaped alike, so what was written is found again', async () => {
    const key = `test.nul.${randomBytes(3).toString('hex')}\u0000`;
    await db.setting.create({ data: { key, value: { 'note\u0000': 'a\u0000b' } } });
    const found = await db.setting.findUniqueOrThrow({ where: { key } });
    expect(found.value).toEqual({ 'note\\u0000': 'a\\u0000b' });
    await db.setting.delete({ where: { key } });
  });
});
