import type { V1Secret } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { NOT_FETCHED, planWithSecrets, type SecretLookup } from './secret-values';

function secret(name: string, value: string): V1Secret {
  return { metadata: { name, namespace: 'ns' }, data: { value } };
}

/** A value source: `held` answers without I/O, `stored` only through fetch (counted). */
function source(held: Record<string, V1Secret>, stored: Record<string, V1Secret | undefined>) {
  const fetched: string[] = [];
  return {
    fetched,
    peek: (_namespace: string, name: string) =>
      name in held ? held[name] : name in stored ? NOT_FETCHED : undefined,
    fetch: (_namespace: string, name: string) => {
      fetched.push(name);
      return Promise.resolve(stored[name]);
    },
  };
}

/** A planner that reads `first`, and `second` only when `first` names it: a Secret found through another. */
function chained(lookup: SecretLookup): string[] {
  const first = lookup('ns', 'first')?.data?.value;
  if (!first) return ['first missing'];
  const second = lookup('ns', first)?.data?.value;
  return [first, second ?? 'second missing'];
}

describe('planWithSecrets', () => {
  it('runs the planner once and fetches nothing when every value is held', async () => {
    const values = source({ first: secret('first', 'other'), other: secret('other', 'x') }, {});
    let runs = 0;
    const result = await planWithSecrets(
      values,
      (lookup) => {
        runs++;
        return chained(lookup);
      },
      (planned) => Promise.resolve(planned),
    );
    expect(result).toEqual(['other', 'x']);
    expect(runs).toBe(1);
    expect(values.fetched).toEqual([]);
  });

  it('fetches what the planner missed, round by round, and acts only on the last plan', async () => {
    const values = source({}, { first: secret('first', 'other'), other: secret('other', 'x') });
    const acted: string[][] = [];
    await planWithSecrets(values, chained, (planned) => {
      acted.push(planned);
      return Promise.resolve();
    });
    expect(values.fetched).toEqual(['first', 'other']);
    expect(acted).toEqual([['other', 'x']]);
  });

  it('a Secret that is not there is absent without a fetch; one gone meanwhile is absent after it', async () => {
    const values = source({}, { first: undefined });
    expect(await planWithSecrets(values, chained, (planned) => Promise.resolve(planned))).toEqual([
      'first missing',
    ]);
    expect(values.fetched).toEqual(['first']);
    const none = source({}, {});
    expect(await planWithSecrets(none, chained, (planned) => Promise.resolve(planned))).toEqual([
      'first missing',
    ]);
    expect(none.fetched).toEqual([]);
  });

  it('acts in the same synchronous step as the last planner run', async () => {
    const values = source({}, { first: secret('first', 'other'), other: secret('other', 'x') });
    let reserved = false;
    let seenByAct: boolean | undefined;
    await planWithSecrets(
      values,
      (lookup) => {
        reserved = true;
        // Anything queued now would run between a returned plan and an awaiting caller.
        queueMicrotask(() => (reserved = false));
        return chained(lookup);
      },
      () => {
        seenByAct = reserved;
        return Promise.resolve();
      },
    );
    expect(seenByAct).toBe(true);
  });

  it('gives up on a planner that keeps asking for new Secrets', async () => {
    let n = 0;
    const endless = {
      peek: (): typeof NOT_FETCHED => NOT_FETCHED,
      fetch: () => Promise.resolve(secret('s', 'v')),
    };
    await expect(
      planWithSecrets(
        endless,
        (lookup) => lookup('ns', `s${n++}`),
        () => Promise.resolve(),
      ),
    ).rejects.toThrow(/still reading new Secrets/);
  });
});
