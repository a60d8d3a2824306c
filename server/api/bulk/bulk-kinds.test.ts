import { describe, expect, it } from 'vitest';
import { EVERY_NAMESPACE, namespaceScope } from '../../access/namespace-scope';
import { parseBinding } from '../../access/role-bindings';
import type { Runtime } from '../../runtime';
import { runTurn, type BulkJobSpec } from './bulk-kinds';

// A turn outside the starter's namespaces must end before it reads or changes anything.
const untouched = new Proxy(
  {},
  {
    get() {
      throw new Error('the turn used the runtime');
    },
  },
) as Runtime;
const teamA = namespaceScope([parseBinding('operator@team-a')], 'operator', () => undefined);
const requester = { actor: 'alice', role: 'operator', clientIp: '127.0.0.1' };
const jobs: BulkJobSpec[] = [
  {
    kind: 'hosts',
    id: 'j1',
    action: 'power-off',
    filter: { search: '', facets: {} },
  } as unknown as BulkJobSpec,
  { kind: 'firmware', id: 'j2', action: 'apply' } as unknown as BulkJobSpec,
  { kind: 'hardware', id: 'j3', action: 'provision' } as unknown as BulkJobSpec,
];

describe('runTurn', () => {
  it.each(jobs.map((job) => [job.kind, job] as const))(
    'skips a %s target outside the namespaces of the user who started the job',
    async (_kind, job) => {
      for (const namespace of ['team-b', '']) {
        await expect(runTurn(untouched, job, { namespace, name: 'x' }, requester, teamA)).resolves.toEqual({
          outcome: 'skipped',
          reason: 'outside the namespaces of the user who started the job',
        });
      }
    },
  );

  it('goes on to the kind’s own turn for a target in them', async () => {
    const turn = runTurn(
      untouched,
      jobs[0] as BulkJobSpec,
      { namespace: 'team-a', name: 'x' },
      requester,
      teamA,
    );
    await expect(turn).rejects.toThrow('the turn used the runtime');
    const everywhere = runTurn(
      untouched,
      jobs[0] as BulkJobSpec,
      { namespace: 'team-b', name: 'x' },
      requester,
      EVERY_NAMESPACE,
    );
    await expect(everywhere).rejects.toThrow('the turn used the runtime');
  });
});
