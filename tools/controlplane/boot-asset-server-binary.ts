import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureGoProgram, type GoProgram } from './go-program';
import { goLine } from './go-mod';

/**
 * The boot service's asset server (boot-asset-server/main.go; server/boot/asset-server.ts runs it), built
 * on first use by `npm start`, the tests and `npm run image` (docs/decisions.md, "Boot assets over
 * sendfile"). A deployment runs the copy in the image, named by RACKPILOT_BOOT_ASSET_SERVER.
 */
export const bootAssetServer: GoProgram = {
  module: join(dirname(fileURLToPath(import.meta.url)), 'boot-asset-server'),
  name: 'boot-asset-server',
  what: 'the boot asset server',
  advice: ', or set RACKPILOT_BOOT_ASSET_SERVER to a boot-asset-server binary built elsewhere',
  label: (mod) => `go${goLine(mod)}`,
};

export const ensureBootAssetServer = (log: (line: string) => void, signal?: AbortSignal) =>
  ensureGoProgram(bootAssetServer, log, signal);
