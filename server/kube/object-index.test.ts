import { describe, expect, it } from 'vitest';
import { ObjectIndex } from './object-index';

interface Host {
  secrets: string[];
}

describe('ObjectIndex', () => {
  const cases: { name: string; steps: (index: ObjectIndex<Host>) => void; value: string; keys: string[] }[] =
    [
      {
        name: 'finds every object carrying a value',
        steps: (index) => {
          index.add('ns/a', { secrets: ['s1', 's2'] });
          index.add('ns/b', { secrets: ['s2'] });
        },
        value: 's2',
        keys: ['ns/a', 'ns/b'],
      },
      {
        name: 'forgets a value the object no longer carries',
        steps: (index) => {
          index.add('ns/a', { secrets: ['s1'] });
          index.remove('ns/a', { secrets: ['s1'] });
          index.add('ns/a', { secrets: ['s3'] });
        },
        value: 's1',
        keys: [],
      },
      {
        name: 'keeps other objects when one is removed',
        steps: (index) => {
          index.add('ns/a', { secrets: ['s1'] });
          index.add('ns/b', { secrets: ['s1'] });
          index.remove('ns/a', { secrets: ['s1'] });
        },
        value: 's1',
        keys: ['ns/b'],
      },
      { name: 'an unknown value has no keys', steps: () => undefined, value: 'nope', keys: [] },
    ];
  it.each(cases)('$name', ({ steps, value, keys }) => {
    const index = new ObjectIndex<Host>((host) => host.secrets);
    steps(index);
    expect(index.keys(value).sort()).toEqual(keys);
  });
});
