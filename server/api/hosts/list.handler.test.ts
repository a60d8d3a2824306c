import { describe, expect, it } from 'vitest';
import { sharedIntervalMs } from '../shared-live-view';
import { HOSTS_MS_PER_SCREEN } from './list.handler';

describe('the hosts list interval', () => {
  it.each([
    { screens: 1, expected: 250 },
    { screens: 100, expected: 250 },
    { screens: 200, expected: 500 },
  ])('$screens consoles on one page wait $expected ms between builds', ({ screens, expected }) => {
    expect(sharedIntervalMs(250, screens, HOSTS_MS_PER_SCREEN)).toBe(expected);
  });
});
