import { describe, expect, it } from 'vitest';
import { QUERY_COMPILER_WASM, refuseTestPackages, RUNTIME_ENV, runtimeEnv } from './build-server.mjs';
import { bundleAndRun } from './bundle-and-run';

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
  const kubeconfig = (server: string) =>
    [
      'apiVersion: v1',
      'kind: Config',
      `clusters: [{ name: c, cluster: { server: "${server}", certificate-authority-data: "Y2E=" } }]`,
      'users: [{ name: u, user: { token: secret-token } }]',
      'contexts: [{ name: x, context: { cluster: c, user: u } }]',
      'current-context: x',
    ].join('\n');

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

  it("gives Prisma's query compiler from a file beside the bundle, not as base64 from node_modules", async () => {
    const compilerModule = '@prisma/client/runtime/query_compiler_bg.postgresql.wasm-base64.mjs';
    const { wasm } = (await import(compilerModule)) as { wasm: string };
    const expected = WebAssembly.Module.exports(new WebAssembly.Module(Buffer.from(wasm, 'base64')));
    // As the generated client (server/db/generated/internal/class.ts) loads and decodes it.
    const { inputs, externals, stderr, printed, files } = await bundleAndRun(
      [
        `const { wasm } = await import(${JSON.stringify(compilerModule)});`,
        "const compiled = new WebAssembly.Module(Buffer.from(wasm, 'base64'));",
        'console.log(JSON.stringify(WebAssembly.Module.exports(compiled)));',
      ].join('\n'),
    );
    expect(externals).not.toContain(compilerModule);
    expect(inputs.filter((input) => input.includes('node_modules/'))).toEqual([]);
    expect(files).toContain(QUERY_COMPILER_WASM);
    expect(stderr).toBe('');
    expect(printed).toEqual(expected);
  }, 60_000);
});
