// npm run bench:sip [-- --hosts 1000,5000 --clusters 100,1000]
// Measures the SIPCluster controller on a throw-away local control plane: time from creating the
// clusters to all Ready, reconciles per second, reconcile duration (whole, and planning alone),
// API writes per cluster and the process's RSS. A script, not a test: it asserts nothing.
import { cpus, tmpdir, totalmem } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { KubeConfig, type V1Deployment, type V1Secret } from '@kubernetes/client-node';
import { planSipCluster } from '../../server/controllers/sip-cluster/plan-sip-cluster';
import { applyObject } from '../../server/kube/apply';
import { installCrds, readCrdFiles } from '../../server/kube/install-crds';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath, secretResource } from '../../server/kube/resource';
import { FLAVOR_LABEL, RACK_LABEL, SIP_CLUSTER_NAME_LABEL } from '../../server/schemas/host-labels';
import {
  bareMetalHostResource,
  sipClusterResource,
  type BareMetalHost,
  type SIPCluster,
} from '../../server/types/crds';
import { deleteLocalCluster } from '../../tools/controlplane/local-cluster';
import { bringUpLocalCluster, localClusterOptions } from '../../tools/controlplane/local-environment';
import { startControllers } from '../../tools/testenv/controller-harness';

const NAMESPACE = 'bench';
const HOSTS_PER_RACK = 20;

function log(line: string): void {
  console.log(`[bench] ${line}`);
}

async function inBatches<T>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function hostObjects(index: number): [V1Secret, V1Secret, BareMetalHost] {
  const name = `h${String(index).padStart(5, '0')}`;
  const rack = `rack-${Math.floor(index / HOSTS_PER_RACK)}`;
  // One in five hosts is a control-plane candidate, the rest workers.
  const flavor = index % 5 === 0 ? 'control-plane' : 'worker';
  const ip = `10.${Math.floor(index / 65536) % 256}.${Math.floor(index / 256) % 256}.${index % 256}`;
  const networkData = {
    links: [],
    networks: [{ id: 'oam-ipv4', type: 'ipv4', ip_address: ip, netmask: '255.255.0.0' }],
  };
  const hex = index.toString(16).padStart(6, '0');
  const mac = `52:54:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
  const meta = (suffix: string) => ({ name: `${name}-${suffix}`, namespace: NAMESPACE });
  return [
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: meta('network-data'),
      stringData: { networkData: JSON.stringify(networkData) },
    },
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: meta('bmc'),
      stringData: { username: 'admin', password: `pw-${name}` },
    },
    {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'BareMetalHost',
      metadata: {
        name,
        namespace: NAMESPACE,
        labels: { [RACK_LABEL]: rack, [FLAVOR_LABEL]: flavor, 'kubernetes.io/hostname': name },
      },
      spec: {
        online: true,
        bootMACAddress: mac,
        bmc: {
          address: `redfish+https://10.200.${Math.floor(index / 256) % 256}.${index % 256}/redfish/v1/Systems/1`,
          credentialsName: `${name}-bmc`,
        },
        networkData: { name: `${name}-network-data`, namespace: NAMESPACE },
      },
    },
  ];
}

function sipCluster(index: number): SIPCluster {
  return {
    apiVersion: 'airship.airshipit.org/v1',
    kind: 'SIPCluster',
    metadata: { name: `c${String(index).padStart(4, '0')}`, namespace: NAMESPACE },
    spec: {
      nodes: {
        ControlPlane: {
          labelSelector: { matchLabels: { [FLAVOR_LABEL]: 'control-plane' } },
          topologyKey: RACK_LABEL,
          count: { active: 1, standby: 0 },
        },
        Worker: {
          labelSelector: { matchLabels: { [FLAVOR_LABEL]: 'worker' } },
          topologyKey: 'kubernetes.io/hostname',
          count: { active: 2, standby: 0 },
        },
      },
      // One control-plane load balancer per cluster: a Deployment (kwok runs its pod) and one node port.
      services: {
        loadBalancerControlPlane: [
          { image: 'haproxy:2.3.2', nodeInterfaceId: 'oam-ipv4', nodePort: 30000 + index },
        ],
      },
    },
  };
}

interface RunResult {
  hosts: number;
  clusters: number;
  seconds: number;
  reconcilesPerSecond: number;
  p50ms: number;
  p99ms: number;
  planP50ms: number;
  planP99ms: number;
  writesPerCluster: number;
  writesByVerb: string;
  rssMiB: number;
}

async function runOnce(hosts: number, clusters: number): Promise<RunResult> {
  const stateDir = await mkdtemp(join(tmpdir(), 'rackpilot-bench-'));
  const options = {
    ...(await localClusterOptions(stateDir, log, `bench-${process.pid}`)),
    disableQpsLimits: true,
  };
  try {
    const kubeconfig = await bringUpLocalCluster(options, log);
    const kc = new KubeConfig();
    kc.loadFromFile(kubeconfig);
    await installCrds(kc, await readCrdFiles('crds'));
    await kubeRequestJson(kc, '/api/v1/namespaces', {
      method: 'POST',
      body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NAMESPACE } },
    });
    log(`creating ${hosts} hosts with their networkData and BMC Secrets`);
    const seedStart = Date.now();
    await inBatches(
      Array.from({ length: hosts }, (_, i) => i),
      16,
      async (i) => {
        const [network, bmc, host] = hostObjects(i);
        await applyObject(kc, secretResource, network);
        await applyObject(kc, secretResource, bmc);
        await applyObject(kc, bareMetalHostResource, host);
      },
    );
    log(`hosts created in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

    const harness = await startControllers(kc, ['sip']);
    const durations: number[] = [];
    const histogram = harness.metrics.reconcileDuration;
    const originalObserve = histogram.observe.bind(histogram);
    histogram.observe = (labels: unknown, value?: number) => {
      if (typeof value === 'number') durations.push(value * 1000);
      originalObserve(labels as never, value as never);
    };
    try {
      const started = Date.now();
      await inBatches(
        Array.from({ length: clusters }, (_, i) => i),
        16,
        (i) =>
          kubeRequestJson(kc, collectionPath(sipClusterResource, NAMESPACE), {
            method: 'POST',
            body: sipCluster(i),
          }),
      );
      const informer = harness.informers.informer<SIPCluster>('SIPCluster');
      const hostInformer = harness.informers.informer<BareMetalHost>('BareMetalHost');
      let scheduledAfter: number | undefined;
      for (;;) {
        if (scheduledAfter === undefined) {
          const labelled = hostInformer
            .list()
            .filter((h) => h.metadata.labels?.[SIP_CLUSTER_NAME_LABEL]).length;
          if (labelled === clusters * 3) scheduledAfter = (Date.now() - started) / 1000;
        }
        const ready = informer
          .list()
          .filter((c) => c.status?.conditions?.some((x) => x.type === 'Ready' && x.status === 'True')).length;
        if (ready === clusters) break;
        if (Date.now() - started > 15 * 60_000)
          throw new Error(`only ${ready} of ${clusters} Ready after 15 min`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const seconds = (Date.now() - started) / 1000;
      log(
        `all hosts labelled after ${scheduledAfter?.toFixed(1) ?? '?'} s, all Ready after ${seconds.toFixed(1)} s`,
      );
      const rssMiB = process.memoryUsage().rss / 2 ** 20;

      // Planning alone (no API round trips), on the final caches: every cluster planned once.
      const allHosts = harness.informers.informer<BareMetalHost>('BareMetalHost').list();
      const secrets = harness.informers.informer<V1Secret>('Secret');
      const deployments = harness.informers.informer<V1Deployment>('Deployment');
      const planTimes = informer.list().map((cluster) => {
        const t = process.hrtime.bigint();
        planSipCluster(
          {
            cluster,
            hosts: allHosts,
            secret: (ns, name) => secrets.get(name, ns),
            deployment: (ns, name) => deployments.get(name, ns),
          },
          new Date(),
        );
        return Number(process.hrtime.bigint() - t) / 1e6;
      });

      const writes = await harness.metrics.writes.get();
      const totalWrites = writes.values.reduce((sum, v) => sum + v.value, 0);
      const reconciles = (await harness.metrics.reconciles.get()).values.reduce((sum, v) => sum + v.value, 0);
      durations.sort((a, b) => a - b);
      planTimes.sort((a, b) => a - b);
      return {
        hosts,
        clusters,
        seconds,
        reconcilesPerSecond: reconciles / seconds,
        p50ms: quantile(durations, 0.5),
        p99ms: quantile(durations, 0.99),
        planP50ms: quantile(planTimes, 0.5),
        planP99ms: quantile(planTimes, 0.99),
        writesPerCluster: totalWrites / clusters,
        writesByVerb: writes.values
          .map((v) => `${String(v.labels.verb)} ${(v.value / clusters).toFixed(2)}`)
          .join(', '),
        rssMiB,
      };
    } finally {
      await harness.stop();
    }
  } finally {
    await deleteLocalCluster(options).catch(() => undefined);
    await rm(stateDir, { recursive: true, force: true });
  }
}

const { values } = parseArgs({
  options: {
    hosts: { type: 'string', default: '1000,5000' },
    clusters: { type: 'string', default: '100,1000' },
  },
});
const hostCounts = values.hosts.split(',').map(Number);
const clusterCounts = values.clusters.split(',').map(Number);
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);
console.log(
  '| hosts | clusters | all Ready (s) | reconciles/s | reconcile p50 / p99 (ms) | planning p50 / p99 (ms) | writes/cluster | writes by verb per cluster | RSS (MiB) |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const hosts of hostCounts) {
  for (const clusters of clusterCounts) {
    if (clusters * 3 > hosts) continue;
    const r = await runOnce(hosts, clusters);
    console.log(
      `| ${r.hosts} | ${r.clusters} | ${r.seconds.toFixed(1)} | ${r.reconcilesPerSecond.toFixed(0)} | ${r.p50ms.toFixed(1)} / ${r.p99ms.toFixed(1)} | ${r.planP50ms.toFixed(2)} / ${r.planP99ms.toFixed(2)} | ${r.writesPerCluster.toFixed(1)} | ${r.writesByVerb} | ${r.rssMiB.toFixed(0)} |`,
    );
  }
}
process.exit(0);
