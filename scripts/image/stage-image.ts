// Lays out what the Containerfile copies, under .build/image: `rootfs` (Node and the shared libraries it
// and the native addons link, an /etc/passwd entry for the user it runs as) and `app` (Next's standalone output, the compiled
// server, the CRDs and migrations, and the packages the server and the Prisma CLI load, nothing else).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { QUERY_COMPILER_WASM } from '../../tools/build/build-server.mjs';
import { excludedFromImage, keptInImage } from './image-files';
import { packageClosure, type PackageManifest } from './package-closure';
import { sharedLibraries } from './shared-libraries';

export const IMAGE_USER = { uid: 10001, gid: 10001, name: 'rackpilot' };

// The Prisma CLI runs `migrate deploy` at start; prisma.config.ts loads the adapter and pg.
const MIGRATION_PACKAGES = ['prisma', '@prisma/adapter-pg', 'pg'];

function readManifest(root: string, dir: string): PackageManifest | undefined {
  const path = join(root, dir, 'package.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as PackageManifest) : undefined;
}

/** The native addons (`.node` files) among the staged packages, which need their libraries too. */
function nativeAddons(app: string): string[] {
  return readdirSync(app, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.node'))
    .map((path) => join(app, path));
}

function stageRootfs(rootfs: string, app: string): void {
  const node = process.execPath;
  const libraries = new Set(
    [node, ...nativeAddons(app)].flatMap((binary) =>
      sharedLibraries(execFileSync('ldd', [binary], { encoding: 'utf8' })),
    ),
  );
  for (const file of [node, ...libraries]) {
    mkdirSync(join(rootfs, dirname(file)), { recursive: true });
    // Links are followed: the image gets each library's content under the name the loader asks for.
    cpSync(file, join(rootfs, file), { dereference: true });
  }
  if (node !== '/usr/bin/node') {
    mkdirSync(join(rootfs, 'usr/bin'), { recursive: true });
    cpSync(node, join(rootfs, 'usr/bin/node'), { dereference: true });
  }
  const { uid, gid, name } = IMAGE_USER;
  mkdirSync(join(rootfs, 'etc'), { recursive: true });
  writeFileSync(
    join(rootfs, 'etc/passwd'),
    `root:x:0:0::/root:/sbin/nologin\n${name}:x:${uid}:${gid}::/app:/sbin/nologin\n`,
  );
  writeFileSync(join(rootfs, 'etc/group'), `root:x:0:\n${name}:x:${gid}:\n`);
  // Mount points for the Deployment's emptyDirs, so a plain `run` works too.
  mkdirSync(join(rootfs, 'tmp'), { recursive: true, mode: 0o1777 });
}

function stageApp(root: string, app: string, serverBuild: string): void {
  const standalone = join(root, '.next/standalone');
  if (!existsSync(join(standalone, '.next/BUILD_ID'))) {
    throw new Error('.next/standalone is missing: next.config.ts must keep `output: standalone`');
  }
  cpSync(standalone, app, {
    recursive: true,
    filter: (source) =>
      source !== join(standalone, 'server.js') && (!source.includes('/node_modules/') || keptInImage(source)),
  });
  cpSync(join(root, '.next/static'), join(app, '.next/static'), { recursive: true });
  if (existsSync(join(root, 'public')))
    cpSync(join(root, 'public'), join(app, 'public'), { recursive: true });
  mkdirSync(join(app, '.next/cache'), { recursive: true });
  for (const file of ['serve.mjs', 'serve.mjs.map', QUERY_COMPILER_WASM]) {
    cpSync(join(serverBuild, file), join(app, '.build/server', file));
  }
  cpSync(join(root, 'crds'), join(app, 'crds'), {
    recursive: true,
    filter: (source) => !/\.test\.ts$/.test(source),
  });
  cpSync(join(root, 'prisma'), join(app, 'prisma'), { recursive: true });
  cpSync(join(root, 'prisma.config.ts'), join(app, 'prisma.config.ts'));
  const roots = [
    ...(JSON.parse(readFileSync(join(serverBuild, 'packages.json'), 'utf8')) as string[]),
    ...MIGRATION_PACKAGES,
  ];
  const packages = packageClosure({ manifest: (dir) => readManifest(root, dir) }, roots, {
    excluded: excludedFromImage,
  });
  for (const dir of packages) {
    rmSync(join(app, dir), { recursive: true, force: true });
    const source = join(root, dir);
    // Nested node_modules are packages of their own and are in the closure when needed.
    cpSync(source, join(app, dir), {
      recursive: true,
      filter: (path) => !path.startsWith(join(source, 'node_modules')) && keptInImage(path),
    });
  }
}

/**
 * The configuration Next resolved at build time, as JSON. The image runs Next in standalone mode with it
 * (as Next's own standalone server.js does): next.config.ts would need the SWC compiler, and Next's loading
 * of a config file pulls in webpack, both left out.
 */
export function standaloneNextConfig(root: string): string {
  const { config } = JSON.parse(readFileSync(join(root, '.next/required-server-files.json'), 'utf8')) as {
    config: unknown;
  };
  return JSON.stringify(config);
}

/** Where the image has the boot asset server (RACKPILOT_BOOT_ASSET_SERVER in the Containerfile). */
export const IMAGE_ASSET_SERVER = 'bin/boot-asset-server';

/**
 * Rebuilds .build/image from the current builds and the boot asset server's binary (static: it links
 * no library); returns its path.
 */
export function stageImage(root: string, serverBuild: string, assetServer: string): string {
  const context = join(root, '.build/image');
  rmSync(context, { recursive: true, force: true });
  stageApp(root, join(context, 'app'), serverBuild);
  mkdirSync(join(context, 'app', dirname(IMAGE_ASSET_SERVER)), { recursive: true });
  cpSync(assetServer, join(context, 'app', IMAGE_ASSET_SERVER));
  stageRootfs(join(context, 'rootfs'), join(context, 'app'));
  return context;
}
