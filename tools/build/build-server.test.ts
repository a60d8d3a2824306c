import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleOptions, refuseTestPackages, RUNTIME_ENV, runtimeEnv } from './build-server.mjs';

describe('runtimeEnv', () => {
  it('adds the runtime defaults to what the caller has', () => {
    expect(runtimeEnv({ PATH: '/bin' })).toEqual({ PATH: '/bin', ...RUNTIME_ENV });
  });

  it('lets a setting of the caller win over the default', () => {
    expect(runtimeEnv({ MALLOC_ARENA_MAX: '16' }).MALLOC_ARENA_MAX).toBe('16');
  });
});

describe('refuseTestPackages', () => {
  const importing = (...paths: string[]) => ({
    inputs: {
      'tools/testenv/helper.ts': { imports: paths.map((path) => ({ path, external: true })) },
      'server/main.ts': { imports: [{ path: 'tools/testenv/helper.ts' }] },
    },
  });

  it('names the module that imports a test package', () => {
    for (const path of ['vitest', 'vitest/config', '@vitest/expect', '@playwright/test'])
      expect(() => refuseTestPackages(importing('yaml', path))).toThrow(
        `tools/testenv/helper.ts imports ${path}`,
      );
  });

  it('lets the runtime packages through', () => {
    expect(() =>
      refuseTestPackages(importing('yaml', 'prom-client', '@kubernetes/client-node')),
    ).not.toThrow();
  });
});

describe('bundleOptions', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const kubeconfig = [
    'apiVersion: v1',
    'kind: Config',
    'clusters: [{ name: c, cluster: { server: "https://127.0.0.1:6443", certificate-authority-data: "Y2E=" } }]',
    'users: [{ name: u, user: { token: secret-token } }]',
    'contexts: [{ name: x, context: { cluster: c, user: u } }]',
    'current-context: x',
  ].join('\n');
  // What the server takes from the Kubernetes client, as it takes it, and a CommonJS package.
  const entry = [
    "import { KubeConfig } from '@kubernetes/client-node';",
    "import ipaddr from 'ipaddr.js';",
    'const kc = new KubeConfig();',
    `kc.loadFromString(${JSON.stringify(kubeconfig)});`,
    'const options = {};',
    'await kc.applyToHTTPSOptions(options);',
    'console.log(JSON.stringify({ server: kc.getCurrentCluster().server, headers: options.headers, ca: String(options.ca), v4: ipaddr.IPv4.isValid("10.0.0.1") }));',
  ].join('\n');

  it('keeps of the Kubernetes client only what KubeConfig reaches, and it still works', async () => {
    const outdir = await mkdtemp(join(tmpdir(), 'bundle-options-'));
    try {
      const result = await build({
        ...bundleOptions(root, outdir),
        stdin: { contents: entry, resolveDir: root, sourcefile: 'entry.ts', loader: 'ts' },
        outfile: join(outdir, 'entry.mjs'),
        outdir: undefined,
      });
      // What the output holds: esbuild lists the modules it read and then dropped as well.
      const inputs = Object.values(result.metafile?.outputs ?? {}).flatMap((output) =>
        Object.entries(output.inputs)
          .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
          .map(([input]) => input),
      );
      expect(inputs.some((input) => input.includes('@kubernetes/client-node/dist/config.js'))).toBe(true);
      for (const dropped of ['/tr46/', '/whatwg-url/', '/gen/models/ObjectSerializer', '/ws/', '/tar-fs/'])
        expect(inputs.filter((input) => input.includes(dropped))).toEqual([]);
      const externals = Object.values(result.metafile?.outputs ?? {}).flatMap((output) =>
        output.imports.filter((imported) => imported.external).map((imported) => imported.path),
      );
      expect(externals).not.toContain('ipaddr.js');
      const run = spawnSync(process.execPath, [join(outdir, 'entry.mjs')], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout)).toEqual({
        server: 'https://127.0.0.1:6443',
        headers: { Authorization: 'Bearer secret-token' },
        ca: 'ca',
        v4: true,
      });
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
    // esbuild and a Node process on a shared machine.
  }, 60_000);
});
