import { describe, expect, it } from 'vitest';
import { describeHostile, describeSocketQueues, type HostileReport } from './hostile-clients';

const report = (slowReader: HostileReport['slowReader']): HostileReport => ({
  batches: { '32 calls → 207': 12, '250 calls → 431': 3 },
  calls: 384,
  unanswered: 1,
  slowReader,
});

describe('describeHostile', () => {
  it('names how each size of batch was answered and when the slow reader was let go', () => {
    const line = describeHostile(
      report({
        paused: 2,
        closes: [
          { afterMs: 41_500, code: 1006 },
          { afterMs: 35_250, code: 4000 },
        ],
      }),
    );
    expect(line).toContain(
      '32 calls → 207: 12, 250 calls → 431: 3 (384 calls in those answered 200), 1 unanswered',
    );
    expect(line).toContain(
      'stopped reading 2 times and was closed by the server 2 times (codes 1006, 4000), 35.3–41.5 s',
    );
  });

  it('says so when the server never closed the slow reader, and when no batch was answered', () => {
    const line = describeHostile({
      batches: {},
      calls: 0,
      unanswered: 0,
      slowReader: { paused: 1, closes: [] },
    });
    expect(line).toContain('answered never');
    expect(line).toContain('never closed by the server');
  });
});

describe('describeSocketQueues', () => {
  it('reads the peak and limit in MiB and the coalesced snapshots from Prometheus text', () => {
    const metrics = [
      'rackpilot_websocket_queued_bytes_peak 1572864',
      'rackpilot_websocket_queue_limit_bytes 1048576',
      'rackpilot_websocket_snapshots_coalesced_total 7',
    ].join('\n');
    expect(describeSocketQueues(metrics)).toBe(
      'socket outboxes: the most one socket held 1.50 MiB (limit 1.00 MiB, held frames may take as much again); 7 snapshots coalesced',
    );
  });
});
