import type { DbClient } from '../db/client';
import { canonicalIp, freeAddresses, type AddressPool } from './ip-pool';

export interface LeaseHolder {
  namespace: string;
  name: string;
}

/** Leases are scoped per PlunderCluster; machines without a cluster share one scope per namespace. */
export function poolKey(namespace: string, clusterName: string | undefined): string {
  return `${namespace}/${clusterName ?? ''}`;
}

const sameHolder = (a: LeaseHolder, b: { holder_namespace: string; holder_name: string }) =>
  a.namespace === b.holder_namespace && a.name === b.holder_name;

/**
 * Address leases in PostgreSQL. The primary key (pool, ip) makes handing one address to two machines
 * impossible, whichever replica or request asks; (pool, holder) keeps one address per machine and pool.
 */
export class IpLeases {
  constructor(private readonly db: DbClient) {}

  /** Addresses held in the pool, with their holders. */
  async held(pool: string): Promise<Map<string, LeaseHolder>> {
    const rows = await this.db.$queryRawUnsafe<
      { ip: string; holder_namespace: string; holder_name: string }[]
    >('SELECT ip, holder_namespace, holder_name FROM ip_leases WHERE pool = $1', pool);
    return new Map(rows.map((row) => [row.ip, { namespace: row.holder_namespace, name: row.holder_name }]));
  }

  /**
   * Takes `ip` for the holder (dropping any other address it held in the pool); returns the holder
   * that has it when that is someone else.
   */
  async hold(
    pool: string,
    ip: string,
    holder: LeaseHolder,
  ): Promise<{ ok: true } | { ok: false; holder: LeaseHolder }> {
    const address = canonicalIp(ip) ?? ip;
    await this.db.$executeRawUnsafe(
      'DELETE FROM ip_leases WHERE pool = $1 AND holder_namespace = $2 AND holder_name = $3 AND ip <> $4',
      pool,
      holder.namespace,
      holder.name,
      address,
    );
    await this.db.$executeRawUnsafe(
      'INSERT INTO ip_leases (pool, ip, holder_namespace, holder_name) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
      pool,
      address,
      holder.namespace,
      holder.name,
    );
    const rows = await this.db.$queryRawUnsafe<{ holder_namespace: string; holder_name: string }[]>(
      'SELECT holder_namespace, holder_name FROM ip_leases WHERE pool = $1 AND ip = $2',
      pool,
      address,
    );
    const row = rows[0];
    if (!row || sameHolder(holder, row)) return { ok: true };
    return { ok: false, holder: { namespace: row.holder_namespace, name: row.holder_name } };
  }

  /** The holder's address in the pool, or the lowest free one taken for it; undefined when the pool is full. */
  async allocate(pool: string, addresses: AddressPool, holder: LeaseHolder): Promise<string | undefined> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const held = await this.held(pool);
      for (const [ip, owner] of held)
        if (owner.namespace === holder.namespace && owner.name === holder.name) return ip;
      const candidates = freeAddresses(addresses, new Set(held.keys()), 8);
      if (candidates.length === 0) return undefined;
      for (const ip of candidates) {
        const inserted = await this.db.$executeRawUnsafe(
          'INSERT INTO ip_leases (pool, ip, holder_namespace, holder_name) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
          pool,
          ip,
          holder.namespace,
          holder.name,
        );
        if (inserted === 1) return ip;
      }
      // Every candidate went to a concurrent request (or this holder got one meanwhile): look again.
    }
    return undefined;
  }

  async release(holder: LeaseHolder): Promise<void> {
    await this.db.$executeRawUnsafe(
      'DELETE FROM ip_leases WHERE holder_namespace = $1 AND holder_name = $2',
      holder.namespace,
      holder.name,
    );
  }

  /** Leases older than `olderThanMs` whose holder is not in `exists`: left by a provision call that failed half-way. */
  async pruneOrphans(
    pool: string,
    exists: (holder: LeaseHolder) => boolean,
    olderThanMs: number,
  ): Promise<number> {
    const rows = await this.db.$queryRawUnsafe<
      { ip: string; holder_namespace: string; holder_name: string }[]
    >(
      `SELECT ip, holder_namespace, holder_name FROM ip_leases
       WHERE pool = $1 AND created_at < (now() AT TIME ZONE 'UTC') - make_interval(secs => $2::float8 / 1000)`,
      pool,
      olderThanMs,
    );
    let pruned = 0;
    for (const row of rows) {
      if (exists({ namespace: row.holder_namespace, name: row.holder_name })) continue;
      pruned += await this.db.$executeRawUnsafe(
        'DELETE FROM ip_leases WHERE pool = $1 AND ip = $2 AND holder_namespace = $3 AND holder_name = $4',
        pool,
        row.ip,
        row.holder_namespace,
        row.holder_name,
      );
    }
    return pruned;
  }
}
