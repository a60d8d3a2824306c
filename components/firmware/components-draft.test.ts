import { describe, expect, it } from 'vitest';
import { draftUpdateProblems, updatesDiff, withoutUpdate, withUpdate } from './components-draft';

const bios = { component: 'bios', url: 'https://a/bios-2.0.bin' };
const bmc = { component: 'bmc', url: 'https://a/bmc-3.0.bin' };

describe('the firmware components draft', () => {
  it('adds (trimmed) and removes updates', () => {
    expect(withUpdate([bios], { component: ' bmc ', url: ' https://a/bmc-3.0.bin ' })).toEqual([bios, bmc]);
    expect(withoutUpdate([bios, bmc], 'bios')).toEqual([bmc]);
  });

  it.each([
    ['nothing changed', [bios], [bios], []],
    ['an update added', [bios], [bios, bmc], [{ path: 'spec.updates[bmc]', after: bmc.url }]],
    ['an update removed', [bios, bmc], [bmc], [{ path: 'spec.updates[bios]', before: bios.url }]],
    [
      'a new image',
      [bios],
      [{ component: 'bios', url: 'https://a/bios-2.1.bin' }],
      [{ path: 'spec.updates[bios]', before: bios.url, after: 'https://a/bios-2.1.bin' }],
    ],
  ])('diff: %s', (_, before, after, expected) => {
    expect(updatesDiff(before, after)).toEqual(expected);
  });

  it("says BMO's objections", () => {
    expect(draftUpdateProblems([bios, { component: 'bios', url: 'https://a/b.bin' }])).toEqual([
      'component bios is named more than once',
    ]);
    expect(draftUpdateProblems([bios])).toEqual([]);
  });
});
