import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCommand } from '../lib/run-command';
import {
  buildStaged,
  cacheRoot,
  digestOf,
  ensureBuilt,
  goEnv,
  packageCount,
  readModule,
} from './control-plane-binaries';
import { requiredVersion } from './go-mod';

const generatorModule = join(dirname(fileURLToPath(import.meta.url)), 'controller-gen');
const controllerGen = 'sigs.k8s.io/controller-tools/cmd/controller-gen';

/**
 * baremetal-operator's apis module, the newest release the Go module proxy serves (its root module,
 * which holds the generated YAML, is not served). The checksum is the one sum.golang.org records, so
 * that a different download fails here rather than feeding the tests other CRDs.
 */
export const BMO_APIS = {
  path: 'github.com/metal3-io/baremetal-operator/apis',
  version: 'v0.13.2',
  sum: 'h1:WyjlQaMUFTWYPsaOgbpLk86XwIaaADjx9uFbjj7SsOg=',
};

/** BMO's Makefile: `cd apis; controller-gen $(CRD_OPTIONS) paths="./..." output:crd:artifacts:config=…`. */
const CRD_OPTIONS = 'crd:allowDangerousTypes=true,crdVersions=v1';

/** Where the generated CRDs are cached: named by both versions, keyed by the wrapper module. */
export async function upstreamBmoCrdsBuild(): Promise<{ dir: string; mod: string; controllerTools: string }> {
  const { mod, sum } = await readModule(generatorModule);
  const controllerTools = requiredVersion(mod, 'sigs.k8s.io/controller-tools');
  return {
    dir: join(
      cacheRoot(),
      'upstream-bmo-crds',
      `bmo-apis-${BMO_APIS.version}-controller-tools-${controllerTools}-${digestOf(mod, sum, BMO_APIS.sum, CRD_OPTIONS)}`,
    ),
    mod,
    controllerTools,
  };
}

interface ModuleDownload {
  Dir?: string;
  Sum?: string;
  Error?: string;
}

async function downloadApis(signal?: AbortSignal): Promise<string> {
  const { stdout } = await runCommand(
    'go',
    ['mod', 'download', '-json', `${BMO_APIS.path}@${BMO_APIS.version}`],
    { cwd: generatorModule, env: goEnv(), signal },
  );
  const download = JSON.parse(stdout) as ModuleDownload;
  if (download.Error || !download.Dir) throw new Error(`${BMO_APIS.path}: ${download.Error ?? 'no folder'}`);
  if (download.Sum !== BMO_APIS.sum) {
    throw new Error(`${BMO_APIS.path}@${BMO_APIS.version} has checksum ${download.Sum}, not ${BMO_APIS.sum}`);
  }
  return download.Dir;
}

/**
 * baremetal-operator's own CRDs, generated once into the per-user cache as its Makefile generates
 * them: controller-gen at the version BMO's hack/tools pins, run with BMO's options on its apis module
 * exactly as downloaded. Returns the folder of
 * `metal3.io_*.yaml` files, the same files BMO commits under config/base/crds/bases.
 */
export async function ensureUpstreamBmoCrds(
  log: (line: string) => void,
  signal?: AbortSignal,
): Promise<string> {
  const { dir, mod, controllerTools } = await upstreamBmoCrdsBuild();
  const env = goEnv();
  await ensureBuilt(
    dir,
    mod,
    `baremetal-operator ${BMO_APIS.version} CRDs (controller-gen ${controllerTools})`,
    async () =>
      buildStaged(
        dir,
        await packageCount(generatorModule, [controllerGen], env, signal),
        log,
        async (go, staging) => {
          const generator = join(staging, 'controller-gen');
          await go('-s -w', ['-o', generator, controllerGen], { cwd: generatorModule, env });
          // In the module cache itself, read-only: the module is used as downloaded.
          await runCommand(
            generator,
            [CRD_OPTIONS, 'paths=./...', `output:crd:artifacts:config=${join(staging, 'crds')}`],
            { cwd: await downloadApis(signal), env, signal },
          );
        },
        signal,
      ),
    log,
    signal,
  );
  return join(dir, 'crds');
}
