import { describe, expect, it } from 'vitest';
import { parseControlFields } from './debian-archive';

describe('parseControlFields', () => {
  it('reads the version and the first alternative of each dependency, without versions', () => {
    const record = [
      'Package: linux-image-cloud-amd64',
      'Version: 6.1.192-3',
      'Depends: linux-image-6.1.0-57-cloud-amd64 (= 6.1.192-3), foo:any | bar, baz',
      'Description: Linux for x86-64 cloud',
    ].join('\n');
    expect(parseControlFields(record)).toEqual({
      version: '6.1.192-3',
      depends: ['linux-image-6.1.0-57-cloud-amd64', 'foo', 'baz'],
    });
  });

  it('has no dependencies when the record names none, and refuses a record without a version', () => {
    expect(parseControlFields('Package: x\nVersion: 1:1.35.0-4\n')).toEqual({
      version: '1:1.35.0-4',
      depends: [],
    });
    expect(() => parseControlFields('Package: x\n')).toThrow(/no version/);
  });
});
