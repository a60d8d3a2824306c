import { describe, expect, it } from 'vitest';
import { delivery, growth, overall, perMinute, type Answer } from './load-statistics';

const START = 1_000_000;

function answer(secondsIn: number, ms: number, status = 200): Answer {
  return { at: START + secondsIn * 1000, ms, status };
}

describe('load statistics', () => {
  it('buckets answers by minute of the run and ranks each minute on its own', () => {
    const answers = [
      ...Array.from({ length: 100 }, (_, i) => answer(i * 0.5, i + 1)),
      answer(61, 500, 503),
      answer(119.9, 700),
    ];
    const minutes = perMinute(answers, START, 3);
    expect(minutes.map((m) => m.count)).toEqual([100, 2, 0]);
    expect(minutes[0]).toMatchObject({ minute: 1, p50: 51, p99: 100, serverErrors: 0 });
    expect(minutes[1]).toMatchObject({ minute: 2, p50: 700, p99: 700, serverErrors: 1 });
    expect(minutes[2]?.p50).toBeNaN();
    expect(minutes[2]?.mean).toBeNaN();
  });

  it('leaves out answers before the start and after the last minute', () => {
    const minutes = perMinute([answer(-1, 5), answer(120, 5), answer(59.999, 9)], START, 2);
    expect(minutes.map((m) => m.count)).toEqual([1, 0]);
  });

  it('ranks the whole run', () => {
    expect(overall([answer(0, 3), answer(1, 1), answer(2, 5)])).toEqual({ p50: 3, p99: 5, mean: 3 });
  });

  it('gives growth from the first sample to the last', () => {
    expect(growth([400, 900, 460])).toBeCloseTo(0.15);
    expect(growth([])).toBeNaN();
    expect(growth([0, 10])).toBeNaN();
  });

  it('counts a change as shown when the viewer saw it or a later state of the same object', () => {
    const changes = [
      { key: 'h1', seq: 1, at: 100 },
      { key: 'h1', seq: 3, at: 300 },
      { key: 'h2', seq: 2, at: 200 },
    ];
    const folded = new Map([
      ['h1', [{ seq: 3, at: 350 }]],
      ['h2', [{ seq: 2, at: 260 }]],
    ]);
    const missing = new Map([['h1', [{ seq: 1, at: 90 }]]]);
    const result = delivery(changes, [folded, missing]);
    expect(result).toMatchObject({ expected: 6, received: 4, completeViewers: 1 });
    expect(result.latencies).toEqual([-10, 50, 60, 250]);
  });
});
