import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleOptions, refuseTestPackages, RUNTIME_ENV, runtimeEnv } from './build-server.mjs';

const execFileAsync = promisify(execFile);

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
  const kubeconfig = (server: string) =>
    [
      'apiVersion: v1',
      'kind: Config',
      `clusters: [{ name: c, cluster: { server: "${server}", certificate-authority-data: "Y2E=" } }]`,
      'users: [{ name: u, user: { token: secret-token } }]',
      'contexts: [{ name: x, context: { cluster: c, user: u } }]',
      'current-context: x',
    ].join('\n');

  /** Builds `entry` with the server's options and runs it; what the output holds and what it printed. */
  async function bundleAndRun(entry: string) {
    const outdir = await mkdtemp(join(tmpdir(), 'bundle-options-'));
    try {
      const result = await build({
        ...bundleOptions(root, outdir),
        stdin: { contents: entry, resolveDir: root, sourcefile: 'entry.ts', loader: 'ts' },
        outfile: join(outdir, 'entry.mjs'),
        outdir: undefined,
      });
      const outputs = Object.values(result.metafile?.outputs ?? {});
      const run = await execFileAsync(process.execPath, [join(outdir, 'entry.mjs')], { encoding: 'utf8' });
      return {
        // What the output holds: esbuild lists the modules it read and then dropped as well.
        inputs: outputs.flatMap((output) =>
          Object.entries(output.inputs)
            .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
            .map(([input]) => input),
        ),
        externals: outputs.flatMap((output) =>
          output.imports.filter((imported) => imported.external).map((imported) => imported.path),
        ),
        stderr: run.stderr,
        printed: JSON.parse(run.stdout) as unknown,
      };
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  }

  it('keeps of the Kubernetes client only what KubeConfig reaches, and it still works', async () => {
    // What the server takes from the Kubernetes client, as it takes it, and a CommonJS package.
    const { inputs, externals, stderr, printed } = await bundleAndRun(
      [
        "import { KubeConfig } from '@kubernetes/client-node';",
        "import ipaddr from 'ipaddr.js';",
        'const kc = new KubeConfig();',
        `kc.loadFromString(${JSON.stringify(kubeconfig('https://127.0.0.1:6443'))});`,
        'const options = {};',
        'await kc.applyToHTTPSOptions(options);',
        'console.log(JSON.stringify({ server: kc.getCurrentCluster().server, headers: options.headers, ca: String(options.ca), v4: ipaddr.IPv4.isValid("10.0.0.1") }));',
      ].join('\n'),
    );
    expect(inputs.some((input) => input.includes('@kubernetes/client-node/dist/config.js'))).toBe(true);
    for (const dropped of ['/tr46/', '/whatwg-url/', '/gen/models/ObjectSerializer', '/ws/', '/tar-fs/'])
      expect(inputs.filter((input) => input.includes(dropped))).toEqual([]);
    expect(externals).not.toContain('ipaddr.js');
    expect(stderr).toBe('');
    expect(printed).toEqual({
      server: 'https://127.0.0.1:6443',
      headers: { Authorization: 'Bearer secret-token' },
      ca: 'ca',
      v4: true,
    });
    // esbuild and a Node process on a shared machine.
  }, 60_000);

  it('keeps a generated API client working where one is used (the start script seeds nodes with one)', async () => {
    const seen: { url?: string; authorization?: string } = {};
    const server = createServer((request, response) => {
      seen.url = request.url;
      seen.authorization = request.headers.authorization;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          apiVersion: 'v1',
          kind: 'NamespaceList',
          metadata: {},
          items: [{ metadata: { name: 'rack-1' } }],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const { inputs, printed } = await bundleAndRun(
        [
          "import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';",
          'const kc = new KubeConfig();',
          `kc.loadFromString(${JSON.stringify(kubeconfig(`http://127.0.0.1:${String(port)}`))});`,
          'kc.clusters[0] = { ...kc.clusters[0], skipTLSVerify: true, caData: undefined };',
          'const list = await kc.makeApiClient(CoreV1Api).listNamespace();',
          'console.log(JSON.stringify(list.items.map((n) => n.metadata.name)));',
        ].join('\n'),
      );
      expect(inputs.some((input) => input.includes('/gen/models/ObjectSerializer'))).toBe(true);
      expect(printed).toEqual(['rack-1']);
      expect(seen).toEqual({ url: '/api/v1/namespaces', authorization: 'Bearer secret-token' });
    } finally {
      server.close();
    }
  }, 60_000);
});
