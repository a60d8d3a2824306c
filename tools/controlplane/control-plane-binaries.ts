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

export interface ControlPlaneBinaries {
  dir: string;
  kubeVersion: string;
  etcdVersion: string;
  kubeApiserver: string;
  kubeControllerManager: string;
  kubeScheduler: string;
  etcd: string;
  kwok: string;
  kwokctl: string;
}

/** What the control plane runs. kubectl is not among them: only the tests and people use it (ensureKubectl). */
const kubeCommands = ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler'].map(
  (command) => `k8s.io/kubernetes/cmd/${command}`,
);
/** Built in the same wrapper module, against the same library versions (see kube/tools.go). */
const kwokCommands = ['sigs.k8s.io/kwok/cmd/kwok', 'sigs.k8s.io/kwok/cmd/kwokctl'];
/** etcd's command; `go build` names its binary `server`, after the element before the major version. */
const etcdCommand = 'go.etcd.io/etcd/server/v3';

export function cacheRoot(): string {
  if (process.env.RACKPILOT_CACHE_DIR) return process.env.RACKPILOT_CACHE_DIR;
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'rackpilot');
}

export async function readModule(dir: string): Promise<{ mod: string; sum: string }> {
  const [mod, sum] = await Promise.all([
    readFile(join(dir, 'go.mod'), 'utf8'),
    readFile(join(dir, 'go.sum'), 'utf8'),
  ]);
  return { mod, sum };
}

function binariesIn(dir: string, pinned: PinnedModules): ControlPlaneBinaries {
  const { kubeVersion, etcdVersion } = pinned;
  return {
    dir,
    kubeVersion,
    etcdVersion,
    kubeApiserver: join(dir, 'kube-apiserver'),
    kubeControllerManager: join(dir, 'kube-controller-manager'),
    kubeScheduler: join(dir, 'kube-scheduler'),
    etcd: join(dir, 'etcd'),
    kwok: join(dir, 'kwok'),
    kwokctl: join(dir, 'kwokctl'),
  };
}

const CONTROL_PLANE_ADVICE = ', or set KUBECONFIG to use an existing cluster';

async function checkGo(minimum: string, what: string, advice: string): Promise<void> {
  let version: string;
  try {
    version = (await runCommand('go', ['env', 'GOVERSION'])).stdout.trim();
  } catch {
    throw new SetupError(
      `Go ${minimum} or newer is needed to build ${what} and "go" is not on PATH: install Go${advice}`,
    );
  }
  const found = version.replace(/^go/, '');
  if (compareVersions(found, minimum) < 0) {
    throw new SetupError(
      `Go ${minimum} or newer is needed to build ${what} (found ${found}): upgrade Go${advice}`,
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

interface PinnedModules {
  kube: { mod: string; sum: string };
  kubeVersion: string;
  etcdVersion: string;
  kwokVersion: string;
}

async function pinnedModules(): Promise<PinnedModules> {
  const kube = await readModule(kubeModule);
  return {
    kube,
    kubeVersion: requiredVersion(kube.mod, 'k8s.io/kubernetes'),
    etcdVersion: requiredVersion(kube.mod, etcdCommand),
    kwokVersion: requiredVersion(kube.mod, 'sigs.k8s.io/kwok'),
  };
}

export const digestOf = (...parts: string[]) =>
  createHash('sha256').update(parts.join('')).digest('hex').slice(0, 12);

/**
 * Builds into `dir` once per machine (see buildOnce) unless it is complete already, checking Go first
 * (`advice` follows "install Go" in its error: what else the user may do); logs where the result is and
 * how long it took.
 */
export async function ensureBuilt(
  dir: string,
  goMod: string,
  what: string,
  build: () => Promise<void>,
  log: (line: string) => void,
  signal?: AbortSignal,
  advice = CONTROL_PLANE_ADVICE,
): Promise<void> {
  if (existsSync(join(dir, '.complete'))) return;
  await checkGo(goLine(goMod), what, advice);
  await mkdir(dirname(dir), { recursive: true });
  const started = Date.now();
  await buildOnce({
    lockPath: `${dir}.lock`,
    isDone: () => existsSync(join(dir, '.complete')),
    log,
    build,
    signal,
  });
  log(`${what} cached in ${dir} (${Math.round((Date.now() - started) / 1000)} s)`);
}

/**
 * Returns the control-plane binaries, building them once into a per-user cache keyed by the pinned
 * versions. The first build compiles Kubernetes from source and takes a long time on small machines;
 * `signal` stops it (nothing is left half-built).
 */
export async function ensureControlPlaneBinaries(
  log: (line: string) => void,
  signal?: AbortSignal,
): Promise<ControlPlaneBinaries> {
  const pinned = await pinnedModules();
  const { kube, kubeVersion, etcdVersion, kwokVersion } = pinned;
  const digest = digestOf(kube.mod, kube.sum);
  const dir = join(
    cacheRoot(),
    'controlplane',
    `k8s-${kubeVersion}-etcd-${etcdVersion}-kwok-${kwokVersion}-${digest}`,
  );
  await ensureBuilt(
    dir,
    pinned.kube.mod,
    'control-plane binaries',
    () => buildInto(dir, pinned, log, signal),
    log,
    signal,
  );
  return binariesIn(dir, pinned);
}

/**
 * kubectl of the pinned Kubernetes (kustomize built in), built on first use into the same cache: the
 * tests and `npm run cluster:up` need it, a first `npm start` does not wait for it.
 */
export async function ensureKubectl(log: (line: string) => void, signal?: AbortSignal): Promise<string> {
  const pinned = await pinnedModules();
  const dir = join(
    cacheRoot(),
    'controlplane',
    `kubectl-${pinned.kubeVersion}-${digestOf(pinned.kube.mod, pinned.kube.sum)}`,
  );
  await ensureBuilt(
    dir,
    pinned.kube.mod,
    'kubectl',
    () => buildKubectlInto(dir, pinned.kubeVersion, log, signal),
    log,
    signal,
  );
  return join(dir, 'kubectl');
}

// GOTOOLCHAIN=local: a too-old Go must fail here, not quietly download another toolchain.
export const goEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  GOTOOLCHAIN: 'local',
  CGO_ENABLED: '0',
  GOFLAGS: '-mod=readonly',
});

/** How many packages building `packages` compiles with an empty Go cache: `go list -deps` names each once. */
export const packageCount = async (
  moduleDir: string,
  packages: string[],
  env: NodeJS.ProcessEnv,
  signal?: AbortSignal,
) =>
  (await runCommand('go', ['list', '-deps', ...packages], { cwd: moduleDir, env, signal })).stdout
    .split('\n')
    .filter(Boolean).length;

/** `go build -v -trimpath -ldflags <ldflags> <args>`, its progress reported. */
type GoCommand = (ldflags: string, args: string[], options: RunOptions) => Promise<unknown>;

/**
 * Runs `build` into a staging folder beside `dir` with progress against `packages`, then moves it to
 * `dir` with its `.complete` marker; a failed build leaves nothing behind.
 */
export async function buildStaged(
  dir: string,
  packages: number,
  log: (line: string) => void,
  build: (go: GoCommand, staging: string) => Promise<unknown>,
  signal?: AbortSignal,
): Promise<void> {
  const staging = `${dir}.partial-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    const reporter = new BuildProgressReporter(packages, log);
    const onStderrLine = (line: string) => reporter.onBuildLine(line);
    const go: GoCommand = (ldflags, args, options) =>
      runCommand('go', ['build', '-v', '-trimpath', '-ldflags', ldflags, ...args], {
        ...options,
        onStderrLine,
        signal,
      });
    await build(go, staging);
    await writeFile(join(staging, '.complete'), new Date().toISOString());
    await rm(dir, { recursive: true, force: true });
    await rename(staging, dir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

async function buildInto(
  dir: string,
  pinned: PinnedModules,
  log: (line: string) => void,
  signal?: AbortSignal,
) {
  const env = goEnv();
  const { kubeVersion, etcdVersion, kwokVersion } = pinned;
  log(
    `building Kubernetes ${kubeVersion}, etcd ${etcdVersion} and kwok ${kwokVersion} from Go modules (first run only; progress and an estimate follow every 30 s)`,
  );
  const commands = [...kubeCommands, ...kwokCommands, etcdCommand];
  await buildStaged(
    dir,
    await packageCount(kubeModule, commands, env, signal),
    log,
    // One build, so that each package the commands share is compiled once; Go links each command as
    // soon as its packages are compiled, while the rest compile on the other core. The Kubernetes
    // version stamp reaches kwok's client too, which is the library version it is built with.
    (go, staging) =>
      go(kubeLdflags(kubeVersion), ['-o', `${staging}/`, ...commands], { cwd: kubeModule, env }).then(() =>
        rename(join(staging, 'server'), join(staging, 'etcd')),
      ),
    signal,
  );
}

async function buildKubectlInto(
  dir: string,
  kubeVersion: string,
  log: (line: string) => void,
  signal?: AbortSignal,
) {
  const env = goEnv();
  const kubectl = 'k8s.io/kubernetes/cmd/kubectl';
  log(
    `building kubectl ${kubeVersion} from Go modules (first use only; it shares most packages with the control plane)`,
  );
  await buildStaged(
    dir,
    await packageCount(kubeModule, [kubectl], env, signal),
    log,
    (go, staging) =>
      go(kubeLdflags(kubeVersion), ['-o', join(staging, 'kubectl'), kubectl], { cwd: kubeModule, env }),
    signal,
  );
}
