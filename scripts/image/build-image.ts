// `npm run image`: builds the container image (Containerfile) with buildah or podman, from builds made on
// this machine, without any registry (docs/decisions.md, "Container image from scratch").
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild } from '../../tools/build/build-server.mjs';
import { ensureNextBuild } from '../../tools/build/ensure-next-build';
import { ensureBootAssetServer } from '../../tools/controlplane/boot-asset-server-binary';
import { pickImageBuilder } from './pick-image-builder';
import { stageImage, standaloneNextConfig } from './stage-image';

const root = fileURLToPath(new URL('../..', import.meta.url));
const log = (line: string) => console.log(`rackpilot: ${line}`);

function onPath(command: string): boolean {
  return spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
}

const builder = pickImageBuilder(onPath);
if (!builder) {
  console.error(
    'rackpilot: npm run image needs buildah or podman, and neither is installed (Debian: apt-get install buildah)',
  );
  process.exit(1);
}
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const tag = `rackpilot:${version}`;

await ensureNextBuild(root, log);
const serverBuild = await ensureServerBuild(root, log);
const assetServer = await ensureBootAssetServer(log);
log('staging .build/image');
stageImage(root, serverBuild, assetServer);
log(`building ${tag} with ${builder}`);
// Docker format: OCI images have no HEALTHCHECK.
const build = spawnSync(
  builder,
  [
    'build',
    '--format',
    'docker',
    '--build-arg',
    `NEXT_CONFIG=${standaloneNextConfig(root)}`,
    '-f',
    'Containerfile',
    '-t',
    tag,
    '.',
  ],
  { cwd: root, stdio: 'inherit' },
);
if (build.status !== 0) {
  console.error(
    `rackpilot: ${builder} build failed (exit ${String(build.status ?? build.signal)}); see its output above`,
  );
  process.exit(1);
}
log(`built ${tag}`);
