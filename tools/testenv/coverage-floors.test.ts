import { describe, expect, it } from 'vitest';
import {
  coverageByFolder,
  coverageFolder,
  coverageTable,
  judgeCoverage,
  type CoverageFloors,
} from './coverage-floors';

describe('coverageFolder', () => {
  it.each([
    ['server/kube/informer.ts', 'server/kube'],
    ['server/controllers/sip-cluster/reconcile.ts', 'server/controllers'],
    ['server/main.ts', 'server'],
    ['tools/lab/lab-hosts.ts', 'tools/lab'],
    ['components/ui/button.tsx', 'components'],
    ['components/app-chrome.tsx', 'components'],
    ['app/clusters/page.tsx', 'app'],
    ['next.config.ts', '.'],
  ])('%s counts towards %s', (file, folder) => {
    expect(coverageFolder(file)).toBe(folder);
  });
});

const lines = (covered: number, total: number) => ({ lines: { covered, total } });

describe('coverageByFolder', () => {
  it('sums the lines of each folder, rounds down, and leaves out the total', () => {
    const summary = {
      total: lines(1, 1),
      '/repo/server/kube/a.ts': lines(1, 3),
      '/repo/server/kube/b.ts': lines(1, 0),
      '/repo/server/kube/c.ts': lines(0, 0),
      '/repo/components/x.tsx': lines(0, 0),
      '/repo/server/main.ts': lines(2, 2),
    };
    expect(coverageByFolder(summary, '/repo')).toEqual([
      { folder: 'components', covered: 0, total: 0, percent: 100 },
      { folder: 'server', covered: 2, total: 2, percent: 100 },
      { folder: 'server/kube', covered: 2, total: 3, percent: 66 },
    ]);
  });
});

describe('judgeCoverage', () => {
  const folder = (name: string, percent: number) => ({ folder: name, covered: percent, total: 100, percent });

  it.each<{ name: string; percent: number; floors: CoverageFloors; problems: string[] }>([
    { name: 'at the floor', percent: 40, floors: { a: 40 }, problems: [] },
    { name: 'above the floor', percent: 41, floors: { a: 40 }, problems: [] },
    {
      name: 'below the floor',
      percent: 39,
      floors: { a: 40 },
      problems: ['a line coverage 39% is below its floor 40%'],
    },
    {
      name: 'a folder without a floor',
      percent: 10,
      floors: {},
      problems: ['a has no floor in tools/testenv/coverage-floors.json (it is at 10%)'],
    },
    {
      name: 'a floor without a folder',
      percent: 10,
      floors: { a: 10, gone: 5 },
      problems: ['tools/testenv/coverage-floors.json has a floor for gone, which has no files'],
    },
  ])('$name', ({ percent, floors, problems }) => {
    expect(judgeCoverage([folder('a', percent)], floors)).toEqual(problems);
  });
});

describe('coverageTable', () => {
  it('says when a floor could rise and when a folder has none', () => {
    const table = coverageTable(
      [
        { folder: 'a', covered: 1, total: 2, percent: 50 },
        { folder: 'b', covered: 1, total: 4, percent: 25 },
        { folder: 'c', covered: 0, total: 1, percent: 0 },
      ],
      { a: 40, b: 25 },
    );
    expect(table.map((row) => row.replace(/\s+/g, ' ').trim())).toEqual([
      'a 50% 1/2 lines floor 40% (may rise)',
      'b 25% 1/4 lines floor 25%',
      'c 0% 0/1 lines no floor',
    ]);
  });
});
