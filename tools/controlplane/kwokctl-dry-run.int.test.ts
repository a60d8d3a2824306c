import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureControlPlaneBinaries } from './control-plane-binaries';
import { dryRunCreate } from './local-cluster';

describe('kwokctl create cluster --dry-run', () => {
  let stateDir: string;
  let output: string;

  beforeAll(async () => {
    stateDir = await mkdtemp(join(tmpdir(), 'rackpilot-dry-run-'));
    const binaries = await ensureControlPlaneBinaries(() => undefined);
    output = await dryRunCreate({ name: 'dry-run', stateDir, binaries });
  });

  afterAll(async () => {
    await rm(stateDir, { recursive: true, force: true });
  });

  it('fetches every binary from the local cache, never from the network', () => {
    const sources = [...output.matchAll(/^# Download (\S+) to /gm)].map((m) => m[1] ?? '');
    expect(sources.length).toBeGreaterThanOrEqual(5);
    for (const source of sources) expect(source).toMatch(/^\//);
  });

  it('names no http(s) URL outside loopback', () => {
    const urls = [...output.matchAll(/https?:\/\/[^\s"'/]+/g)].map((m) => m[0]);
    // The service-account issuer is an identifier written into tokens, never fetched.
    const remote = urls.filter(
      (url) =>
        !/^https?:\/\/127\.0\.0\.1(:\d+)?$/.test(url) &&
        url !== 'https://kubernetes.default.svc.cluster.local',
    );
    expect(remote).toEqual([]);
  });

  it('binds every component to 127.0.0.1', () => {
    expect(output).not.toContain('0.0.0.0');
    const binds = [...output.matchAll(/--(?:bind-address|address)=(\S+)/g)].map((m) => m[1]);
    expect(binds.length).toBeGreaterThan(0);
    for (const address of binds) expect(address).toBe('127.0.0.1');
  });
});
