import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll } from 'vitest';
import { createDbClient, type DbClient } from '../../server/db/client';
import { throwAwayMac } from '../probe/boot-request';

export interface BootTestFixture {
  readonly kc: KubeConfig;
  /** A namespace of the test file's own, deleted after its last test. */
  readonly namespace: string;
  /** A client of the test PostgreSQL, for the hardware table. */
  readonly db: DbClient;
  /** A made-up MAC, removed from the hardware table afterwards: fresh unleased sightings are claimable. */
  madeUpMac: () => string;
}

/**
 * For a boot-service test file: its namespace, created before the first test, and after the last (and
 * after the file's own clean-up, which runs first) the rows of every MAC it made up and the namespace go.
 */
export function bootTestFixture(prefix: string): BootTestFixture {
  const kc = new KubeConfig();
  kc.loadFromDefault();
  const namespace = `${prefix}-${randomBytes(3).toString('hex')}`;
  const db = createDbClient(process.env.DATABASE_URL ?? '');
  const used: string[] = [];
  beforeAll(async () => {
    await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
  });
  afterAll(async () => {
    await db.$executeRawUnsafe('DELETE FROM hardware WHERE mac = ANY($1::text[])', used);
    await kc
      .makeApiClient(CoreV1Api)
      .deleteNamespace({ name: namespace })
      .catch(() => undefined);
    await db.$disconnect();
  });
  return {
    kc,
    namespace,
    db,
    madeUpMac: () => {
      const mac = throwAwayMac();
      used.push(mac);
      return mac;
    },
  };
}
