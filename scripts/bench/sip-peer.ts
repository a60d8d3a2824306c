// Upstream's SIP manager (airshipit/sip, controller-runtime) as bench:peers' peer: its binary started
// against a throw-away control plane, its log in a file, stopped afterwards. Its Go module is named
// `sipcluster`, so the module proxy cannot serve it: the binary is built by hand and its path given.
// Upstream's code is never part of the project.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import type { KubeConfig } from '@kubernetes/client-node';
import { applyObject } from '../../server/kube/apply';
import { configMapResource } from '../../server/kube/resource';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheRoot } from '../../tools/controlplane/control-plane-binaries';

/** The environment variable naming the binary when `--sip-binary` does not. */
export const SIP_BINARY_ENV = 'RACKPILOT_SIP_MANAGER';

/** Where the how-to line builds it, and where bench:peers looks when neither flag nor env names one. */
export const defaultSipBinary = () => join(cacheRoot(), 'bench', 'sip-manager');

/** One line on how to build the binary, printed when there is none. */
export const SIP_HOW_TO =
  'build it outside the repository from airshipit/sip at 1f88a95, unchanged: ' +
  '`git clone https://github.com/airshipit/sip /tmp/sip-src && git -C /tmp/sip-src checkout 1f88a95 && ' +
  'cd /tmp/sip-src && go build -o ~/.cache/rackpilot/bench/sip-manager .`, ' +
  `then pass --sip-binary <path> or set ${SIP_BINARY_ENV}`;

/**
 * The binary to run: `--sip-binary`, else the env, else the default path when a binary is there;
 * undefined when none is given and the default is missing. A path given but missing is an error.
 */
export function resolveSipBinary(
  flag: string | undefined,
  env: string | undefined,
  fallback: string,
  exists: (path: string) => boolean,
): string | undefined {
  const given = flag ?? (env === '' ? undefined : env);
  if (given === undefined) return exists(fallback) ? fallback : undefined;
  if (!exists(given)) throw new Error(`no SIP manager binary at ${given}: ${SIP_HOW_TO}`);
  return given;
}

export const findSipBinary = (flag: string | undefined) =>
  resolveSipBinary(flag, process.env[SIP_BINARY_ENV], defaultSipBinary(), existsSync);

/** The environment variable naming upstream's source tree, for its load balancers' templates. */
export const SIP_SOURCE_ENV = 'RACKPILOT_SIP_SOURCE';

/**
 * Upstream's manager renders each load balancer's haproxy.cfg from ConfigMaps its kustomization makes
 * (config/manager/loadbalancer) in the SIPCluster's namespace; without them it logs an error per
 * cluster and renders an empty file. Read at run time from its source tree, never copied here.
 */
const TEMPLATES = [
  { name: 'loadbalancercontrolplane', file: 'loadBalancerControlPlane.cfg' },
  { name: 'loadbalancerworker', file: 'loadBalancerWorker.cfg' },
];

/** Creates the template ConfigMaps from `source` (upstream's tree) in `namespace`. */
export async function applySipTemplates(kc: KubeConfig, source: string, namespace: string): Promise<void> {
  for (const { name, file } of TEMPLATES) {
    const text = await readFile(join(source, 'config', 'manager', 'loadbalancer', file), 'utf8');
    await applyObject(kc, configMapResource, {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name, namespace },
      data: { [file]: text },
    });
  }
}

export interface RunningOperator {
  pid: number;
  /** Its log, kept after it stops. */
  logPath: string;
  stop: () => Promise<void>;
}

/** controller-runtime logs this once the SIPCluster informer has synced and the workers run. */
const STARTED = 'Starting workers';

/**
 * Starts the SIP manager against `kubeconfig` (metrics off, no leader election, as its defaults
 * otherwise) and resolves once its controller's workers run.
 */
export async function startSipManager(binary: string, kubeconfig: string): Promise<RunningOperator> {
  const logPath = join(tmpdir(), `rackpilot-bench-sip-manager-${process.pid}-${Date.now()}.log`);
  const logFile = await open(logPath, 'w');
  const child = spawn(binary, ['--kubeconfig', kubeconfig, '--metrics-addr', '0'], {
    stdio: ['ignore', logFile.fd, logFile.fd],
    env: { ...process.env, KUBECONFIG: kubeconfig },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await logFile.close();
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const text = await readFile(logPath, 'utf8');
    if (text.includes(STARTED)) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the SIP manager did not start (log ${logPath}): ${text.slice(-600)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { pid: child.pid ?? 0, logPath, stop };
}
