import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect, it, vi } from 'vitest';
import {
  networkStatusFor,
  openStackNamespaceObjects,
  runStandInSimulator,
  simulationPatches,
  STAND_INS,
  STAND_IN_LABEL,
  standInCrd,
  standInResource,
} from './openstack-stand-ins';
import { labSecrets, PLACEMENT_FIXTURES, readPlacementFixture, seedPlacementLab } from './placement-lab';

describe('the simulated stand-in CRDs', () => {
  it.each(STAND_INS)('$kind is a labelled, schemaless shell served with a status subresource', (standIn) => {
    const crd = standInCrd(standIn);
    expect(crd.metadata?.name).toBe(`${standIn.plural}.${standIn.group}`);
    expect(crd.metadata?.labels?.[STAND_IN_LABEL]).toBe('true');
    const version = crd.spec.versions[0];
    expect(version?.subresources?.status).toEqual({});
    expect(version?.schema?.openAPIV3Schema?.description).toContain('Simulated stand-in');
    expect(JSON.parse(JSON.stringify(version?.schema?.openAPIV3Schema))).toHaveProperty(
      'x-kubernetes-preserve-unknown-fields',
      true,
    );
    expect(standInResource(standIn.kind)).toMatchObject({ group: standIn.group, plural: standIn.plural });
  });

  it('refuses a kind it does not stand in for', () => {
    expect(() => standInResource('Galera')).toThrow('no stand-in for Galera');
  });
});

describe('networkStatusFor', () => {
  it('gives each requested attachment one IP, as Multus would report it', () => {
    const requested = JSON.stringify([
      { name: 'internalapi', namespace: 'openstack', interface: 'internalapi' },
      { name: 'storage', namespace: 'openstack', interface: 'storage' },
    ]);
    expect(JSON.parse(networkStatusFor(requested, 1))).toEqual([
      { name: 'openstack/internalapi', interface: 'internalapi', ips: ['172.17.0.31'] },
      { name: 'openstack/storage', interface: 'storage', ips: ['172.17.1.31'] },
    ]);
  });
});

describe('the Placement lab', () => {
  it('has every Secret the samples name, with the keys the controller reads', () => {
    const secrets: Record<string, Record<string, string> | undefined> = Object.fromEntries(
      labSecrets('openstack').map((s) => [s.metadata?.name ?? '', s.stringData]),
    );
    expect(secrets['placement-secret']).toHaveProperty('PlacementPassword');
    expect(secrets['osp-secret']).toHaveProperty('PlacementPassword');
    expect(secrets['cert-internal-svc']).toHaveProperty('tls.key');
    expect(secrets['cert-public-svc']).toHaveProperty('tls.crt');
    expect(secrets['combined-ca-bundle']).toHaveProperty(['tls-ca-bundle.pem']);
  });

  it.each(Object.values(PLACEMENT_FIXTURES))('%s is a PlacementAPI', async (file) => {
    const object = await readPlacementFixture(file);
    expect(object.kind).toBe('PlacementAPI');
    expect(object.metadata?.name).toBe('placement');
  });
});

describe('simulationPatches', () => {
  const now = new Date('2026-11-25T07:00:00Z');
  it('makes what is not Ready Ready, gives LoadBalancers an IP and pods their network-status, once', () => {
    const patches = simulationPatches(
      [
        {
          kind: 'MariaDBDatabase',
          objects: [
            { metadata: { name: 'placement', namespace: 'a' } },
            {
              metadata: { name: 'done', namespace: 'a' },
              status: { conditions: [{ type: 'Ready', status: 'True' }] },
            },
          ],
        },
      ],
      [
        { metadata: { name: 'placement-internal', namespace: 'a' }, spec: { type: 'LoadBalancer' } },
        { metadata: { name: 'placement-public', namespace: 'a' }, spec: { type: 'ClusterIP' } },
      ],
      [
        {
          metadata: {
            name: 'pod',
            namespace: 'a',
            annotations: {
              'k8s.v1.cni.cncf.io/networks': JSON.stringify([{ name: 'internalapi', namespace: 'a' }]),
            },
          },
        },
        { metadata: { name: 'plain', namespace: 'a' } },
      ],
      now,
    );
    expect(patches.map((p) => `${p.resource.kind}/${p.name}${p.subresource ? '/status' : ''}`)).toEqual([
      'MariaDBDatabase/placement/status',
      'Service/placement-internal/status',
      'Pod/pod',
    ]);
    expect(patches[0]?.body).toMatchObject({
      status: { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-11-25T07:00:00Z' }] },
    });
    expect(patches[1]?.body).toEqual({ status: { loadBalancer: { ingress: [{ ip: '192.168.122.80' }] } } });
  });

  it('seeds Keystone with its endpoints and the internalapi network', () => {
    const { objects, keystoneReady } = openStackNamespaceObjects('openstack', now);
    expect(objects.map((o) => o.kind)).toEqual(['KeystoneAPI', 'NetworkAttachmentDefinition']);
    expect(keystoneReady.body).toMatchObject({
      status: { apiEndpoints: { internal: 'http://keystone-internal.openstack.svc:5000' } },
    });
  });
});

describe('runStandInSimulator', () => {
  it('logs a failing pass once, keeps retrying, and stops when aborted', async () => {
    // An API server that is not there: every pass fails the same way.
    const kc = new KubeConfig();
    kc.loadFromOptions({
      clusters: [{ name: 'gone', server: 'http://127.0.0.1:1', skipTLSVerify: true }],
      users: [{ name: 'nobody' }],
      contexts: [{ name: 'gone', cluster: 'gone', user: 'nobody' }],
      currentContext: 'gone',
    });
    const lines: string[] = [];
    const stop = new AbortController();
    const running = runStandInSimulator(kc, {
      intervalMs: 20,
      signal: stop.signal,
      log: (line) => lines.push(line),
    });
    await vi.waitFor(() => expect(lines.length).toBeGreaterThan(0), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    stop.abort();
    await running;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^openstack stand-ins: /);
    // Seeding the lab into it fails at once with the connection error, rather than waiting.
    await expect(seedPlacementLab(kc)).rejects.toThrow();
  });
});
