import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCommand, type RunOptions } from '../lib/run-command';
import { buildOnce } from './build-lock';
import { BuildProgressReporter } from './build-progress';
import { compareVersions, goLine, requiredVersion } from './go-mod';
import { SetupError } from '../../server/setup-error';

const here = dirname(fileURLToPath(import.meta.url));
const kubeModule = join(here, 'kube');
const etcdModule = join(here, 'etcd');

/** kwok and kwokctl are installed with `go install`, so their version lives here rather than in a go.mod. */
export const KWOK_VERSION = 'v0.7.0';

export interface ControlPlaneBinaries {
  dir: string;
  kubeVersion: string;
  etcdVersion: string;
  kubeApiserver: string;
  kubeControllerManager: string;
  kubeScheduler: string;
  kubectl: string;
  etcd: string;
  kwok: string;
  kwokctl: string;
}

const kubeCommands = ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler', 'kubectl'] as const;

export function cacheRoot(): string {
  if (process.env.RACKPILOT_CACHE_DIR) return process.env.RACKPILOT_CACHE_DIR;
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'rackpilot');
}

async function readModule(dir: string): Promise<{ mod: string; sum: string }> {
  const [mod, sum] = await Promise.all([
    readFile(join(dir, 'go.mod'), 'utf8'),
    readFile(join(dir, 'go.sum'), 'utf8'),
  ]);
  return { mod, sum };
}

function binariesIn(dir: string, kubeVersion: string, etcdVersion: string): ControlPlaneBinaries {
  return {
    dir,
    kubeVersion,
    etcdVersion,
    kubeApiserver: join(dir, 'kube-apiserver'),
    kubeControllerManager: join(dir, 'kube-controller-manager'),
    kubeScheduler: join(dir, 'kube-scheduler'),
    kubectl: join(dir, 'kubectl'),
    etcd: join(dir, 'etcd'),
    kwok: join(dir, 'kwok'),
    kwokctl: join(dir, 'kwokctl'),
  };
}

async function checkGo(minimum: string): Promise<void> {
  let version: string;
  try {
    version = (await runCommand('go', ['env', 'GOVERSION'])).stdout.trim();
  } catch {
    throw new SetupError(
      `Go ${minimum} or newer is needed to build the local control plane and "go" is not on PATH: install Go, or set KUBECONFIG to use an existing cluster`,
    );
  }
  const found = version.replace(/^go/, '');
  if (compareVersions(found, minimum) < 0) {
    throw new SetupError(
      `Go ${minimum} or newer is needed to build the local control plane (found ${found}): upgrade Go, or set KUBECONFIG to use an existing cluster`,
    );
  }
}

function kubeLdflags(kubeVersion: string): string {
  const [major = '1', minor = '0'] = kubeVersion.replace(/^v/, '').split('.');
  const stamp = {
    gitVersion: kubeVersion,
    gitMajor: major,
    gitMinor: minor,
    gitTreeState: 'clean',
    buildDate: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
  const flags = ['-s', '-w'];
  for (const pkg of ['k8s.io/component-base/version', 'k8s.io/client-go/pkg/version']) {
    for (const [key, value] of Object.entries(stamp)) flags.push(`-X ${pkg}.${key}=${value}`);
  }
  return flags.join(' ');
}

/**
 * Returns the control-plane binaries, building them once into a per-user cache keyed by the pinned
 * versions. The first build compiles Kubernetes from source and takes a long time on small machines.
 */
export async function ensureControlPlaneBinaries(log: (line: string) => void): Promise<ControlPlaneBinaries> {
  const kube = await readModule(kubeModule);
  const etcd = await readModule(etcdModule);
  const kubeVersion = requiredVersion(kube.mod, 'k8s.io/kubernetes');
  const etcdVersion = requiredVersion(etcd.mod, 'go.etcd.io/etcd/server/v3');
  const digest = createHash('sha256')
    .update(kube.mod + kube.sum + etcd.mod + etcd.sum + KWOK_VERSION)
    .digest('hex')
    .slice(0, 12);
  const dir = join(
    cacheRoot(),
    'controlplane',
    `k8s-${kubeVersion}-etcd-${etcdVersion}-kwok-${KWOK_VERSION}-${digest}`,
  );
  const binaries = binariesIn(dir, kubeVersion, etcdVersion);
  if (existsSync(join(dir, '.complete'))) return binaries;

  const minimumGo = [goLine(kube.mod), goLine(etcd.mod), '1.24'].sort(compareVersions).at(-1) ?? '1.24';
  await checkGo(minimumGo);

  await mkdir(dirname(dir), { recursive: true });
  const started = Date.now();
  await buildOnce({
    lockPath: `${dir}.lock`,
    isDone: () => existsSync(join(dir, '.complete')),
    log,
    build: () => buildInto(dir, kubeVersion, etcdVersion, log),
  });
  log(`control-plane binaries cached in ${dir} (${Math.round((Date.now() - started) / 1000)} s)`);
  return binaries;
}

/**
 * Packages the three builds compile, standard library included, for the progress estimate. Summed, not
 * merged: kwok builds its own copies of the Kubernetes libraries (released modules, not the staging
 * tree), and builds running at once each compile what they share.
 */
async function packagesToCompile(env: NodeJS.ProcessEnv): Promise<number> {
  const listDeps = async (cwd: string, packages: string[]) =>
    (await runCommand('go', ['list', '-deps', ...packages], { cwd, env })).stdout.split('\n').filter(Boolean)
      .length;
  // kwok is installed by version, outside any module; its packages are listed in its downloaded module.
  const kwok = async () => {
    const download = await runCommand(
      'go',
      ['mod', 'download', '-json', `sigs.k8s.io/kwok@${KWOK_VERSION}`],
      {
        env: { ...env, GOFLAGS: '' },
      },
    );
    const { Dir } = JSON.parse(download.stdout) as { Dir: string };
    return listDeps(Dir, ['./cmd/kwok', './cmd/kwokctl']);
  };
  const counts = await Promise.all([
    listDeps(
      kubeModule,
      kubeCommands.map((c) => `k8s.io/kubernetes/cmd/${c}`),
    ),
    listDeps(etcdModule, ['go.etcd.io/etcd/server/v3']),
    kwok(),
  ]);
  return counts.reduce((sum, count) => sum + count, 0);
}

async function buildInto(dir: string, kubeVersion: string, etcdVersion: string, log: (line: string) => void) {
  const staging = `${dir}.partial-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  // GOTOOLCHAIN=local: a too-old Go must fail here, not quietly download another toolchain.
  const env = { ...process.env, GOTOOLCHAIN: 'local', CGO_ENABLED: '0', GOFLAGS: '-mod=readonly' };
  try {
    log(
      `building Kubernetes ${kubeVersion}, etcd ${etcdVersion} and kwok ${KWOK_VERSION} from Go modules (first run only; progress and an estimate follow every 30 s)`,
    );
    const reporter = new BuildProgressReporter(await packagesToCompile(env), log);
    const onStderrLine = (line: string) => reporter.onBuildLine(line);
    // Three builds at once: each links alone at its end, and the others' compiles fill the idle core.
    // All are awaited before a failure is raised, so none is still writing when the staging folder goes.
    const go = (verb: 'build' | 'install', ldflags: string, args: string[], options: RunOptions) =>
      runCommand('go', [verb, '-v', '-trimpath', '-ldflags', ldflags, ...args], { ...options, onStderrLine });
    const results = await Promise.allSettled([
      go(
        'build',
        kubeLdflags(kubeVersion),
        ['-o', `${staging}/`, ...kubeCommands.map((c) => `k8s.io/kubernetes/cmd/${c}`)],
        {
          cwd: kubeModule,
          env,
        },
      ),
      go('build', '-s -w', ['-o', join(staging, 'etcd'), 'go.etcd.io/etcd/server/v3'], {
        cwd: etcdModule,
        env,
      }),
      go(
        'install',
        '-s -w',
        [`sigs.k8s.io/kwok/cmd/kwok@${KWOK_VERSION}`, `sigs.k8s.io/kwok/cmd/kwokctl@${KWOK_VERSION}`],
        {
          env: { ...env, GOBIN: staging, GOFLAGS: '' },
        },
      ),
    ]);
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    await writeFile(join(staging, '.complete'), new Date().toISOString());
    await rm(dir, { recursive: true, force: true });
    await rename(staging, dir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
