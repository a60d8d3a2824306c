// Finding 11 of the edge review: /api/readyz is answered from a result computed in the background, so it
// costs the API server nothing per request, answers while the API server is frozen, and says not ready
// while an informer backs off. A control plane of its own: this file freezes and breaks it.
import { readFile, readdir } from 'node:fs/promises';
import { request } from 'node:https';
import { dirname, join } from 'node:path';
import { KubeConfig, type V1CustomResourceDefinition } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../tools/testenv/eventually';
import { startServerProcess, type ServerProcess } from '../tools/testenv/server-process';
import { startTestEnvironment, type TestEnvironment } from '../tools/testenv/test-environment';
import { readyzProbe } from '../tools/probe/finding-11-readyz';
import { controllerNames } from './controllers/build-controllers';
import type { Readiness } from './health';
import { kubeGetJson, kubeRequestJson } from './kube/kube-request';

const CRD =
  '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/plundermachines.infrastructure.cluster.x-k8s.io';
/** Far beyond the answer time of a cached result; a readyz that waits on the API server never makes it. */
const ANSWER_BOUND_MS = 10_000;

let environment: TestEnvironment;
let server: ServerProcess;
let kc: KubeConfig;

async function readyz(): Promise<{ status: number; body: Readiness }> {
  const response = await fetch(`${server.url}/api/readyz`, { signal: AbortSignal.timeout(ANSWER_BOUND_MS) });
  return { status: response.status, body: (await response.json()) as Readiness };
}

/** The kube-apiserver's own count of CRD LIST requests, from its Prometheus metrics. */
async function crdLists(): Promise<number> {
  const options: { headers?: Record<string, string> } = {};
  await kc.applyToHTTPSOptions(options);
  const text = await new Promise<string>((resolve, reject) => {
    const req = request(`${kc.getCurrentCluster()?.server ?? ''}/metrics`, options, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => {
        resolve(body);
      });
    });
    req.on('error', reject);
    req.end();
  });
  return text
    .split('\n')
    .filter(
      (line) =>
        line.startsWith('apiserver_request_total{') &&
        line.includes('resource="customresourcedefinitions"') &&
        line.includes('verb="LIST"'),
    )
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

/** kwokctl's binary runtime keeps each component's pid under the cluster's work dir. */
async function apiServerPid(): Promise<number> {
  const clusters = join(dirname(environment.kubeconfig), 'kwok', 'clusters');
  const [name] = await readdir(clusters);
  return Number(await readFile(join(clusters, name ?? '', 'pids', 'kube-apiserver.pid'), 'utf8'));
}

async function setServed(served: boolean): Promise<void> {
  const crd = await kubeGetJson<V1CustomResourceDefinition>(kc, CRD);
  for (const version of crd.spec.versions) version.served = served;
  await kubeRequestJson(kc, CRD, { method: 'PUT', body: crd });
}

beforeAll(async () => {
  environment = await startTestEnvironment((line) => {
    console.log(`[readyz env] ${line}`);
  });
  kc = new KubeConfig();
  kc.loadFromFile(environment.kubeconfig);
  server = await startServerProcess(
    { kubeconfig: environment.kubeconfig, databaseUrl: environment.databaseUrl },
    {
      extraEnv: {
        RACKPILOT_DISABLED_CONTROLLERS: controllerNames.join(','),
        RACKPILOT_READYZ_INTERVAL_MS: '1000',
      },
    },
  );
}, 300_000);

afterAll(async () => {
  await server.stop();
  await environment.stop();
}, 120_000);

describe('finding 11: /api/readyz is cheap, bounded and honest', () => {
  it('holds against the edge probe', async () => {
    const outcome = await readyzProbe.run({ url: server.url }, AbortSignal.timeout(60_000));
    expect(outcome, outcome.detail).toMatchObject({ held: true });
  });

  it('costs the API server no request per call', async () => {
    const before = await crdLists();
    for (let i = 0; i < 30; i++) expect((await readyz()).status).toBe(200);
    // The API server's own CRD informer may relist meanwhile; one LIST per call (30) is what failed.
    expect((await crdLists()) - before).toBeLessThan(3);
  });

  it('is not ready while an informer backs off, and ready again once it recovers', async () => {
    await setServed(false);
    try {
      await eventually(
        async () => {
          const { status, body } = await readyz();
          expect(status).toBe(503);
          expect(body.checks).toEqual({ database: 'ok', apiServer: 'ok', informers: 'backing-off' });
        },
        60_000,
        250,
      );
    } finally {
      await setServed(true);
    }
    await eventually(async () => expect((await readyz()).status).toBe(200), 60_000, 250);
  }, 150_000);

  it('answers within the bound while the API server is frozen, and says so', async () => {
    const pid = await apiServerPid();
    process.kill(pid, 'SIGSTOP');
    try {
      await eventually(
        async () => {
          const { status, body } = await readyz();
          expect(status).toBe(503);
          expect(body.checks.apiServer).toBe('timeout');
        },
        30_000,
        250,
      );
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await eventually(async () => expect((await readyz()).status).toBe(200), 60_000, 250);
  }, 120_000);
});
