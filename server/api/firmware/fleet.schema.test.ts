import { describe, expect, it } from 'vitest';
import { fleetFilterSchema, hostPartOf, inTenant } from './fleet.schema';

describe('the fleet filter', () => {
  const tenant = { namespace: 'sip', name: 'prod' };
  it.each([
    [{}, undefined, true],
    [{}, tenant, false],
    [{ tenant: { namespace: 'sip', name: 'prod' } }, tenant, true],
    [{ tenant: { namespace: 'sip', name: 'dev' } }, tenant, false],
    [{ tenant: { namespace: 'other', name: 'prod' } }, tenant, false],
  ])('host row %o, filter tenant %o: %s', (row, filterTenant, inside) => {
    expect(inTenant(row, { tenant: filterTenant })).toBe(inside);
  });

  it('is the hosts list filter plus a tenant cluster, refused when malformed', () => {
    const filter = fleetFilterSchema.parse({ search: 'r650', tenant });
    expect(hostPartOf(filter)).toEqual({ search: 'r650', state: [], rack: [], flavor: [], claim: [] });
    expect(fleetFilterSchema.safeParse({ tenant: { namespace: 'Bad_NS', name: 'x' } }).success).toBe(false);
  });
});
