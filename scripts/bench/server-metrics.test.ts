import { describe, expect, it } from 'vitest';
import { histogramTotals, meanMutationMs, seriesValue, type ServerSample } from './server-metrics';

const TEXT = [
  '# HELP nodejs_eventloop_lag_p99_seconds The 99th percentile of the recorded event loop delays.',
  '# TYPE nodejs_eventloop_lag_p99_seconds gauge',
  'nodejs_eventloop_lag_p99_seconds 0.012',
  'nodejs_eventloop_lag_p99_seconds_extra 7',
  'rackpilot_informer_objects{resource="baremetalhosts"} 10',
].join('\n');

describe('seriesValue', () => {
  it.each([
    ['nodejs_eventloop_lag_p99_seconds', 0.012],
    ['nodejs_eventloop_lag_p99_seconds_extra', 7],
  ])('reads %s', (name, value) => {
    expect(seriesValue(TEXT, name)).toBe(value);
  });

  it.each(['nodejs_eventloop_lag_max_seconds', 'rackpilot_informer_objects', 'nodejs_eventloop_lag'])(
    'is NaN for %s, which has no unlabelled line',
    (name) => {
      expect(seriesValue(TEXT, name)).toBeNaN();
    },
  );
});

const CALLS = [
  '# TYPE rackpilot_trpc_call_duration_seconds histogram',
  'rackpilot_trpc_call_duration_seconds_bucket{le="0.1",procedure="hosts.label",type="mutation",result="ok"} 3',
  'rackpilot_trpc_call_duration_seconds_sum{procedure="hosts.label",type="mutation",result="ok"} 0.25',
  'rackpilot_trpc_call_duration_seconds_count{procedure="hosts.label",type="mutation",result="ok"} 3',
  'rackpilot_trpc_call_duration_seconds_sum{procedure="tenantClusters.create",type="mutation",result="CONFLICT"} 0.5',
  'rackpilot_trpc_call_duration_seconds_count{procedure="tenantClusters.create",type="mutation",result="CONFLICT"} 1',
  'rackpilot_trpc_call_duration_seconds_sum{procedure="hosts.list",type="query",result="ok"} 9',
  'rackpilot_trpc_call_duration_seconds_count{procedure="hosts.list",type="query",result="ok"} 90',
].join('\n');

describe('histogramTotals', () => {
  it('adds up sum and count of the series with the label, across the other labels', () => {
    expect(histogramTotals(CALLS, 'rackpilot_trpc_call_duration_seconds', 'type="mutation"')).toEqual({
      sum: 0.75,
      count: 4,
    });
    expect(histogramTotals(CALLS, 'rackpilot_trpc_call_duration_seconds', 'type="query"')).toEqual({
      sum: 9,
      count: 90,
    });
    expect(histogramTotals(CALLS, 'rackpilot_trpc_call_duration_seconds', 'type="subscription"')).toEqual({
      sum: 0,
      count: 0,
    });
  });
});

describe('meanMutationMs', () => {
  const sample = (sum: number, count: number): ServerSample => ({
    loop: { p99: 0, max: 0 },
    mutations: { sum, count },
  });

  it.each<[string, ServerSample | undefined, ServerSample | undefined, number]>([
    ['the mean of the mutations between the samples', sample(1, 10), sample(4, 40), 100],
    ['NaN when none finished', sample(1, 10), sample(1, 10), Number.NaN],
    ['NaN without a sample', sample(1, 10), undefined, Number.NaN],
  ])('%s', (_, before, after, expected) => {
    expect(meanMutationMs(before, after)).toBe(expected);
  });
});
