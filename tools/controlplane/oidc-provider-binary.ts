import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureGoProgram, goProgramBuild, type GoProgram } from './go-program';
import { requiredVersion } from './go-mod';

/**
 * The OpenID provider the integration and e2e tiers sign in through (oidc-provider/main.go, on
 * zitadel/oidc's example provider; backchannel.go), named in the cache by the zitadel/oidc version.
 */
const oidcProvider: GoProgram = {
  module: join(dirname(fileURLToPath(import.meta.url)), 'oidc-provider'),
  name: 'oidc-provider',
  what: 'the OpenID provider',
  advice: '',
  label: (mod) => `zitadel-oidc-${requiredVersion(mod, 'github.com/zitadel/oidc/v3')}`,
};

export const oidcProviderBuild = () => goProgramBuild(oidcProvider);

/** The provider's binary, built once into the per-user cache (seconds, against minutes for Kubernetes). */
export const ensureOidcProviderBinary = (log: (line: string) => void, signal?: AbortSignal) =>
  ensureGoProgram(oidcProvider, log, signal);
