import { describe, expect, it } from 'vitest';
import { bulkPreviewInputSchema, bulkStartInputSchema } from './start.schema';

const start = { action: 'power-off', filter: { rack: ['r1'] }, confirmedCount: 40 };

describe('bulkStartInputSchema', () => {
  it('fills the filter and the pace with defaults', () => {
    expect(bulkStartInputSchema.parse(start)).toMatchObject({
      filter: { search: '', state: [], rack: ['r1'], flavor: [], claim: [] },
      options: { concurrency: 10, ratePerSecond: 20 },
    });
  });

  it.each([
    { input: { ...start, options: { concurrency: 0 } }, message: 'concurrency must be at least 1' },
    { input: { ...start, options: { ratePerSecond: 500 } }, message: 'at most 100 hosts a second' },
    { input: { ...start, confirmedCount: 10_001 } },
    { input: { ...start, action: 'reformat' } },
    { input: { ...start, action: 'labels' }, message: 'the labels action needs labels' },
    { input: { ...start, action: 'labels', labels: {} }, message: 'name at least one label' },
    {
      input: { ...start, action: 'labels', labels: { set: { a: '1' }, remove: ['a'] } },
      message: 'a label cannot be both set and removed',
    },
    { input: { ...start, filter: { search: 'x'.repeat(201) } }, message: 'at most 200 characters' },
  ])('refuses $input', ({ input, message }) => {
    const parsed = bulkStartInputSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    if (message) expect(parsed.error?.message).toContain(message);
  });

  const provision = {
    kind: 'hardware',
    action: 'provision',
    filter: { state: ['unleased'] },
    confirmedCount: 3,
  };

  it('a provision job on the unleased list takes its filter and the provision dialog’s fields', () => {
    expect(
      bulkStartInputSchema.parse({ ...provision, provision: { namespace: 'lab', cluster: 'edge' } }),
    ).toMatchObject({
      kind: 'hardware',
      filter: { search: '', state: ['unleased'] },
      provision: { namespace: 'lab', cluster: 'edge', role: 'worker', profile: 'preseed' },
    });
  });

  it.each([
    { input: provision, message: 'provision' },
    { input: { ...provision, action: 'power-off', provision: { namespace: 'lab', cluster: 'edge' } } },
    { input: { ...provision, provision: { namespace: 'lab', cluster: 'Edge!' } }, message: 'cluster' },
    { input: { ...provision, provision: { namespace: 'lab', cluster: 'e', role: 'boss' } } },
    { input: { ...provision, kind: 'racks' }, message: 'kind' },
  ])('refuses the provision job $input', ({ input, message }) => {
    const parsed = bulkStartInputSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    if (message) expect(parsed.error?.message).toContain(message);
  });

  it('the preview takes the same action and filter', () => {
    expect(bulkPreviewInputSchema.safeParse({ action: 'labels', filter: {} }).success).toBe(false);
    expect(bulkPreviewInputSchema.parse({ action: 'restart', filter: {} }).action).toBe('restart');
  });
});
