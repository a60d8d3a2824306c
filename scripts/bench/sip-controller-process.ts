// The SIPCluster controller in a process of its own, for bench:sip: the server's caches and the SIP
// controller (no console, no HTTP, no leader election), so the benchmark can read the process's own
// memory. Started by bench-sip.ts with the kubeconfig as its argument; answers over IPC.
import { KubeConfig, type V1Deployment, type V1Secret } from '@kubernetes/client-node';
import { planSipCluster } from '../../server/controllers/sip-cluster/plan-sip-cluster';
import { SIP_CLUSTER_NAME_LABEL } from '../../server/schemas/host-labels';
import type { BareMetalHost, SIPCluster } from '../../server/types/crds';
import { startControllers } from '../../tools/testenv/controller-harness';
import type { ControllerReport, FromController, ToController } from './sip-controller-messages';

const MIB = 2 ** 20;

function send(message: FromController): void {
  process.send?.(message);
}

const kubeconfig = process.argv[2];
if (!kubeconfig) throw new Error('usage: sip-controller-process <kubeconfig>');
const kc = new KubeConfig();
kc.loadFromFile(kubeconfig);
const harness = await startControllers(kc, ['sip']);
const durations: number[] = [];
const histogram = harness.metrics.reconcileDuration;
const originalObserve = histogram.observe.bind(histogram);
histogram.observe = (labels: unknown, value?: number) => {
  if (typeof value === 'number') durations.push(value * 1000);
  originalObserve(labels as never, value as never);
};
const clusters = harness.informers.informer<SIPCluster>('SIPCluster');
const hosts = harness.informers.informer<BareMetalHost>('BareMetalHost');

/** Planning alone (no API round trips), on the final caches: every cluster planned once. */
function planTimes(): number[] {
  const allHosts = hosts.list();
  const secrets = harness.informers.informer<V1Secret>('Secret');
  const deployments = harness.informers.informer<V1Deployment>('Deployment');
  return clusters.list().map((cluster) => {
    const started = process.hrtime.bigint();
    planSipCluster(
      {
        cluster,
        hosts: allHosts,
        secret: (ns, name) => secrets.get(name, ns),
        deployment: (ns, name) => deployments.get(name, ns),
      },
      new Date(),
    );
    return Number(process.hrtime.bigint() - started) / 1e6;
  });
}

async function report(): Promise<ControllerReport> {
  // Read before planning below allocates anything: the figures are the controller's own.
  const peakRssMiB = (process.resourceUsage().maxRSS * 1024) / MIB;
  const { rss, heapUsed } = process.memoryUsage();
  const writes = await harness.metrics.writes.get();
  const reconciles = (await harness.metrics.reconciles.get()).values;
  return {
    durations,
    planTimes: planTimes(),
    writes: writes.values.map((v) => ({ verb: String(v.labels.verb), count: v.value })),
    reconciles: reconciles.reduce((sum, v) => sum + v.value, 0),
    conflicts: reconciles.filter((v) => v.labels.result === 'conflict').reduce((sum, v) => sum + v.value, 0),
    peakRssMiB,
    rssMiB: rss / MIB,
    heapUsedMiB: heapUsed / MIB,
  };
}

process.on('message', (message: ToController) => {
  if ('progress' in message) {
    send({
      progress: {
        labelled: hosts.list().filter((h) => h.metadata.labels?.[SIP_CLUSTER_NAME_LABEL]).length,
        ready: clusters
          .list()
          .filter((c) => c.status?.conditions?.some((x) => x.type === 'Ready' && x.status === 'True')).length,
      },
    });
    return;
  }
  void report().then(async (result) => {
    send({ report: result });
    await harness.stop();
    process.exit(0);
  });
});
send({ started: true });
