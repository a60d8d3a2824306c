// Interchangeability: with Rackpilot's SIP controller off and upstream's operator reconciling instead,
// the console shows a SIPCluster from what upstream writes — a Ready condition with an empty message on
// success, its reasons, no finalizer of its own, and the three SIP labels on the hosts it chose.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, type ConsoleClient } from '../../../tools/testenv/console-client';
import { eventually } from '../../../tools/testenv/eventually';
import { startConsoleServer, type ServerProcess } from '../../../tools/testenv/server-process';
import { firstSnapshot } from '../../../tools/testenv/subscription-snapshot';
import { KubeConfig } from '@kubernetes/client-node';
import { applyObject, mergePatch } from '../../kube/apply';
import { kubeRequestJson } from '../../kube/kube-request';
import {
  SIP_CLUSTER_NAME_LABEL,
  SIP_CLUSTER_NAMESPACE_LABEL,
  SIP_NODE_TYPE_LABEL,
} from '../../schemas/host-labels';
import { bareMetalHostResource, sipClusterResource, type SIPCluster } from '../../types/crds';
import type { ClusterPage } from './cluster-query';
import type { ClusterDetailMessage } from './detail.handler';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `sip-upstream-${randomBytes(3).toString('hex')}`;
const NAME = 'sipcluster-system';
let server: ServerProcess;
let admin: ConsoleClient;

/** The shape of upstream's config/samples/airship_v1beta1_sipcluster.yaml, finalizer included. */
const cluster: SIPCluster = {
  apiVersion: 'airship.airshipit.org/v1',
  kind: 'SIPCluster',
  metadata: { name: NAME, namespace, finalizers: ['sip.airship.airshipit.org/finalizer'] },
  spec: {
    nodes: {
      ControlPlane: {
        labelSelector: { matchLabels: { 'vino.airshipit.org/flavor': 'control-plane' } },
        topologyKey: 'vino.airshipit.org/rack',
        count: { active: 1, standby: 0 },
      },
      Worker: {
        labelSelector: { matchLabels: { 'vino.airshipit.org/flavor': 'worker' } },
        topologyKey: 'vino.airshipit.org/host',
        count: { active: 1, standby: 0 },
      },
    },
    services: {
      jumpHost: [
        {
          image: 'quay.io/airshipit/jump-host:latest',
          nodePort: 30000,
          nodeInterfaceId: 'oam-ipv4',
          bmc: { proxy: false },
          nodeSSHPrivateKeys: 'ssh-private-keys',
        },
      ],
      loadBalancerControlPlane: [{ image: 'haproxy:2.3.2', nodePort: 30001, nodeInterfaceId: 'oam-ipv4' }],
      loadBalancerWorker: [
        { image: 'haproxy:2.3.2', nodePortRange: { start: 30002, end: 30011 }, nodeInterfaceId: 'oam-ipv4' },
      ],
    },
  },
};

/** A host as upstream leaves it once chosen: its three SIP labels, written with a plain Update. */
function chosenHost(name: string, flavor: string, role: string) {
  return {
    apiVersion: 'metal3.io/v1alpha1' as const,
    kind: 'BareMetalHost' as const,
    metadata: {
      name,
      namespace,
      labels: {
        'vino.airshipit.org/flavor': flavor,
        [SIP_CLUSTER_NAMESPACE_LABEL]: namespace,
        [SIP_CLUSTER_NAME_LABEL]: NAME,
        [SIP_NODE_TYPE_LABEL]: role,
      },
    },
    spec: {
      online: true,
      bmc: { address: 'redfish+https://32.68.51.12/redfish/v1/Systems/1', credentialsName: `${name}-bmc` },
    },
  };
}

/** Upstream's Ready condition: SetStatusCondition stamps the time; the message is empty on success. */
async function writeUpstreamReady(status: 'True' | 'False', reason: string, message: string): Promise<void> {
  const current = await kubeRequestJson<SIPCluster>(
    kc,
    `/apis/airship.airshipit.org/v1/namespaces/${namespace}/sipclusters/${NAME}`,
  );
  await mergePatch(
    kc,
    sipClusterResource,
    namespace,
    NAME,
    {
      status: {
        conditions: [
          {
            type: 'Ready',
            status,
            reason,
            message,
            observedGeneration: current.metadata.generation,
            lastTransitionTime: '2026-11-25T06:00:00Z',
          },
        ],
      },
    },
    'status',
  );
}

beforeAll(async () => {
  // Every controller off, SIP's included: upstream's operator is the one writing status here.
  server = await startConsoleServer();
  admin = await signInAsAdmin(server.url);
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  await applyObject(kc, bareMetalHostResource, chosenHost('rdm9r006o001', 'control-plane', 'ControlPlane'));
  await applyObject(kc, bareMetalHostResource, chosenHost('rdm9r007o002', 'worker', 'Worker'));
  await applyObject(kc, sipClusterResource, cluster);
}, 120_000);

afterAll(async () => {
  await mergePatch(kc, sipClusterResource, namespace, NAME, { metadata: { finalizers: null } }).catch(
    () => undefined,
  );
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
  await server.stop();
});

/**
 * Writes upstream's status and reads the list row and the detail, until both show it. Written again
 * on each try: a SIP controller of another test run sharing the control plane may overwrite it.
 */
async function shownAfterUpstreamWrites(status: 'True' | 'False', reason: string, message: string) {
  return eventually(async () => {
    await writeUpstreamReady(status, reason, message);
    const page = await firstSnapshot<ClusterPage>(admin, 'clusters.list', { search: namespace });
    const row = page.rows.find((r) => r.name === NAME);
    const detail = await firstSnapshot<ClusterDetailMessage>(admin, 'clusters.detail', {
      namespace,
      name: NAME,
    });
    const cluster = detail.found ? detail.cluster : undefined;
    expect(row?.ready.reason).toBe(reason);
    expect(cluster?.row.ready.reason).toBe(reason);
    return { row, cluster };
  });
}

describe('a SIPCluster reconciled by upstream SIP', () => {
  it('shows upstream Unschedulable with its message in the list and the detail', async () => {
    const message = 'Unable to identify BMH available for scheduling';
    const { row, cluster } = await shownAfterUpstreamWrites('False', 'Unschedulable', message);
    expect(row?.ready).toMatchObject({ status: 'False', message, outdated: false });
    expect(cluster?.conditions).toMatchObject([{ type: 'Ready', status: 'False', message }]);
  });

  it('shows upstream success (empty message) as Ready, with the hosts upstream labelled', async () => {
    const { row, cluster } = await shownAfterUpstreamWrites('True', 'ReconciliationSucceeded', '');
    expect(row).toMatchObject({
      namespace,
      ready: { status: 'True', reason: 'ReconciliationSucceeded', message: '', outdated: false },
      wanted: 2,
      found: 2,
      endpoints: { controlPlane: [30001], worker: [{ start: 30002, end: 30011 }], jumpHost: [30000] },
      deleting: false,
    });
    expect(cluster?.row.ready.status).toBe('True');
    expect(cluster?.conditions.map((c) => [c.type, c.status, c.reason])).toEqual([
      ['Ready', 'True', 'ReconciliationSucceeded'],
    ]);
    expect(cluster?.hosts.map((h) => h.name).sort()).toEqual(['rdm9r006o001', 'rdm9r007o002']);

    // The pages themselves render for it.
    for (const page of ['/clusters', `/clusters/${namespace}/${NAME}`]) {
      const response = await fetch(`${server.url}${page}`, { headers: { cookie: admin.cookie } });
      expect(response.status, page).toBe(200);
    }
  });
});
