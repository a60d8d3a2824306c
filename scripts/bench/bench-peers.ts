// npm run bench:peers [-- --sizes 500/100,2500/500 --rounds 2 --sip-binary <path> --sip-source <dir>
//                        --phases sip,boot --boot-seconds 10 --boot-rounds 2]
// Issue 52 §2: our operators beside the Go peers they re-implement, on this machine.
// - sip: per size, each run on a throw-away control plane of its own with the same hosts (bench:sip's
//   objects), alternating which goes first: our SIP controller in its own process (compiled, as
//   bench:sip runs it) or upstream's SIP manager (airshipit/sip at 1f88a95, controller-runtime; its
//   binary from `--sip-binary`, RACKPILOT_SIP_MANAGER or the cache, sip-peer.ts). Each starts and syncs,
//   then every SIPCluster is created at once (upstream's load-balancer templates, read from its source
//   tree given by `--sip-source` or RACKPILOT_SIP_SOURCE, are applied first in every run) (16 parallel POSTs) and a list every 250 ms times until
//   all are Ready=True. Printed per run: that time, the operator process's CPU over it and over its
//   life, its RSS once started and its peak RSS (VmHWM); then ours ÷ upstream's per round.
// - boot: bench:boot's Matchbox comparison (Matchbox v0.11.0 from its Go module) at the same host
//   counts, its loop phase only.
// A script, not a test: it asserts nothing.
import { spawn } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import type { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath } from '../../server/kube/resource';
import { sipClusterResource, type SIPCluster } from '../../server/types/crds';
import { runAlternatingRounds } from './alternating-rounds';
import { nextMessage, spawnController } from './controller-child';
import { sleep, TIMEOUT_MS } from './floor-bench';
import { describePeerRuns, OPERATORS, parseSizes, type Operator, type OperatorRun } from './peer-figures';
import { cpuSecondsOf } from './process-cpu';
import { memoryOf } from './process-memory';
import { NAMESPACE } from './sip-bench-objects';
import { createSipCluster, seedHosts } from './sip-bench-seed';
import {
  applySipTemplates,
  findSipBinary,
  SIP_HOW_TO,
  SIP_SOURCE_ENV,
  startSipManager,
  type RunningOperator,
} from './sip-peer';
import { benchLog as log, inBatches, withThrowawayCluster } from './throwaway-cluster';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '500/100,2500/500' },
    rounds: { type: 'string', default: '2' },
    'sip-binary': { type: 'string' },
    'sip-source': { type: 'string', default: process.env[SIP_SOURCE_ENV] ?? '' },
    phases: { type: 'string', default: 'sip,boot' },
    'boot-seconds': { type: 'string', default: '10' },
    'boot-rounds': { type: 'string', default: '2' },
  },
});
const sizes = parseSizes(values.sizes);
const rounds = Number(values.rounds);
const phases = values.phases.split(',');
if (phases.some((phase) => phase !== 'sip' && phase !== 'boot'))
  throw new Error(`--phases knows sip and boot, not ${values.phases}`);
const sipBinary = findSipBinary(values['sip-binary']);
const sipSource = values['sip-source'];

const isReady = (cluster: SIPCluster) =>
  cluster.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;

async function readyCount(kc: KubeConfig): Promise<number> {
  const list = await kubeRequestJson<{ items: SIPCluster[] }>(
    kc,
    collectionPath(sipClusterResource, NAMESPACE),
  );
  return list.items.filter(isReady).length;
}

/** Our SIP controller in its own process, compiled as bench:sip runs it; stopped through its report. */
async function startRackpilot(kubeconfig: string): Promise<RunningOperator> {
  const child = await spawnController(kubeconfig, 'sip', 'build', []);
  return {
    pid: child.pid ?? 0,
    logPath: 'its output is this one',
    stop: async () => {
      await nextMessage(child, 'report', { report: true });
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Starts `operator`, creates `clusters` SIPClusters at once and times until all are Ready. */
async function measureOperator(operator: Operator, hosts: number, clusters: number): Promise<OperatorRun> {
  return withThrowawayCluster(NAMESPACE, async ({ kc, kubeconfig }) => {
    await seedHosts(kc, hosts);
    if (sipSource !== '') await applySipTemplates(kc, sipSource, NAMESPACE);
    const running =
      operator === 'rackpilot'
        ? await startRackpilot(kubeconfig)
        : await startSipManager(sipBinary ?? '', kubeconfig);
    try {
      const cpuBefore = await cpuSecondsOf(running.pid);
      const startedRssMiB = (await memoryOf(running.pid)).rssMiB;
      const started = Date.now();
      await inBatches(
        Array.from({ length: clusters }, (_, i) => i),
        16,
        (i) => createSipCluster(kc, i),
      );
      for (;;) {
        const ready = await readyCount(kc);
        if (ready === clusters) break;
        if (Date.now() - started > TIMEOUT_MS)
          throw new Error(`${operator}: only ${ready} of ${clusters} Ready (its log: ${running.logPath})`);
        await sleep(250);
      }
      const seconds = (Date.now() - started) / 1000;
      const lifeCpuSeconds = await cpuSecondsOf(running.pid);
      const { peakRssMiB } = await memoryOf(running.pid);
      log(
        `${operator}: all ${clusters} Ready after ${seconds.toFixed(1)} s, peak RSS ${peakRssMiB.toFixed(0)} MiB`,
      );
      return { seconds, cpuSeconds: lifeCpuSeconds - cpuBefore, lifeCpuSeconds, startedRssMiB, peakRssMiB };
    } finally {
      await running.stop();
    }
  });
}

async function sipPhase(): Promise<void> {
  const operators: Operator[] = sipBinary === undefined ? ['rackpilot'] : [...OPERATORS];
  if (sipBinary === undefined)
    console.log(`upstream SIP manager: SKIPPED, no binary given or in the cache; ${SIP_HOW_TO}`);
  else
    log(
      `upstream SIP manager: ${sipBinary}; its load balancers' templates: ${sipSource === '' ? `none (no --sip-source or ${SIP_SOURCE_ENV}: it logs an error per cluster and renders an empty haproxy.cfg)` : sipSource}`,
    );
  for (const { hosts, clusters } of sizes) {
    const results = await runAlternatingRounds(rounds, operators, (operator, round) => {
      log(`${hosts} hosts / ${clusters} clusters, round ${round + 1}: ${operator}`);
      return measureOperator(operator, hosts, clusters);
    });
    console.log(`\nSIP: ${hosts} hosts / ${clusters} clusters\n`);
    for (const line of describePeerRuns(results)) console.log(line);
  }
}

/** bench:boot's Matchbox comparison at the same host counts, in a process of its own as bench:boot runs. */
async function bootPhase(): Promise<void> {
  const args = [
    '--import',
    'tsx',
    'scripts/bench/bench-boot.ts',
    '--peer',
    'matchbox',
    '--phases',
    'loop',
    '--hosts',
    sizes.map((size) => size.hosts).join(','),
    '--seconds',
    values['boot-seconds'],
    '--connections',
    '50',
    '--rounds',
    values['boot-rounds'],
  ];
  console.log(`\nBoot service beside Matchbox: bench:boot ${args.slice(3).join(' ')}`);
  const child = spawn(process.execPath, args, { stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the boot comparison exited with ${String(code)}`);
}

console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; started ${new Date().toISOString()}`,
);
if (phases.includes('sip')) await sipPhase();
if (phases.includes('boot')) await bootPhase();
console.log(
  '\nTargets (issue 52 §2): the SIP controller process peak RSS ≤ 1.2× upstream SIP manager, CPU below it; boot service RSS ≤ 2× Matchbox.',
);
process.exit(0);
