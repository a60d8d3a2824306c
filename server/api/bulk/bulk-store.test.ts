import { describe, expect, it } from 'vitest';
import { tallyOf } from './bulk-plan';
import { viewOf, type JobRecord } from './bulk-store';

const record: JobRecord = {
  id: '6f1c1f3e-3b8e-4a43-9d55-6f4d1f1b2a10',
  createdAt: new Date('2026-12-06T18:00:00Z'),
  actor: 'admin',
  action: 'power-off',
  filter: { search: 'lab', rack: ['r1'] },
  options: { concurrency: 10, ratePerSecond: 20 },
  state: 'running',
  total: 40,
  runner: 'host-1',
  heartbeatAt: new Date('2026-12-06T18:00:05Z'),
  finishedAt: null,
};

describe('viewOf', () => {
  it.each([
    {
      job: record,
      groups: [
        { outcome: 'done', count: 30 },
        { outcome: 'pending', count: 10 },
      ],
      expected: { state: 'running', finishedAt: null, progress: '30 of 40 · 30 done' },
    },
    {
      job: { ...record, state: 'interrupted', finishedAt: new Date('2026-12-06T18:01:00Z') },
      groups: [
        { outcome: 'done', count: 12 },
        { outcome: 'not-run', count: 28 },
      ],
      expected: {
        state: 'interrupted',
        finishedAt: '2026-12-06T18:01:00.000Z',
        progress: '40 of 40 · 12 done, 28 not run',
      },
    },
  ])('$expected.progress', ({ job, groups, expected }) => {
    expect(viewOf(job, tallyOf(groups))).toMatchObject({
      id: record.id,
      createdAt: '2026-12-06T18:00:00.000Z',
      filter: record.filter,
      ...expected,
    });
  });
});
