import { describe, expect, it } from 'vitest';
import { releasingWhenDone, SubscriptionBudget } from './subscription-budget';

describe('SubscriptionBudget', () => {
  it('hands out at most max slots; a slot given back twice counts once', () => {
    const budget = new SubscriptionBudget(2);
    const first = budget.take();
    expect(budget.take()).toBeDefined();
    expect(budget.take()).toBeUndefined();
    first?.();
    first?.();
    expect(budget.take()).toBeDefined();
    expect(budget.take()).toBeUndefined();
  });

  it('gives the slot back when the stream ends or is stopped', async () => {
    const budget = new SubscriptionBudget(1);
    async function* twice() {
      yield await Promise.resolve(1);
      yield 2;
    }
    const release = budget.take();
    if (!release) throw new Error('no slot');
    const values: number[] = [];
    for await (const value of releasingWhenDone(twice(), release)) values.push(value);
    expect(values).toEqual([1, 2]);
    const again = budget.take();
    if (!again) throw new Error('slot not given back after the end');
    const stopped = releasingWhenDone(twice(), again);
    await stopped.next();
    await stopped.return(undefined);
    expect(budget.take()).toBeDefined();
  });
});
