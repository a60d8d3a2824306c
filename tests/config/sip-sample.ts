/**
 * What the SIP planner renders for upstream's sample SIPCluster on upstream's sample hosts
 * (tests/fixtures/upstream-shapes/sip), with the parts the samples leave to a live cluster filled in:
 * each host `available`, a network-data Secret giving it an address on oam-ipv4, its BMC Secret and
 * the cluster's private-key Secret.
 */
import type { V1Secret } from '@kubernetes/client-node';
import { planSipCluster } from '@/server/controllers/sip-cluster/plan-sip-cluster';
import { observedState, secret } from '@/server/controllers/sip-cluster/test-fixtures';
import type { BareMetalHost } from '@/server/types/crds/bare-metal-host';
import type { SIPCluster } from '@/server/types/crds/sip-cluster';
import { upstreamFixture } from '@/tools/testenv/upstream-shapes';

export interface SipSample {
  cluster: SIPCluster;
  /** The rendered files by `Secret/<name>` or `ConfigMap/<name>`, then key. */
  files: Map<string, Record<string, string>>;
}

/** The sample SIPCluster, changed by `edit` (e.g. to add a key the test holds the private half of). */
export function renderSipSample(edit: (cluster: SIPCluster) => SIPCluster = (c) => c): SipSample {
  const [sample] = upstreamFixture('sip/sipcluster-sample.yaml').objects as unknown as SIPCluster[];
  if (!sample) throw new Error('the SIPCluster sample is empty');
  // Object.assign, not spread: client-node types are classes (plain data in practice).
  const cluster = edit({
    ...sample,
    metadata: Object.assign({}, sample.metadata, { uid: 'uid-sample', generation: 1 }),
  });
  const namespace = cluster.metadata.namespace ?? '';
  const hosts = upstreamFixture('sip/bmh-sample.yaml').objects.map((object, index): BareMetalHost => ({
    ...(object as unknown as BareMetalHost),
    metadata: { ...object.metadata, namespace, resourceVersion: `${index + 1}` },
    status: { provisioning: { state: 'available' } },
  }));
  const secrets: V1Secret[] = hosts.flatMap((host, index) => [
    secret(namespace, host.spec.networkData?.name ?? '', {
      networkData: JSON.stringify({
        networks: [{ id: 'oam-ipv4', type: 'ipv4', ip_address: `32.68.51.${139 + index}` }],
      }),
    }),
    secret(namespace, host.spec.bmc?.credentialsName ?? '', { username: 'root', password: `pw-${index}` }),
  ]);
  secrets.push(secret(namespace, 'ssh-private-keys', { id_ed25519: 'PRIVATE KEY' }));
  const plan = planSipCluster(observedState(cluster, hosts, secrets), new Date('2026-12-01T00:00:00Z'));
  const files = new Map<string, Record<string, string>>();
  for (const object of plan.objects) {
    if (object.kind === 'Secret') {
      const data = (object as V1Secret).data ?? {};
      files.set(
        `Secret/${object.metadata?.name ?? ''}`,
        Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()])),
      );
    } else if (object.kind === 'ConfigMap' && 'data' in object && object.data) {
      files.set(`ConfigMap/${object.metadata?.name ?? ''}`, object.data);
    }
  }
  return { cluster, files };
}

/** One rendered file; throws naming it when the plan has no such file. */
export function renderedFile(sample: SipSample, object: string, key: string): string {
  const text = sample.files.get(object)?.[key];
  if (text === undefined) throw new Error(`the plan renders no ${object} with ${key}`);
  return text;
}
