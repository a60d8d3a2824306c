// One controller in a process of its own, for the benchmarks: the server's caches and that controller
// (no console, no HTTP, no leader election), so a benchmark can read the process's own CPU and
// memory. Started with the kubeconfig and the controller's name as arguments; answers over IPC.
import { KubeConfig } from '@kubernetes/client-node';
import { SIP_CLUSTER_NAME_LABEL } from '../../server/schemas/host-labels';
import {
  bareMetalHostResource,
  ironicResource,
  managerResource,
  placementApiResource,
  sipClusterResource,
  vrouterResource,
} from '../../server/types/crds';
import type { InformerSet } from '../../server/kube/informer-set';
import { startControllers } from '../../tools/testenv/controller-harness';
import type {
  BenchedController,
  ControllerProgress,
  ControllerReport,
  FromController,
  ToController,
} from './controller-messages';

const MIB = 2 ** 20;

const isReady = (object: { status?: { conditions?: { type: string; status: string }[] } }) =>
  object.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;

/** Objects of each benched controller's kind with Ready=True, read from its caches. */
const readyOf: Record<BenchedController, (informers: InformerSet) => number> = {
  sip: (informers) => informers.of(sipClusterResource).list().filter(isReady).length,
  vrouter: (informers) => informers.of(vrouterResource).list().filter(isReady).length,
  manager: (informers) => informers.of(managerResource).list().filter(isReady).length,
  ironic: (informers) => informers.of(ironicResource).list().filter(isReady).length,
  placement: (informers) => informers.of(placementApiResource).list().filter(isReady).length,
};

const agentsScheduled = (informers: InformerSet) =>
  informers
    .of(vrouterResource)
    .list()
    .reduce((sum, g) => sum + (g.status?.desiredNodes ?? 0), 0);

/**
 * What each benched controller has placed so far, read from its caches. Asked for only when a
 * benchmark prints it: at 5,000 hosts the SIP count walks every host, and a poll every 100 ms would
 * put that walk into the controller's measured CPU.
 */
const placedOf: Record<BenchedController, (informers: InformerSet) => number> = {
  sip: (informers) =>
    informers
      .of(bareMetalHostResource)
      .list()
      .filter((h) => h.metadata.labels?.[SIP_CLUSTER_NAME_LABEL]).length,
  vrouter: agentsScheduled,
  manager: agentsScheduled,
  ironic: (informers) =>
    informers
      .of(ironicResource)
      .list()
      .filter((i) => i.spec?.credentialsRef).length,
  placement: (informers) =>
    informers
      .of(placementApiResource)
      .list()
      .filter((p) => p.status?.hash?.dbsync).length,
};

function progressOf(informers: InformerSet, withPlaced: boolean): ControllerProgress {
  return {
    ready: readyOf[controller](informers),
    ...(withPlaced ? { placed: placedOf[controller](informers) } : {}),
  };
}

function send(message: FromController): void {
  process.send?.(message);
}

/**
 * Every observation of a histogram in ms (its buckets keep counting as well), all together and by the
 * controller label: p99 from raw values, and which controller's plans make it.
 */
function recordObservations(histogram: { observe: (labels: never, value: never) => void }): {
  all: number[];
  byController: Record<string, number[]>;
} {
  const all: number[] = [];
  const byController: Record<string, number[]> = {};
  const original = histogram.observe.bind(histogram);
  histogram.observe = (labels: never, value?: number) => {
    if (typeof value === 'number') {
      const ms = value * 1000;
      all.push(ms);
      const controller = (labels as { controller?: string } | undefined)?.controller ?? '?';
      (byController[controller] ??= []).push(ms);
    }
    original(labels, value as never);
  };
  return { all, byController };
}

const [kubeconfig, name] = process.argv.slice(2);
const BENCHED: readonly BenchedController[] = ['sip', 'vrouter', 'manager', 'ironic', 'placement'];
const isBenched = (value: string | undefined): value is BenchedController =>
  BENCHED.includes(value as BenchedController);
if (!kubeconfig || !isBenched(name))
  throw new Error(`usage: controller-process <kubeconfig> ${BENCHED.join('|')}`);
const controller: BenchedController = name;
const kc = new KubeConfig();
kc.loadFromFile(kubeconfig);
/** The switch (RACKPILOT_DISABLED_CONTROLLERS name) each controller runs under: vRouter and Manager are Contrail's. */
const switchOf: Record<BenchedController, string> = {
  sip: 'sip',
  vrouter: 'contrail',
  manager: 'contrail',
  ironic: 'ironic',
  placement: 'placement',
};
const harness = await startControllers(kc, [switchOf[controller]]);
const durations = recordObservations(harness.metrics.reconcileDuration).all;
const plans = recordObservations(harness.metrics.planDuration);
const planCpu = recordObservations(harness.metrics.planCpu);

async function report(): Promise<ControllerReport> {
  const peakRssMiB = (process.resourceUsage().maxRSS * 1024) / MIB;
  const { rss, heapUsed } = process.memoryUsage();
  const writes = await harness.metrics.writes.get();
  const reconciles = (await harness.metrics.reconciles.get()).values;
  return {
    durations,
    planTimes: plans.all,
    planCpuTimes: planCpu.all,
    planTimesByController: plans.byController,
    planCpuTimesByController: planCpu.byController,
    // By verb over the process's controllers (the Contrail switch runs several).
    writes: [
      ...writes.values
        .reduce((byVerb, v) => {
          const verb = String(v.labels.verb);
          return byVerb.set(verb, (byVerb.get(verb) ?? 0) + v.value);
        }, new Map<string, number>())
        .entries(),
    ].map(([verb, count]) => ({ verb, count })),
    reconciles: reconciles.reduce((sum, v) => sum + v.value, 0),
    conflicts: reconciles.filter((v) => v.labels.result === 'conflict').reduce((sum, v) => sum + v.value, 0),
    peakRssMiB,
    rssMiB: rss / MIB,
    heapUsedMiB: heapUsed / MIB,
  };
}

process.on('message', (message: ToController) => {
  if ('progress' in message) {
    send({ progress: progressOf(harness.informers, message.placed) });
    return;
  }
  void report().then(async (result) => {
    send({ report: result });
    await harness.stop();
    process.exit(0);
  });
});
send({ started: true });
