// The console explains a SIP schedule host by host, from the real server's caches: the form's preview
// before create, and an existing cluster's live schedule.
import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, type ConsoleClient } from '../../../tools/testenv/console-client';
import { eventually } from '../../../tools/testenv/eventually';
import { startConsoleServer, type ServerProcess } from '../../../tools/testenv/server-process';
import { firstSnapshot } from '../../../tools/testenv/subscription-snapshot';
import { applyObject, mergePatch } from '../../kube/apply';
import { kubeRequestJson } from '../../kube/kube-request';
import { bareMetalHostResource, sipClusterResource } from '../../types/crds';
import type { SipRolePreview } from '../../controllers/sip-cluster';
import type { ClusterScheduleMessage } from './schedule.handler';

const kc = new KubeConfig();
kc.loadFromDefault();
const id = randomBytes(3).toString('hex');
const namespace = `sip-explain-${id}`;
const FLAVOR = 'rackpilot.io/flavor';
const RACK = 'rackpilot.io/rack';
const worker = `explain-${id}`;
let server: ServerProcess;
let admin: ConsoleClient;

/** A host as BMO leaves it after inspection; `online` false is an operator's power-off. */
async function host(name: string, labels: Record<string, string>, online = true): Promise<void> {
  await applyObject(kc, bareMetalHostResource, {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name, namespace, labels },
    spec: {
      online,
      bmc: {
        address: `redfish+https://10.70.0.1/redfish/v1/Systems/${name}`,
        credentialsName: `${name}-bmc`,
      },
      networkData: { name: `${name}-network-data` },
    },
  });
  await mergePatch(
    kc,
    bareMetalHostResource,
    namespace,
    name,
    { status: { operationalStatus: 'OK', provisioning: { state: 'available' } } },
    'status',
  );
}

const role = (flavor: string, active: number) => ({
  matchLabels: [{ key: FLAVOR, value: flavor }],
  matchExpressions: [],
  topologyKey: RACK,
  active,
  standby: 0,
});

function reasons(preview: SipRolePreview | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (preview?.excluded ?? []).map((group) => [
      group.reason,
      group.hosts.map((h) => `${h.name}${h.detail ? ` ${h.detail}` : ''}`),
    ]),
  );
}

beforeAll(async () => {
  // The SIP controller is off: the hosts stay as written, and the explanation is the console's alone.
  server = await startConsoleServer();
  admin = await signInAsAdmin(server.url);
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  await host('fits', { [FLAVOR]: worker, [RACK]: `${id}-r1` });
  await host('same-rack', { [FLAVOR]: worker, [RACK]: `${id}-r1` });
  await host('off', { [FLAVOR]: worker, [RACK]: `${id}-r2` }, false);
  await host('unlabelled', { [FLAVOR]: 'other', [RACK]: `${id}-r3` });
}, 120_000);

afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
  await server.stop();
});

describe('the SIP schedule explained', () => {
  it('the preview names the hosts a role would take and the excluded ones with the reason', async () => {
    const input = {
      namespace,
      name: 'big',
      roles: { ControlPlane: { ...role('none', 0) }, Worker: role(worker, 3) },
      ports: { controlPlane: 31601, workerStart: 31602, workerEnd: 31604, jumpHost: 31600 },
      search: namespace,
    };
    const preview = await eventually(async () => {
      const answer = await admin.query<{ roles: SipRolePreview[] }>('clusters.preview', input);
      const workers = answer.data?.roles.find((r) => r.role === 'Worker');
      expect(workers?.matching).toBe(3);
      return workers;
    });
    expect(preview).toMatchObject({ wanted: 3, schedulable: 1, shortfall: 2 });
    // One of the two hosts on rack r1 is taken (the walk's start is spread by the cluster's name).
    const taken = preview?.take.hosts[0]?.name ?? '';
    const other = taken === 'fits' ? 'same-rack' : 'fits';
    expect(preview?.take.hosts).toHaveLength(1);
    // The search keeps other tests' hosts out of the lists, not out of the counts.
    expect(reasons(preview)).toEqual({
      [`${RACK} already used (anti-affinity)`]: [`${other} ${RACK}=${id}-r1 is ${namespace}/${taken}'s`],
      'powered off': ['off'],
      'labels do not match': [`unlabelled ${FLAVOR}=${worker}`],
    });
  });

  it("an existing cluster's schedule, live, moves a host to would take once it is labelled to fit", async () => {
    await applyObject(kc, sipClusterResource, {
      apiVersion: 'airship.airshipit.org/v1',
      kind: 'SIPCluster',
      metadata: { name: 'waiting', namespace },
      spec: {
        nodes: {
          Worker: { labelSelector: { matchLabels: { [FLAVOR]: worker } }, count: { active: 3, standby: 0 } },
        },
        services: {},
      },
    });
    const input = { namespace, name: 'waiting', search: namespace };
    const before = await eventually(async () => {
      const message = await firstSnapshot<ClusterScheduleMessage>(admin, 'clusters.schedule', input);
      expect(message.found).toBe(true);
      return message.found ? message.roles[0] : undefined;
    });
    expect(before?.take.hosts.map((h) => h.name)).toEqual(['fits', 'same-rack']);
    expect(reasons(before)['labels do not match']).toEqual([`unlabelled ${FLAVOR}=${worker}`]);

    await mergePatch(kc, bareMetalHostResource, namespace, 'unlabelled', {
      metadata: { labels: { [FLAVOR]: worker } },
    });
    await eventually(async () => {
      const message = await firstSnapshot<ClusterScheduleMessage>(admin, 'clusters.schedule', input);
      const workers = message.found ? message.roles[0] : undefined;
      expect(workers?.take.hosts.map((h) => h.name)).toEqual(['fits', 'same-rack', 'unlabelled']);
      expect(workers?.shortfall).toBe(0);
    });
  });
});
