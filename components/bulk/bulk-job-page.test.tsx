// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BulkOutcome } from '@/server/api/bulk/bulk-plan';
import type { BulkJobView, BulkResultRow } from '@/server/api/bulk/bulk-store';
import { ConsoleTestApi } from '@/tools/testenv/console-test-api';
import { renderConsole } from '@/tools/testenv/render-console';
import { BulkJobPage } from './bulk-job-page';

const NONE = { pending: 0, done: 0, skipped: 0, failed: 0, cancelled: 0, 'not-run': 0 };

function view(change: Partial<BulkJobView>): BulkJobView {
  return {
    id: 'job-1',
    createdAt: '2026-12-06T20:00:00.000Z',
    actor: 'ada',
    action: 'power-off',
    filter: { rack: ['r1'] },
    options: { concurrency: 1, ratePerSecond: 1 },
    state: 'running',
    total: 3,
    finishedAt: null,
    tally: { ...NONE, pending: 3 },
    progress: '0 of 3',
    ...change,
  };
}

function row(seq: number, name: string, outcome: BulkOutcome, reason: string | null = null): BulkResultRow {
  return { seq, namespace: 'lab', name, outcome, reason, at: null };
}

function api(job: BulkJobView, rows: BulkResultRow[]) {
  return new ConsoleTestApi()
    .answer('bulk.get', (input) => {
      const { outcome } = input as { outcome?: BulkOutcome };
      const shown = rows.filter((entry) => !outcome || entry.outcome === outcome);
      return {
        job,
        results: { total: shown.length, page: 1, pageCount: 1, pageSize: 100, rows: shown },
      };
    })
    .answer('bulk.cancel', () => ({ status: 'cancelled' }));
}

describe('a bulk job’s page', () => {
  it('shows progress live, each host’s outcome with its reason, and cancels the rest', async () => {
    const rows = [row(0, 'h1', 'done'), row(1, 'h2', 'pending'), row(2, 'h3', 'pending')];
    const { api: calls, user } = renderConsole(<BulkJobPage id="job-1" />, {
      url: '/bulk/job-1',
      api: api(view({ tally: { ...NONE, done: 1, pending: 2 }, progress: '1 of 3 · 1 done' }), rows),
    });
    expect((await screen.findByTestId('bulk-progress')).textContent).toBe('1 of 3 · 1 done');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Power off on 3 hosts running');
    expect(screen.getByTestId('outcome-h1').textContent).toBe('done');
    await calls.push('bulk.progress', () => ({
      view: view({
        tally: { ...NONE, done: 1, skipped: 1, pending: 1 },
        progress: '2 of 3 · 1 done, 1 skipped',
      }),
    }));
    expect(screen.getByTestId('bulk-progress').textContent).toBe('2 of 3 · 1 done, 1 skipped');
    expect(screen.getByRole('progressbar', { name: 'Finished' }).getAttribute('aria-valuenow')).toBe('2');
    await user.click(screen.getByTestId('bulk-cancel'));
    expect(calls.inputs('bulk.cancel')).toEqual([{ id: 'job-1' }]);
  });

  it('after the job: filters by outcome, keeps every reason, offers no cancel', async () => {
    const rows = [
      row(0, 'h1', 'done'),
      row(1, 'h2', 'skipped', 'no longer matches the filter: its rack is now r2'),
      row(2, 'h3', 'failed', 'BMC unreachable'),
    ];
    const ended = view({
      state: 'finished',
      finishedAt: '2026-12-06T20:01:00.000Z',
      tally: { ...NONE, done: 1, skipped: 1, failed: 1 },
      progress: '3 of 3 · 1 done, 1 skipped, 1 failed',
    });
    const { api: calls, user } = renderConsole(<BulkJobPage id="job-1" />, {
      url: '/bulk/job-1',
      api: api(ended, rows),
    });
    const results = await screen.findByTestId('bulk-results');
    await waitFor(() => {
      expect(within(results).getByTestId('outcome-h3').textContent).toBe('failed');
    });
    expect(results.textContent).toContain('BMC unreachable');
    expect(screen.queryByTestId('bulk-cancel')).toBeNull();
    await user.click(within(results).getByRole('button', { name: 'skipped (1)' }));
    await waitFor(() => {
      expect(within(results).queryByTestId('outcome-h1')).toBeNull();
    });
    expect(results.textContent).toContain('its rack is now r2');
    expect(calls.inputs('bulk.get').at(-1)).toMatchObject({ id: 'job-1', outcome: 'skipped', page: 1 });
  });

  it('a provision job names unleased machines and links each MAC to its page', async () => {
    const mac = '52:54:00:00:00:01';
    const job = view({
      action: 'provision',
      total: 1,
      state: 'finished',
      tally: { ...NONE, done: 1 },
      progress: '1 of 1 · 1 done',
    });
    renderConsole(<BulkJobPage id="job-1" />, {
      url: '/bulk/job-1',
      role: 'viewer',
      api: api(job, [
        { ...row(0, mac, 'done', 'PlunderMachine lab/edge-worker-000001 at 10.0.0.10'), namespace: '' },
      ]),
    });
    const results = await screen.findByTestId('bulk-results');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Provision on 1 unleased machine finished',
    );
    expect(await within(results).findByRole('link', { name: mac })).toHaveProperty(
      'href',
      expect.stringContaining(`/hardware/${encodeURIComponent(mac)}`),
    );
    expect(results.textContent).toContain('edge-worker-000001 at 10.0.0.10');
  });
});
