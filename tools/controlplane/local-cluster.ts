import { existsSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { stringify } from 'yaml';
import { kubeRequestJson } from '../../server/kube/kube-request';
import type { ControlPlaneBinaries } from './control-plane-binaries';
import { etcdTlsArgs, writeEtcdCertificates, type EtcdTlsFiles } from './etcd-tls';
import { runCommand } from '../lib/run-command';
import { SetupError } from '../../server/setup-error';
import {
  clusterComponentsRunning,
  clusterPortOptions,
  freeLoopbackPorts,
  takenClusterPorts,
  type ClusterPortOption,
} from './cluster-ports';

export interface LocalClusterOptions {
  /** kwokctl cluster name. */
  name: string;
  /** Folder that holds kwokctl's work dir and the exported kubeconfig (git-ignored). */
  stateDir: string;
  binaries: ControlPlaneBinaries;
  /** Lift the controller manager's and scheduler's client rate limits (benchmarks create thousands of pods). */
  disableQpsLimits?: boolean;
  /**
   * kube-apiserver logs each Go garbage collection (GODEBUG=gctrace=1), for benchmarks that line its
   * collections up with slow answers; a line per collection, so never for the cluster `npm start` runs.
   */
  traceApiserverGc?: boolean;
}

export interface LocalClusterPaths {
  workdir: string;
  clusterDir: string;
  configFile: string;
  kubeconfig: string;
  /** etcd's CA, its certificate and kube-apiserver's client certificate. */
  etcdPki: string;
  /** kube-apiserver's audit policy and the log it writes (audit-policy.ts). */
  auditPolicy: string;
  auditLog: string;
}

export function localClusterPaths(
  options: Pick<LocalClusterOptions, 'name' | 'stateDir'>,
): LocalClusterPaths {
  const workdir = join(options.stateDir, 'kwok');
  return {
    workdir,
    clusterDir: join(workdir, 'clusters', options.name),
    configFile: join(options.stateDir, 'kwokctl.yaml'),
    kubeconfig: join(options.stateDir, 'kubeconfig'),
    etcdPki: join(options.stateDir, 'etcd-pki'),
    auditPolicy: join(options.stateDir, 'audit-policy.yaml'),
    auditLog: join(options.stateDir, 'kube-apiserver-audit.log'),
  };
}

/**
 * The kwokctl configuration: every binary local, every component on loopback, nothing optional, and
 * etcd answering only clients with a certificate (any local user could otherwise read every Secret).
 */
export function kwokctlConfiguration(
  binaries: ControlPlaneBinaries,
  etcdTls: EtcdTlsFiles,
  ports: Record<ClusterPortOption, number>,
  disableQpsLimits = false,
  audit?: Pick<LocalClusterPaths, 'auditPolicy' | 'auditLog'>,
  traceApiserverGc = false,
): string {
  const tls = etcdTlsArgs(etcdTls, ports);
  return stringify({
    apiVersion: 'config.kwok.x-k8s.io/v1alpha1',
    kind: 'KwokctlConfiguration',
    options: {
      runtime: 'binary',
      bindAddress: '127.0.0.1',
      kubeVersion: binaries.kubeVersion,
      etcdVersion: binaries.etcdVersion.replace(/^v/, ''),
      kubeApiserverBinary: binaries.kubeApiserver,
      kubeControllerManagerBinary: binaries.kubeControllerManager,
      kubeSchedulerBinary: binaries.kubeScheduler,
      etcdBinary: binaries.etcd,
      kwokControllerBinary: binaries.kwok,
      // The node lifecycle controller should notice a stopped kwok quickly, as it would a dead kubelet.
      nodeLeaseDurationSeconds: 40,
      disableQPSLimits: disableQpsLimits,
      ...ports,
    },
    componentsPatches: [
      { name: 'etcd', extraArgs: tls.etcd },
      {
        name: 'kube-apiserver',
        extraArgs: [
          ...tls.kubeApiserver,
          // The default service range is a /24: 254 Services, too few for a fleet of tenant clusters.
          { key: 'service-cluster-ip-range', value: '10.96.0.0/16' },
          ...(audit ? auditArgs(audit) : []),
        ],
        ...(traceApiserverGc ? { extraEnvs: [{ name: 'GODEBUG', value: 'gctrace=1' }] } : {}),
      },
    ],
  });
}

/** The API server's own record of deletes: who asked, and as whom (tests of impersonation read it). */
function auditArgs(
  audit: Pick<LocalClusterPaths, 'auditPolicy' | 'auditLog'>,
): { key: string; value: string }[] {
  return [
    { key: 'audit-policy-file', value: audit.auditPolicy },
    { key: 'audit-log-path', value: audit.auditLog },
    // Bounded: one file of 20 MB and one rotated beside it.
    { key: 'audit-log-maxsize', value: '20' },
    { key: 'audit-log-maxbackup', value: '1' },
  ];
}

function kwokEnv(paths: LocalClusterPaths): NodeJS.ProcessEnv {
  return { ...process.env, KWOK_WORKDIR: paths.workdir, KWOK_RUNTIME: 'binary' };
}

function createArgs(options: LocalClusterOptions, paths: LocalClusterPaths): string[] {
  return [
    'create',
    'cluster',
    '--name',
    options.name,
    '--config',
    paths.configFile,
    // Empty: never merge into the user's ~/.kube/config; the kubeconfig is exported to the state dir.
    '--kubeconfig',
    '',
    '--wait',
    '3m',
  ];
}

/**
 * Deletes only, at Metadata level (who, as whom, what, the answer): enough to name the person behind a
 * delete, and small for a whole test run, where the controllers' status writes would swamp anything more.
 */
const AUDIT_POLICY = {
  apiVersion: 'audit.k8s.io/v1',
  kind: 'Policy',
  omitStages: ['RequestReceived'],
  rules: [{ level: 'Metadata', verbs: ['delete', 'deletecollection'] }, { level: 'None' }],
};

async function writeConfig(options: LocalClusterOptions, paths: LocalClusterPaths): Promise<void> {
  await mkdir(paths.workdir, { recursive: true });
  // Ports of our choosing, not kwokctl's: kwokctl counts down from a fixed number, so a cluster created
  // while this one is stopped would take its ports and this one could no longer start.
  const free = await freeLoopbackPorts(clusterPortOptions.length);
  const ports = Object.fromEntries(clusterPortOptions.map((option, i) => [option, free[i]])) as Record<
    ClusterPortOption,
    number
  >;
  const etcdTls = await writeEtcdCertificates(paths.etcdPki);
  await writeFile(paths.auditPolicy, stringify(AUDIT_POLICY));
  await writeFile(
    paths.configFile,
    kwokctlConfiguration(
      options.binaries,
      etcdTls,
      ports,
      options.disableQpsLimits,
      paths,
      options.traceApiserverGc,
    ),
  );
}

/** Prints every command kwokctl would run to create the cluster, without running any of them. */
export async function dryRunCreate(options: LocalClusterOptions): Promise<string> {
  const paths = localClusterPaths(options);
  await writeConfig(options, paths);
  const { stdout, stderr } = await runCommand(
    options.binaries.kwokctl,
    [...createArgs(options, paths), '--dry-run'],
    {
      env: kwokEnv(paths),
    },
  );
  return stdout + stderr;
}

export function clusterExists(options: Pick<LocalClusterOptions, 'name' | 'stateDir'>): boolean {
  return existsSync(join(localClusterPaths(options).clusterDir, 'kwok.yaml'));
}

function clusterClient(paths: LocalClusterPaths): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromFile(join(paths.clusterDir, 'kubeconfig.yaml'));
  return kc;
}

const NODE_LEASES = '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases';

/**
 * Deletes the simulated nodes' leases. kwok 0.7 does not take over leases left by its previous run:
 * it fails once to create them and from then on never runs another pod on those nodes.
 */
async function releaseNodeLeases(paths: LocalClusterPaths): Promise<void> {
  await kubeRequestJson(clusterClient(paths), NODE_LEASES, { method: 'DELETE' });
}

/** True when a node lease was not renewed since `since`: its holder is a kwok from an earlier run. */
async function hasStaleNodeLeases(paths: LocalClusterPaths, since: number): Promise<boolean> {
  const leases = await kubeRequestJson<{ items?: { spec?: { renewTime?: string } }[] }>(
    clusterClient(paths),
    NODE_LEASES,
  );
  return (leases.items ?? []).some((lease) => Date.parse(lease.spec?.renewTime ?? '') < since);
}

async function refuseTakenPorts(options: LocalClusterOptions, paths: LocalClusterPaths): Promise<void> {
  if (await clusterComponentsRunning(paths.clusterDir)) return;
  // Just after a stop, the components may still be letting go of their ports.
  let taken = await takenClusterPorts(join(paths.clusterDir, 'kwok.yaml'));
  for (let wait = 0; taken.length > 0 && wait < 20; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    taken = await takenClusterPorts(join(paths.clusterDir, 'kwok.yaml'));
  }
  if (taken.length === 0) return;
  const list = taken.map(({ option, port }) => `127.0.0.1:${port} (${option})`).join(', ');
  throw new SetupError(
    `the local cluster "${options.name}" was created on ports another program now listens on: ${list}; stop that program (another local cluster, such as one \`npm test\` runs, often is) or run \`npm run cluster:down\` to create the cluster anew on free ports (its objects are lost)`,
  );
}

/** Creates the cluster, or starts its stopped components again; returns the exported kubeconfig path. */
export async function startLocalCluster(options: LocalClusterOptions): Promise<string> {
  const paths = localClusterPaths(options);
  const env = kwokEnv(paths);
  if (clusterExists(options)) {
    await refuseTakenPorts(options, paths);
    const start = () =>
      runCommand(options.binaries.kwokctl, ['start', 'cluster', '--name', options.name, '--wait', '3m'], {
        env,
      });
    const startedAt = Date.now();
    await start();
    // After an unclean stop the old leases are still there: clear them and let kwok start afresh.
    if (await hasStaleNodeLeases(paths, startedAt)) {
      await releaseNodeLeases(paths);
      await runCommand(options.binaries.kwokctl, ['stop', 'cluster', '--name', options.name], { env });
      await start();
    }
  } else {
    await writeConfig(options, paths);
    await runCommand(options.binaries.kwokctl, createArgs(options, paths), { env });
  }
  await copyFile(join(paths.clusterDir, 'kubeconfig.yaml'), paths.kubeconfig);
  return paths.kubeconfig;
}

/** Stops every component process; the cluster's data stays for the next start. */
export async function stopLocalCluster(options: LocalClusterOptions): Promise<void> {
  if (!clusterExists(options)) return;
  const paths = localClusterPaths(options);
  // Best effort: if the API server is already gone, the next start clears the leases instead.
  await releaseNodeLeases(paths).catch(() => undefined);
  await runCommand(options.binaries.kwokctl, ['stop', 'cluster', '--name', options.name], {
    env: kwokEnv(paths),
  });
}

/** Stops the cluster and removes its data. */
export async function deleteLocalCluster(options: LocalClusterOptions): Promise<void> {
  if (!clusterExists(options)) return;
  await runCommand(options.binaries.kwokctl, ['delete', 'cluster', '--name', options.name], {
    env: kwokEnv(localClusterPaths(options)),
  });
}
