import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

const providerModule = join(dirname(fileURLToPath(import.meta.url)), 'oidc-provider');

/** Where the provider's build is cached: named by the zitadel/oidc version, keyed by module and source. */
export async function oidcProviderBuild(): Promise<{ dir: string; mod: string }> {
  const { mod, sum } = await readModule(providerModule);
  const goFiles = (await readdir(providerModule)).filter((name) => name.endsWith('.go')).sort();
  const source = (
    await Promise.all(
      goFiles.map(async (name) => `${name}\n${await readFile(join(providerModule, name), 'utf8')}`),
    )
  ).join('\n');
  const version = requiredVersion(mod, 'github.com/zitadel/oidc/v3');
  return {
    dir: join(cacheRoot(), 'oidc-provider', `zitadel-oidc-${version}-${digestOf(mod, sum, source)}`),
    mod,
  };
}

/**
 * The OpenID provider the integration and e2e tiers sign in through (oidc-provider/main.go, on
 * zitadel/oidc's example provider; backchannel.go), built once into the control plane's per-user cache, keyed by its
 * wrapper module and source; it takes seconds to build, against minutes for Kubernetes.
 */
export async function ensureOidcProviderBinary(
  log: (line: string) => void,
  signal?: AbortSignal,
): Promise<string> {
  const { dir, mod } = await oidcProviderBuild();
  const env = goEnv();
  await ensureBuilt(
    dir,
    mod,
    'OpenID provider',
    async () =>
      buildStaged(
        dir,
        await packageCount(providerModule, ['.'], env, signal),
        log,
        (go, staging) =>
          go('-s -w', ['-o', join(staging, 'oidc-provider'), '.'], { cwd: providerModule, env }),
        signal,
      ),
    log,
    signal,
  );
  return join(dir, 'oidc-provider');
}
