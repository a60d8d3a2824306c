import { describe, expect, it } from 'vitest';
import { applyMergePatch, editMergePatch, fieldChanges } from './object-changes';

describe('fieldChanges', () => {
  it.each([
    ['equal objects', { a: 1 }, { a: 1 }, []],
    ['a changed leaf', { a: { b: 2 } }, { a: { b: 3 } }, [{ path: 'a.b', before: 2, after: 3 }]],
    ['an added key', { a: 1 }, { a: 1, b: 'x' }, [{ path: 'b', after: 'x' }]],
    ['a removed key', { a: 1, b: 'x' }, { a: 1 }, [{ path: 'b', before: 'x' }]],
    [
      'list items by index',
      { l: [{ p: 1 }, { p: 2 }] },
      { l: [{ p: 1 }, { p: 5 }] },
      [{ path: 'l[1].p', before: 2, after: 5 }],
    ],
    [
      'a list of another length whole',
      { l: [1] },
      { l: [1, 2] },
      [{ path: 'l', before: [1], after: [1, 2] }],
    ],
  ])('%s', (_name, before, after, expected) => {
    expect(fieldChanges(before, after)).toEqual(expected);
  });
});

describe('editMergePatch', () => {
  const live = {
    metadata: {
      name: 'c',
      labels: { team: 'a', 'other-tool/x': '1' },
      annotations: { mine: 'omit', theirs: 'keep' },
    },
    spec: {
      nodes: { Worker: { count: { active: 2, standby: 0 } } },
      services: { lb: [{ image: 'i1', nodePort: 30001, clusterIP: '10.0.0.5' }] },
    },
    status: { phase: 'Ready' },
  };
  const base = {
    metadata: { name: 'c', annotations: { mine: 'omit' } },
    spec: {
      nodes: { Worker: { count: { active: 2, standby: 0 } } },
      services: { lb: [{ image: 'i1', nodePort: 30001 }] },
    },
  };

  it.each<[string, unknown, unknown]>([
    ['nothing changed', base, undefined],
    [
      'a count: only that leaf',
      { ...base, spec: { ...base.spec, nodes: { Worker: { count: { active: 3, standby: 0 } } } } },
      { spec: { nodes: { Worker: { count: { active: 3 } } } } },
    ],
    [
      'a list item: the live item with the change, foreign fields kept',
      { ...base, spec: { ...base.spec, services: { lb: [{ image: 'i2', nodePort: 30001 }] } } },
      { spec: { services: { lb: [{ image: 'i2', nodePort: 30001, clusterIP: '10.0.0.5' }] } } },
    ],
    [
      'an annotation the form no longer sets: that key only',
      { ...base, metadata: { name: 'c' } },
      { metadata: { annotations: { mine: null } } },
    ],
    [
      'a role the form drops: removed',
      { ...base, spec: { ...base.spec, nodes: {} } },
      { spec: { nodes: { Worker: { count: { active: null, standby: null } } } } },
    ],
  ])('%s', (_name, edited, expected) => {
    expect(editMergePatch(base, edited, live)).toEqual(expected);
  });

  it('leaves labels, annotations and status set by others when applied', () => {
    const edited = { ...base, metadata: { name: 'c' } };
    const patched = applyMergePatch(live, editMergePatch(base, edited, live)) as typeof live;
    expect(patched.metadata.labels).toEqual(live.metadata.labels);
    expect(patched.metadata.annotations).toEqual({ theirs: 'keep' });
    expect(patched.status).toEqual(live.status);
  });

  it('a removed leaf becomes null', () => {
    expect(editMergePatch({ a: { keys: ['k'] } }, { a: {} }, {})).toEqual({ a: { keys: null } });
  });
});

describe('applyMergePatch', () => {
  it.each<[string, unknown, unknown, unknown]>([
    ['merges objects', { a: 1, b: { c: 2 } }, { b: { d: 3 } }, { a: 1, b: { c: 2, d: 3 } }],
    ['null removes', { a: 1, b: 2 }, { b: null }, { a: 1 }],
    ['replaces lists', { l: [1, 2] }, { l: [3] }, { l: [3] }],
    ['a non-object patch replaces', { a: 1 }, 'x', 'x'],
  ])('%s', (_name, target, patch, expected) => {
    expect(applyMergePatch(target, patch)).toEqual(expected);
  });
});
