import { describe, expect, it } from 'vitest';
import {
  durationText,
  HARDWARE_STEP_BOUNDS,
  HOST_STEP_BOUNDS,
  NOT_READY_BOUND,
  stuckFor,
  stuckText,
} from './stuck-work';

const now = Date.parse('2026-06-01T12:00:00Z');
const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

describe('stuckFor: each step against its bound', () => {
  it.each([
    { step: 'registering', bound: HOST_STEP_BOUNDS.registering, since: ago(9), stuck: false },
    { step: 'registering', bound: HOST_STEP_BOUNDS.registering, since: ago(11), stuck: true },
    { step: 'inspecting', bound: HOST_STEP_BOUNDS.inspecting, since: ago(19), stuck: false },
    { step: 'inspecting', bound: HOST_STEP_BOUNDS.inspecting, since: ago(40), stuck: true },
    { step: 'preparing', bound: HOST_STEP_BOUNDS.preparing, since: ago(31), stuck: true },
    { step: 'provisioning', bound: HOST_STEP_BOUNDS.provisioning, since: ago(29), stuck: false },
    { step: 'provisioning', bound: HOST_STEP_BOUNDS.provisioning, since: ago(31), stuck: true },
    { step: 'deprovisioning', bound: HOST_STEP_BOUNDS.deprovisioning, since: ago(45), stuck: false },
    { step: 'deprovisioning', bound: HOST_STEP_BOUNDS.deprovisioning, since: ago(61), stuck: true },
    { step: 'deleting', bound: HOST_STEP_BOUNDS.deleting, since: ago(31), stuck: true },
    { step: 'available (no bound)', bound: HOST_STEP_BOUNDS.available, since: ago(10_000), stuck: false },
    { step: 'machine claimed', bound: HARDWARE_STEP_BOUNDS.claimed, since: ago(31), stuck: true },
    { step: 'machine installing', bound: HARDWARE_STEP_BOUNDS.provisioning, since: ago(5), stuck: false },
    { step: 'machine wiping', bound: HARDWARE_STEP_BOUNDS.wiping, since: ago(19), stuck: false },
    { step: 'machine wiping', bound: HARDWARE_STEP_BOUNDS.wiping, since: ago(21), stuck: true },
    { step: 'machine wiped', bound: HARDWARE_STEP_BOUNDS.wiped, since: ago(25), stuck: true },
    {
      step: 'machine provisioned (no bound)',
      bound: HARDWARE_STEP_BOUNDS.provisioned,
      since: ago(999),
      stuck: false,
    },
    { step: 'service not Ready', bound: NOT_READY_BOUND, since: ago(29), stuck: false },
    { step: 'service not Ready', bound: NOT_READY_BOUND, since: ago(31), stuck: true },
  ])('$step since $since → stuck $stuck', ({ bound, since, stuck }) => {
    expect(stuckFor(bound, since, now) !== undefined).toBe(stuck);
  });

  it('reads epoch milliseconds, and knows nothing without a start', () => {
    expect(stuckFor(60_000, now - 120_000, now)).toEqual({ elapsedMs: 120_000, expectedMs: 60_000 });
    expect(stuckFor(60_000, undefined, now)).toBeUndefined();
    expect(stuckFor(60_000, 'not a time', now)).toBeUndefined();
  });
});

describe('durationText and stuckText', () => {
  it.each([
    { ms: 30_000, text: '1 min' },
    { ms: 40 * 60_000, text: '40 min' },
    { ms: 125 * 60_000, text: '2 h 5 min' },
    { ms: 3 * 24 * 3_600_000, text: '3 d 0 h' },
  ])('$ms ms → $text', ({ ms, text }) => {
    expect(durationText(ms)).toBe(text);
  });

  it('says the step, how long, the bound and what it waits for', () => {
    const stuck = { elapsedMs: 40 * 60_000, expectedMs: 20 * 60_000 };
    expect(stuckText('Inspecting', stuck)).toBe('Inspecting for 40 min (expected within 20 min)');
    expect(stuckText('Wiping', stuck, 'waiting for a boot')).toBe(
      'Wiping for 40 min (expected within 20 min): waiting for a boot',
    );
  });
});
