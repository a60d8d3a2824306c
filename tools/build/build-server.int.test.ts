import { describe, expect, it } from 'vitest';
import { bundleAndRun } from './bundle-and-run';

describe('the server bundle against the API server', () => {
  it('keeps a generated API client working where one is used (the start script seeds nodes with one)', async () => {
    // The bundled process reads the test cluster's kubeconfig from KUBECONFIG, as the server does.
    const { inputs, printed } = await bundleAndRun(
      [
        "import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';",
        'const kc = new KubeConfig();',
        'kc.loadFromDefault();',
        'const list = await kc.makeApiClient(CoreV1Api).listNamespace();',
        'console.log(JSON.stringify(list.items.map((n) => n.metadata.name)));',
      ].join('\n'),
    );
    expect(inputs.some((input) => input.includes('/gen/models/ObjectSerializer'))).toBe(true);
    expect(printed).toEqual(expect.arrayContaining(['default', 'kube-system']));
    // esbuild and a Node process on a shared machine.
  }, 60_000);
});
