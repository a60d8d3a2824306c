import { describe, expect, it } from 'vitest';
import { parseLabelChange } from './bulk-labels';

describe('parseLabelChange', () => {
  it.each([
    { text: 'team=a, -old', change: { set: { team: 'a' }, remove: ['old'] } },
    {
      text: 'rackpilot.io/rack=r2 zone=',
      change: { set: { 'rackpilot.io/rack': 'r2', zone: '' }, remove: [] },
    },
  ])('$text', ({ text, change }) => {
    expect(parseLabelChange(text)).toEqual(change);
  });

  it.each([
    { text: '  ', problem: /name a label/ },
    { text: 'team', problem: /write key=value/ },
    { text: 'a b=c d', problem: /^a: write key=value/ },
    { text: '-bad key', problem: /^key: write key=value/ },
  ])('refuses $text', ({ text, problem }) => {
    expect(parseLabelChange(text)).toMatch(problem);
  });
});
