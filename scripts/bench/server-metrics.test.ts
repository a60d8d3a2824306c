import { describe, expect, it } from 'vitest';
import { histogramGroups, histogramTotals, meanMs, observedBetween, seriesValue } from './server-metrics';

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
  'rackpilot_trpc_call_duration_seconds_sum{procedure="clusters.create",type="mutation",result="CONFLICT"} 0.5',
  'rackpilot_trpc_call_duration_seconds_count{procedure="clusters.create",type="mutation",result="CONFLICT"} 1',
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

const KUBE = [
  'rackpilot_kube_request_duration_seconds_sum{method="PATCH",resource="baremetalhosts",code="200"} 2',
  'rackpilot_kube_request_duration_seconds_count{method="PATCH",resource="baremetalhosts",code="200"} 20',
  'rackpilot_kube_request_duration_seconds_sum{method="PATCH",resource="baremetalhosts",code="409"} 1',
  'rackpilot_kube_request_duration_seconds_count{method="PATCH",resource="baremetalhosts",code="409"} 5',
  'rackpilot_kube_request_duration_seconds_sum{method="PATCH",resource="services",code="200"} 8',
  'rackpilot_kube_request_duration_seconds_count{method="PATCH",resource="services",code="200"} 10',
].join('\n');

describe('histogramGroups', () => {
  it('groups the series with the label by another label', () => {
    expect(
      histogramGroups(CALLS, 'rackpilot_trpc_call_duration_seconds', 'type="mutation"', 'procedure'),
    ).toEqual(
      new Map([
        ['hosts.label', { sum: 0.25, count: 3 }],
        ['clusters.create', { sum: 0.5, count: 1 }],
      ]),
    );
  });

  it('groups every series when no label is given', () => {
    expect(histogramGroups(CALLS, 'rackpilot_trpc_call_duration_seconds', undefined, 'type')).toEqual(
      new Map([
        ['mutation', { sum: 0.75, count: 4 }],
        ['query', { sum: 9, count: 90 }],
      ]),
    );
  });

  it("keys each group by the labels' values joined by a space", () => {
    expect(
      histogramGroups(KUBE, 'rackpilot_kube_request_duration_seconds', undefined, ['method', 'resource']),
    ).toEqual(
      new Map([
        ['PATCH baremetalhosts', { sum: 3, count: 25 }],
        ['PATCH services', { sum: 8, count: 10 }],
      ]),
    );
  });
});

describe('meanMs', () => {
  it.each<
    [string, { sum: number; count: number } | undefined, { sum: number; count: number } | undefined, number]
  >([
    ['the mean of the observations between the readings', { sum: 1, count: 10 }, { sum: 4, count: 40 }, 100],
    ['NaN when none finished', { sum: 1, count: 10 }, { sum: 1, count: 10 }, Number.NaN],
    ['NaN without a reading', { sum: 1, count: 10 }, undefined, Number.NaN],
  ])('%s', (_, before, after, expected) => {
    expect(meanMs(before, after)).toBe(expected);
  });
});

describe('observedBetween', () => {
  it('gives what each group observed between two readings, most time first, groups that observed nothing left out', () => {
    const before = new Map([
      ['sip', { sum: 1, count: 10 }],
      ['ironic', { sum: 0.5, count: 4 }],
    ]);
    const after = new Map([
      ['sip', { sum: 3, count: 30 }],
      ['ironic', { sum: 0.5, count: 4 }],
      ['placement', { sum: 4, count: 2 }],
    ]);
    expect(observedBetween(before, after)).toEqual([
      { key: 'placement', seconds: 4, count: 2 },
      { key: 'sip', seconds: 2, count: 20 },
    ]);
    expect(observedBetween(undefined, undefined)).toEqual([]);
  });
});
