// Matchbox, the boot benchmark's peer, built on first use from its Go module through the module proxy
// (the wrapper module in matchbox-module/ pins the version) into the cache, never into the repository.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureGoProgram, type GoProgram } from '../../tools/controlplane/go-program';
import { requiredVersion } from '../../tools/controlplane/go-mod';

const MATCHBOX_MODULE = 'github.com/poseidon/matchbox';

export const matchboxProgram: GoProgram = {
  module: join(dirname(fileURLToPath(import.meta.url)), 'matchbox-module'),
  target: `${MATCHBOX_MODULE}/cmd/matchbox`,
  name: 'matchbox',
  what: 'Matchbox (the boot benchmark peer)',
  advice: ', or run the boot benchmark without its Matchbox peer',
  label: (mod) => `matchbox-${requiredVersion(mod, MATCHBOX_MODULE)}`,
};

/** The Matchbox binary's path, built the first time (about a minute on 2 cores with empty Go caches). */
export const ensureMatchbox = (log: (line: string) => void, signal?: AbortSignal) =>
  ensureGoProgram(matchboxProgram, log, signal);
