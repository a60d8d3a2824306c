import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
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

/**
 * The SHA-256 of each CRD file BMO commits under config/base/crds/bases at the tag `apis/v0.13.2`
 * (commit 2b3ea2e1349eefe6f5dfc311ac388ce38911f57d), read from its repository. The generated files must
 * match them byte for byte: the tests then apply BMO's own CRDs as its repository holds them, unchanged,
 * although CI can reach only the module proxy.
 */
export const BMO_REPOSITORY_CRDS_SHA256: Readonly<Record<string, string>> = {
  'metal3.io_baremetalhosts.yaml': '0792dcfefd7b8b2f8308ad71957ebb9733924964f2301348ed762fd1a32c22ac',
  'metal3.io_bmceventsubscriptions.yaml': '8be6fd6d4262b15a04c7f4c60c33a0795395cec9176d46bb8b55168425f0da63',
  'metal3.io_dataimages.yaml': 'cf009c4c49829f625c051deb7d348002f20bb5fc10aabf59051635a89179f3d6',
  'metal3.io_firmwareschemas.yaml': '6c32ebc5997646ad89ec80e8a76884398d26b2baa7db75e14fcc1c869a7ec64b',
  'metal3.io_hardwaredata.yaml': '065b02a72757686d8c1eb076afc98df82496f9722f72febebe15cd08d7fab602',
  'metal3.io_hostclaims.yaml': 'd2a424fe9d1a465aa5dc1424a8a97494a44fc6c8fcc5fcf415f38f09916ac36a',
  'metal3.io_hostdeploypolicies.yaml': '068bfee3fb33aebca639149bcde026ecbe5769a73ecbe8b6dc0e0bc20ad8c527',
  'metal3.io_hostfirmwarecomponents.yaml': '9625e7039c964cb2e75e88d5eaf1003c0ea9c74c90c7d61c70633c75c9ac81dd',
  'metal3.io_hostfirmwaresettings.yaml': 'b0d38b20f4db9c72a93f647631fa44d133bde077ee97b9fbbc5eda0bbcb76cd0',
  'metal3.io_hostupdatepolicies.yaml': '5c308a88484b61abe19619aaa9c70c9ee9617d958249f927c3e8036ade25c90a',
  'metal3.io_preprovisioningimages.yaml': '11a7c8d5e1752507a99ddeef899b0acdc4536cfd20fff876bb8caea00eb59e57',
};

/** Why the generated CRDs in `dir` are not BMO's committed files byte for byte, or an empty list. */
export async function differencesFromRepository(dir: string): Promise<string[]> {
  const files = new Set(await readdir(dir));
  const problems: string[] = [];
  for (const [file, sha256] of Object.entries(BMO_REPOSITORY_CRDS_SHA256)) {
    if (!files.delete(file)) {
      problems.push(`${file} was not generated`);
      continue;
    }
    const actual = createHash('sha256')
      .update(await readFile(join(dir, file)))
      .digest('hex');
    if (actual !== sha256) problems.push(`${file} has SHA-256 ${actual}, BMO's repository ${sha256}`);
  }
  for (const extra of files) problems.push(`${extra} is not in BMO's repository`);
  return problems;
}

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
          const problems = await differencesFromRepository(join(staging, 'crds'));
          if (problems.length > 0) {
            throw new Error(`the generated CRDs are not BMO's own: ${problems.join('; ')}`);
          }
        },
        signal,
      ),
    log,
    signal,
  );
  return join(dir, 'crds');
}
