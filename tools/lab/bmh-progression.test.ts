import { describe, expect, it } from 'vitest';
import { labHosts } from './lab-hosts';
import { progressesOnSeed, statusProgression } from './bmh-progression';

const hosts = labHosts();
const start = Date.parse('2026-03-01T10:00:00Z');

function host(name: string) {
  const found = hosts.find((h) => h.name === name);
  if (!found) throw new Error(name);
  return found;
}

describe('statusProgression', () => {
  it('walks registering → inspecting → available, powering on and adding hardware only at the end', () => {
    const h = host('r1-cp-01');
    const steps = statusProgression(h, h.status, start, 2_000);
    expect(steps.map((s) => [s.atMs, s.status.provisioning?.state, s.status.poweredOn])).toEqual([
      [0, 'registering', false],
      [2_000, 'inspecting', true],
      [8_000, 'available', true],
    ]);
    expect(steps[0]?.status.hardware).toBeUndefined();
    expect(steps[0]?.status.goodCredentials).toBeUndefined();
    expect(steps[1]?.status.hardware).toBeUndefined();
    expect(steps[2]?.status.hardware?.nics?.length).toBeGreaterThan(0);
    expect(steps[2]?.status.operationHistory).toMatchObject({
      register: { start: '2026-03-01T10:00:00Z', end: '2026-03-01T10:00:01Z' },
      inspect: { start: '2026-03-01T10:00:02Z', end: '2026-03-01T10:00:08Z' },
    });
    expect(steps[2]?.status.lastUpdated).toBe('2026-03-01T10:00:08Z');
  });

  it('keeps the scenario: a host stuck in inspection stays there, a broken BMC ends in error', () => {
    const stuck = host('r3-wk-03');
    expect(
      statusProgression(stuck, stuck.status, start, 1_000).map((s) => s.status.provisioning?.state),
    ).toEqual(['registering', 'inspecting']);
    const broken = host('r4-wk-03');
    const last = statusProgression(broken, broken.status, start, 1_000).at(-1)?.status;
    expect(last).toMatchObject({ operationalStatus: 'error', errorType: 'power management error' });
    const off = host('r2-st-01');
    expect(statusProgression(off, off.status, start, 1_000).at(-1)?.status.poweredOn).toBe(false);
  });

  it('adopts hosts that are already in service instead of walking them', () => {
    expect(progressesOnSeed(host('r1-wk-03'))).toBe(false);
    expect(progressesOnSeed(host('r1-wk-02'))).toBe(false);
    expect(progressesOnSeed(host('r1-wk-01'))).toBe(true);
  });
});
