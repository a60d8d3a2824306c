import { describe, expect, it } from 'vitest';
import { labHosts, type LabHost } from './lab-hosts';
import { forEachLimited, hostPath, seededStatus, sshKeysSecret, statusBody } from './seed-plan';

const hosts = labHosts({ namespace: 'lab-x', epoch: '2026-11-01T00:00:00Z' });
function host(name: string): LabHost {
  const found = hosts.find((h) => h.name === name);
  if (!found) throw new Error(`no lab host ${name}`);
  return found;
}

describe('seededStatus: what a host gets right after it is applied', () => {
  const fresh = host('r1-wk-01');
  const provisioned = host('r1-wk-03');

  it.each<[string, LabHost, boolean, 'walk' | 'write']>([
    ['a new host walks there with progress on', fresh, true, 'walk'],
    ['a new host gets it at once without progress', fresh, false, 'write'],
    ['a host seeded provisioned never walks', provisioned, true, 'write'],
  ])('%s', (_, labHost, progress, how) => {
    const seeded = seededStatus(labHost, '42', undefined, progress);
    expect(Object.keys(seeded)).toEqual([how]);
    const status = 'walk' in seeded ? seeded.walk : seeded.write;
    // BMO records the credentials Secret's version in both credential records.
    expect(status.goodCredentials?.credentialsVersion).toBe('42');
    expect(status.triedCredentials?.credentialsVersion).toBe('42');
    expect(status.provisioning).toEqual(labHost.status.provisioning);
  });

  it('keeps the times a host already has (its registration and inspection really happened)', () => {
    const current = {
      lastUpdated: '2026-11-02T10:00:05Z',
      provisioning: { state: 'available' as const, ID: 'x' },
      operationHistory: {
        register: { start: '2026-11-02T10:00:00Z', end: '2026-11-02T10:00:01Z' },
        inspect: { start: '2026-11-02T10:00:01Z', end: '2026-11-02T10:00:05Z' },
      },
    };
    const seeded = seededStatus(fresh, '7', current, true);
    if (!('write' in seeded)) throw new Error('expected a write');
    expect(seeded.write.lastUpdated).toBe('2026-11-02T10:00:05Z');
    expect(seeded.write.operationHistory?.register).toEqual(current.operationHistory.register);
    expect(seeded.write.operationHistory?.inspect).toEqual(current.operationHistory.inspect);
    expect(seeded.write.operationHistory?.provision).toEqual(fresh.status.operationHistory?.provision);

    const noTimes = seededStatus(fresh, '7', { provisioning: { state: 'available', ID: 'x' } }, true);
    if (!('write' in noTimes)) throw new Error('expected a write');
    expect(noTimes.write.lastUpdated).toBe(fresh.status.lastUpdated);
    expect(noTimes.write.operationHistory?.register).toEqual(fresh.status.operationHistory?.register);
  });
});

describe('what the seed writes', () => {
  it('addresses a host and its status by namespace and name, identity and status only', () => {
    const labHost = host('r2-wk-01');
    expect(hostPath(labHost)).toBe('/apis/metal3.io/v1alpha1/namespaces/lab-x/baremetalhosts/r2-wk-01');
    expect(statusBody(labHost, { poweredOn: true })).toEqual({
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'BareMetalHost',
      metadata: { name: 'r2-wk-01', namespace: 'lab-x' },
      status: { poweredOn: true },
    });
  });

  it('keeps the jump host key in a lab Secret, the public half readable', () => {
    const secret = sshKeysSecret('lab-x', { privateKey: 'PRIVATE', publicKey: 'ssh-ed25519 AAA lab' });
    expect(secret.metadata).toMatchObject({
      namespace: 'lab-x',
      labels: { 'app.kubernetes.io/part-of': 'rackpilot-lab' },
      annotations: { 'rackpilot.io/public-key': 'ssh-ed25519 AAA lab' },
    });
    expect(Buffer.from(secret.data?.id_ed25519 ?? '', 'base64').toString('utf8')).toBe('PRIVATE');
  });
});

describe('forEachLimited', () => {
  it('runs every item with at most `limit` in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const done: number[] = [];
    await forEachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      done.push(item);
      inFlight -= 1;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
    await forEachLimited([], 3, () => Promise.reject(new Error('never called')));
  });

  it('starts nothing new after the first failure, and rejects with it', async () => {
    const started: number[] = [];
    const run = forEachLimited([1, 2, 3, 4, 5], 1, async (item) => {
      started.push(item);
      if (item === 2) throw new Error('apply of 2 refused');
      await Promise.resolve();
    });
    await expect(run).rejects.toThrow('apply of 2 refused');
    expect(started).toEqual([1, 2]);
  });
});
