import { describe, expect, it } from 'vitest';
import { seriesValue } from './server-metrics';

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
