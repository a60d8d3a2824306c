import { describe, expect, it } from 'vitest';
import type { SIPClusterLabelSelector } from '../../types/crds/sip-cluster';
import { describeLabelSelector, labelSelectorMatcher, labelSelectorProblem } from './match-label-selector';

const labels = { flavor: 'worker', rack: 'r1', empty: '' };

describe('labelSelectorMatcher', () => {
  it.each<{ name: string; selector: SIPClusterLabelSelector | undefined; matches: boolean }>([
    { name: 'no selector matches everything', selector: undefined, matches: true },
    { name: 'empty selector matches everything', selector: {}, matches: true },
    { name: 'matchLabels equal', selector: { matchLabels: { flavor: 'worker' } }, matches: true },
    { name: 'matchLabels differ', selector: { matchLabels: { flavor: 'control-plane' } }, matches: false },
    { name: 'matchLabels missing key', selector: { matchLabels: { zone: 'a' } }, matches: false },
    { name: 'matchLabels empty value', selector: { matchLabels: { empty: '' } }, matches: true },
    {
      name: 'matchLabels empty value, key absent',
      selector: { matchLabels: { absent: '' } },
      matches: false,
    },
    { name: 'matchLabels AND', selector: { matchLabels: { flavor: 'worker', rack: 'r2' } }, matches: false },
    {
      name: 'In holds',
      selector: { matchExpressions: [{ key: 'rack', operator: 'In', values: ['r1', 'r2'] }] },
      matches: true,
    },
    {
      name: 'In fails on another value',
      selector: { matchExpressions: [{ key: 'rack', operator: 'In', values: ['r2'] }] },
      matches: false,
    },
    {
      name: 'In fails on a missing key',
      selector: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] },
      matches: false,
    },
    {
      name: 'NotIn holds on another value',
      selector: { matchExpressions: [{ key: 'rack', operator: 'NotIn', values: ['r2'] }] },
      matches: true,
    },
    {
      name: 'NotIn holds on a missing key',
      selector: { matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['a'] }] },
      matches: true,
    },
    {
      name: 'NotIn fails on a listed value',
      selector: { matchExpressions: [{ key: 'rack', operator: 'NotIn', values: ['r1'] }] },
      matches: false,
    },
    {
      name: 'Exists holds',
      selector: { matchExpressions: [{ key: 'empty', operator: 'Exists' }] },
      matches: true,
    },
    {
      name: 'Exists fails',
      selector: { matchExpressions: [{ key: 'zone', operator: 'Exists' }] },
      matches: false,
    },
    {
      name: 'DoesNotExist holds',
      selector: { matchExpressions: [{ key: 'zone', operator: 'DoesNotExist' }] },
      matches: true,
    },
    {
      name: 'DoesNotExist fails',
      selector: { matchExpressions: [{ key: 'rack', operator: 'DoesNotExist' }] },
      matches: false,
    },
    {
      name: 'labels AND expressions',
      selector: {
        matchLabels: { flavor: 'worker' },
        matchExpressions: [
          { key: 'rack', operator: 'In', values: ['r1'] },
          { key: 'zone', operator: 'DoesNotExist' },
        ],
      },
      matches: true,
    },
    {
      name: 'invalid selector (In without values) matches nothing',
      selector: { matchExpressions: [{ key: 'rack', operator: 'NotIn', values: [] }] },
      matches: false,
    },
    {
      name: 'invalid selector (Exists with values) matches nothing',
      selector: { matchExpressions: [{ key: 'rack', operator: 'Exists', values: ['r1'] }] },
      matches: false,
    },
  ])('$name', ({ selector, matches }) => {
    expect(labelSelectorMatcher(selector)(labels)).toBe(matches);
  });

  it('treats a host without labels like one with none', () => {
    expect(
      labelSelectorMatcher({ matchExpressions: [{ key: 'a', operator: 'DoesNotExist' }] })(undefined),
    ).toBe(true);
    expect(labelSelectorMatcher({ matchLabels: { a: 'b' } })(undefined)).toBe(false);
  });

  it('does not see inherited properties as labels', () => {
    expect(labelSelectorMatcher({ matchExpressions: [{ key: 'toString', operator: 'Exists' }] })({})).toBe(
      false,
    );
  });
});

describe('labelSelectorProblem', () => {
  it('names the broken expression', () => {
    expect(labelSelectorProblem({ matchExpressions: [{ key: 'rack', operator: 'In' }] })).toBe(
      'In on rack needs at least one value',
    );
    expect(
      labelSelectorProblem({ matchExpressions: [{ key: 'rack', operator: 'DoesNotExist', values: ['x'] }] }),
    ).toBe('DoesNotExist on rack takes no values');
    expect(labelSelectorProblem({ matchLabels: { a: 'b' } })).toBeUndefined();
  });
});

describe('describeLabelSelector', () => {
  it('writes kubectl syntax with matchLabels sorted', () => {
    expect(
      describeLabelSelector({
        matchLabels: { 'rackpilot.io/flavor': 'worker', 'a/b': 'c' },
        matchExpressions: [
          { key: 'rack', operator: 'In', values: ['r1', 'r2'] },
          { key: 'rack', operator: 'NotIn', values: ['r3'] },
          { key: 'gpu', operator: 'Exists' },
          { key: 'broken', operator: 'DoesNotExist' },
        ],
      }),
    ).toBe('a/b=c,rackpilot.io/flavor=worker,rack in (r1,r2),rack notin (r3),gpu,!broken');
    expect(describeLabelSelector(undefined)).toBe('<any host>');
  });
});
