import { describe, expect, it } from 'vitest';
import { machineNamesFor, provisionInputSchema } from './provision-form';

const valid = {
  macs: ['AA-BB-CC-DD-EE-01', 'aabb.ccdd.ee02'],
  namespace: 'tenants',
  cluster: { mode: 'existing', name: 'edge' },
  role: 'worker',
};

function issues(input: unknown): Record<string, string> {
  const result = provisionInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('provision form', () => {
  it('normalises MACs in any spelling and fills defaults', () => {
    const parsed = provisionInputSchema.parse(valid);
    expect(parsed.macs).toEqual(['aa:bb:cc:dd:ee:01', 'aa:bb:cc:dd:ee:02']);
    expect(parsed.profile).toBe('preseed');
    expect(parsed.kubernetesVersion).toBe('v1.34.4');
  });

  it.each([
    [{ ...valid, macs: ['nope'] }, 'macs.0', 'is not a MAC address'],
    [{ ...valid, macs: ['aa:bb:cc:dd:ee:01', 'AABBCCDDEE01'] }, 'macs.1', 'selected twice'],
    [{ ...valid, macs: [] }, 'macs', 'at least one'],
    [{ ...valid, ip: '10.0.0.5' }, 'ip', 'single machine'],
    [{ ...valid, ip: '10.0.0.300', macs: ['aa:bb:cc:dd:ee:01'] }, 'ip', 'IPv4 or IPv6'],
    [{ ...valid, hostname: 'Bad_Name' }, 'hostname', 'Lower-case'],
    [
      {
        ...valid,
        cluster: { mode: 'new', cluster: { name: 'c', subnet: '10.0.0.0/24', gateway: '10.1.0.1' } },
      },
      'cluster.cluster.gateway',
      'inside 10.0.0.0/24',
    ],
    [
      {
        ...valid,
        cluster: { mode: 'new', cluster: { name: 'c', subnet: '10.0.0.0/24', poolStart: '10.0.0.10' } },
      },
      'cluster.cluster.poolEnd',
      'both ends',
    ],
    [
      {
        ...valid,
        cluster: {
          mode: 'new',
          cluster: { name: 'c', subnet: '10.0.0.0/24', poolStart: '10.0.0.10', poolEnd: '10.0.0.5' },
        },
      },
      'cluster.cluster.poolEnd',
      'at or after',
    ],
    [{ ...valid, kubernetesVersion: 'v1.10.0' }, 'kubernetesVersion', ''],
  ])('refuses %j at %s', (input, path, message) => {
    expect(issues(input)[path]).toContain(message);
  });

  it('names machines from the host name, or from cluster, role and MAC', () => {
    const macs = ['aa:bb:cc:dd:ee:01', 'aa:bb:cc:dd:ee:02'];
    expect(machineNamesFor({ macs, hostname: 'node', role: 'worker' }, 'edge')).toEqual(['node-1', 'node-2']);
    expect(machineNamesFor({ macs: macs.slice(0, 1), hostname: 'node', role: 'worker' }, 'edge')).toEqual([
      'node',
    ]);
    expect(machineNamesFor({ macs, role: 'control-plane' }, 'edge')).toEqual([
      'edge-cp-ddee01',
      'edge-cp-ddee02',
    ]);
  });
});
