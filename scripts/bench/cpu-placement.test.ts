import { describe, expect, it } from 'vitest';
import { otherCpus } from './cpu-placement';

describe('otherCpus', () => {
  it.each([
    { own: '1', count: 2, cpu: 1, others: '0' },
    { own: '0', count: 2, cpu: 0, others: '1' },
    { own: '2', count: 4, cpu: 2, others: '0,1,3' },
  ])('CPU $own of $count leaves $others', ({ own, count, cpu, others }) => {
    expect(otherCpus(own, count)).toEqual({ cpu, others });
  });

  it.each([
    { own: '2', count: 2, message: 'give a CPU from 0 to 1' },
    { own: '-1', count: 2, message: 'give a CPU from 0 to 1' },
    { own: '0.5', count: 2, message: 'give a CPU from 0 to 1' },
    { own: '', count: 2, message: 'give a CPU from 0 to 1' },
    { own: 'one', count: 2, message: 'give a CPU from 0 to 1' },
    { own: '0', count: 1, message: 'at least two CPUs' },
  ])('refuses CPU "$own" of $count', ({ own, count, message }) => {
    expect(() => otherCpus(own, count)).toThrow(message);
  });
});
