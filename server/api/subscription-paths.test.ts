import { describe, expect, it } from 'vitest';
import { callsSubscription } from './subscription-paths';

describe('callsSubscription', () => {
  it.each([
    ['/api/trpc/overview.live', true],
    ['/api/trpc/overview.get,overview.live', true],
    ['/api/trpc/overview%2Elive', true],
    ['/api/trpc/overview.get', false],
    ['/api/trpc/%E0%A4%A', false],
    ['/other/overview.live', false],
  ])('%s → %s', (pathname, expected) => {
    expect(callsSubscription(pathname, '/api/trpc/')).toBe(expected);
  });
});
