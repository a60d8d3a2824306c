import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CRD_PARTS, withPart } from './gen-crd-parts';

const crd = [
  'spec:',
  '  properties:',
  '    before:',
  '      type: string',
  '    a:',
  '      type: object',
  '      properties:',
  '        x:',
  '          type: string',
  '',
  '    b:',
  '      type: integer',
  '    after:',
  '      type: boolean',
  'status: {}',
].join('\n');

describe('withPart', () => {
  it('replaces the part’s keys where the first sits, indented to fit, and leaves the rest as written', () => {
    const part = '# a comment, not copied\na:\n  type: string\nb:\n  type: string\n  maxLength: 3\n';
    expect(withPart(crd, part)).toBe(
      [
        'spec:',
        '  properties:',
        '    before:',
        '      type: string',
        '    a:',
        '      type: string',
        '    b:',
        '      type: string',
        '      maxLength: 3',
        '    after:',
        '      type: boolean',
        'status: {}',
      ].join('\n'),
    );
  });

  it('refuses a CRD where the first key is missing or appears twice', () => {
    expect(() => withPart(crd, 'missing:\n  type: string\n')).toThrow(/must appear once.*found 0/);
    expect(() => withPart(`${crd}\n  a:\n    type: string`, 'a:\n  type: string\n')).toThrow(/found 2/);
  });
});

describe('the CRDs that carry a part', () => {
  it.each(CRD_PARTS.flatMap(({ part, crds }) => crds.map((file) => [file, part])))(
    'crds/%s holds crds/parts/%s as written (npm run gen:crd-parts)',
    async (file, part) => {
      const dir = join(process.cwd(), 'crds');
      const text = await readFile(join(dir, file), 'utf8');
      expect(withPart(text, await readFile(join(dir, 'parts', part), 'utf8'))).toBe(text);
    },
  );
});
