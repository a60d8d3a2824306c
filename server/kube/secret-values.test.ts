import type { V1Secret } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { NOT_FETCHED, planWithSecrets, SecretValues, type SecretLookup } from './secret-values';

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
    fetchAll: (wanted: [string, string][]) => {
      fetched.push(...wanted.map(([, name]) => name));
      return Promise.resolve(wanted.map(([, name]) => stored[name]));
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

  it('peeks each Secret once a round however often the planner asks', async () => {
    const values = source({ first: secret('first', 'other'), other: secret('other', 'x') }, {});
    const peeks: string[] = [];
    const counted = {
      ...values,
      peek: (namespace: string, name: string) => (peeks.push(name), values.peek(namespace, name)),
    };
    await planWithSecrets(
      counted,
      (lookup, pending) => [pending('ns', 'first'), chained(lookup), chained(lookup)],
      (planned) => Promise.resolve(planned),
    );
    expect(peeks).toEqual(['first', 'other']);
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

  it('fetches only the Secrets of the candidates a planner went ahead with, then the next when one is bad', async () => {
    // Candidates c1…c5, each with one Secret; c2's says it is unusable. The planner wants two usable ones.
    const stored = Object.fromEntries(
      [1, 2, 3, 4, 5].map((i) => [`c${i}`, secret(`c${i}`, i === 2 ? 'bad' : 'good')]),
    );
    const values = source({}, stored);
    const chosen = await planWithSecrets(
      values,
      (lookup, pending) => {
        const picked: string[] = [];
        for (const name of Object.keys(stored)) {
          if (picked.length === 2) break;
          if (pending('ns', name) || lookup('ns', name)?.data?.value === 'good') picked.push(name);
        }
        return picked;
      },
      (planned) => Promise.resolve(planned),
    );
    expect(chosen).toEqual(['c1', 'c3']);
    expect(values.fetched).toEqual(['c1', 'c2', 'c3']);
  });

  it('stops going ahead on pending Secrets after a few rounds, so a planner whose picks keep going still ends', async () => {
    // Every candidate this planner went ahead with is "taken" by the next round: only reading them all helps.
    const stored = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`c${i}`, secret(`c${i}`, 'good')]),
    );
    const values = source({}, stored);
    let run = 0;
    const chosen = await planWithSecrets(
      values,
      (lookup, pending) => {
        const taken = run++;
        for (const [index, name] of Object.keys(stored).entries()) {
          if (index < taken) continue;
          if (pending('ns', name)) return `pending ${name}`;
          if (lookup('ns', name)?.data?.value === 'good') return name;
        }
        return 'none';
      },
      (planned) => Promise.resolve(planned),
    );
    expect(chosen).toBe('c5');
    expect(run).toBe(6);
  });

  it('gives up on a planner that keeps asking for new Secrets', async () => {
    let n = 0;
    const endless = {
      peek: (): typeof NOT_FETCHED => NOT_FETCHED,
      fetchAll: (wanted: [string, string][]) => Promise.resolve(wanted.map(() => secret('s', 'v'))),
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

/** A cluster in memory: what the reader answers and what the metadata cache shows. */
function cluster() {
  const stored = new Map<string, V1Secret>();
  const reads: string[] = [];
  const put = (name: string, value: string, version: string) =>
    stored.set(name, {
      metadata: { name, namespace: 'ns', resourceVersion: version, annotations: { big: 'x'.repeat(100) } },
      type: 'Opaque',
      data: { value },
    });
  const metadata = (_namespace: string, name: string) => {
    const found = stored.get(name);
    return found && { metadata: { resourceVersion: found.metadata?.resourceVersion } };
  };
  const notOlderThan: (string | undefined)[] = [];
  const reader = (_namespace: string, name: string, version?: string) => {
    reads.push(name);
    notOlderThan.push(version);
    return Promise.resolve(stored.get(name));
  };
  return { stored, reads, notOlderThan, put, metadata, reader };
}

describe('SecretValues', () => {
  it('holds a value while the metadata cache shows its version, and only what a planner reads', async () => {
    const c = cluster();
    c.put('a', 'one', '1');
    const values = new SecretValues(c.reader, c.metadata);
    expect(values.peek('ns', 'a')).toBe(NOT_FETCHED);
    expect((await values.get('ns', 'a'))?.data).toEqual({ value: 'one' });
    const held = values.peek('ns', 'a');
    expect(held).toEqual({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'a', namespace: 'ns', uid: undefined, resourceVersion: '1' },
      type: 'Opaque',
      data: { value: 'one' },
    });
    await values.get('ns', 'a');
    expect(c.reads).toEqual(['a']);
    c.put('a', 'two', '2');
    expect(values.peek('ns', 'a')).toBe(NOT_FETCHED);
    expect((await values.get('ns', 'a'))?.data).toEqual({ value: 'two' });
    // Each read asks for a value no older than the version the metadata cache showed.
    expect(c.notOlderThan).toEqual(['1', '2']);
  });

  it('serves a Secret it was told of without a GET, once the metadata cache shows that version', async () => {
    const c = cluster();
    const values = new SecretValues(c.reader, c.metadata);
    c.put('a', 'one', '1');
    const written = c.stored.get('a');
    if (!written) throw new Error('put did not store');
    values.remember(written);
    expect((await values.get('ns', 'a'))?.data).toEqual({ value: 'one' });
    c.put('a', 'two', '2');
    expect((await values.get('ns', 'a'))?.data).toEqual({ value: 'two' });
    expect(c.reads).toEqual(['a']);
    values.remember({ metadata: { name: 'no-namespace' }, data: { value: 'x' } });
    expect(values.size).toBe(1);
  });

  it('forgets a Secret the metadata cache no longer has, or the API server says is gone', async () => {
    const c = cluster();
    c.put('a', 'one', '1');
    c.put('b', 'two', '1');
    const values = new SecretValues(c.reader, c.metadata);
    await values.get('ns', 'a');
    await values.get('ns', 'b');
    expect(values.size).toBe(2);
    c.stored.delete('a');
    expect(values.peek('ns', 'a')).toBeUndefined();
    expect(await values.fetch('ns', 'b')).toBeDefined();
    c.stored.delete('b');
    expect(await values.fetch('ns', 'b')).toBeUndefined();
    expect(values.size).toBe(0);
    expect(await values.get('ns', 'never')).toBeUndefined();
    expect(c.reads).toEqual(['a', 'b', 'b', 'b']);
  });

  it('shares one read between callers asking at once', async () => {
    const c = cluster();
    c.put('a', 'one', '1');
    const values = new SecretValues(c.reader, c.metadata);
    await Promise.all([values.fetch('ns', 'a'), values.fetch('ns', 'a'), values.get('ns', 'a')]);
    expect(c.reads).toEqual(['a']);
    expect(values.fetches).toBe(1);
  });

  it('keeps to its entry and byte limits, the least recently read going first', async () => {
    const c = cluster();
    for (const name of ['a', 'b', 'c']) c.put(name, 'x'.repeat(10), '1');
    // Each entry is 15 bytes ("value" and ten characters).
    const values = new SecretValues(c.reader, c.metadata, { entries: 2, bytes: 100 });
    await values.get('ns', 'a');
    await values.get('ns', 'b');
    values.peek('ns', 'a');
    await values.get('ns', 'c');
    expect([values.peek('ns', 'a'), values.peek('ns', 'b')].map((v) => v === NOT_FETCHED)).toEqual([
      false,
      true,
    ]);
    expect(values.evictions).toBe(1);

    const byBytes = new SecretValues(c.reader, c.metadata, { entries: 10, bytes: 40 });
    for (const name of ['a', 'b', 'c']) await byBytes.get('ns', name);
    expect(byBytes.size).toBe(2);
    c.put('huge', 'x'.repeat(100), '1');
    expect((await byBytes.get('ns', 'huge'))?.data?.value).toHaveLength(100);
    expect(byBytes.peek('ns', 'huge')).toBe(NOT_FETCHED);
    expect(byBytes.size).toBe(2);
  });
});

/** A paged list of the cluster's Secrets, two a page, that can fail after a number of pages. */
function lister(c: ReturnType<typeof cluster>, failAfterPages = Number.POSITIVE_INFINITY) {
  const listed: string[] = [];
  const list = async function* (namespace: string) {
    listed.push(namespace);
    const all = [...c.stored.values()].map((s) => structuredClone(s));
    for (let page = 0; page * 2 < all.length; page++) {
      if (page >= failAfterPages) throw new Error('response larger than the bound');
      await Promise.resolve();
      yield all.slice(page * 2, page * 2 + 2);
    }
  };
  return { listed, listing: { list, count: () => c.stored.size } };
}

describe('SecretValues.fetchAll', () => {
  it("reads a namespace's Secrets by one list the first time, then by GET what the list did not give", async () => {
    const c = cluster();
    for (const name of ['a', 'b', 'c']) c.put(name, name, '1');
    const { listed, listing } = lister(c);
    const values = new SecretValues(c.reader, c.metadata, undefined, listing);
    const [a, b] = await Promise.all([
      values.fetchAll([
        ['ns', 'a'],
        ['ns', 'b'],
      ]),
      values.fetchAll([['ns', 'c']]),
    ]);
    expect([...a, ...b].map((s) => s?.data?.value)).toEqual(['a', 'b', 'c']);
    expect(listed).toEqual(['ns']);
    expect(c.reads).toEqual([]);
    expect(values.lists).toBe(1);

    c.put('d', 'd', '2');
    c.put('a', 'a2', '3');
    const later = await values.fetchAll([
      ['ns', 'd'],
      ['ns', 'a'],
      ['ns', 'b'],
    ]);
    expect(later.map((s) => s?.data?.value)).toEqual(['d', 'a2', 'b']);
    expect(listed).toEqual(['ns']);
    expect(c.reads).toEqual(['d', 'a']);
  });

  it('reads by GET a Secret the list gave at another version than the metadata cache shows', async () => {
    const c = cluster();
    c.put('a', 'old', '1');
    const { listing } = lister(c);
    const stale = {
      ...listing,
      list: async function* (namespace: string) {
        for await (const page of listing.list(namespace)) {
          c.put('a', 'new', '2');
          yield page;
        }
      },
    };
    const values = new SecretValues(c.reader, c.metadata, undefined, stale);
    expect((await values.fetchAll([['ns', 'a']]))[0]?.data?.value).toBe('new');
    expect(c.reads).toEqual(['a']);
  });

  it('does not list a namespace holding more Secrets than it keeps, and reads by GET after a failed list', async () => {
    const c = cluster();
    for (const name of ['a', 'b', 'c', 'd', 'e']) c.put(name, name, '1');
    const crowded = lister(c);
    const small = new SecretValues(c.reader, c.metadata, { entries: 4, bytes: 1000 }, crowded.listing);
    await small.fetchAll([['ns', 'a']]);
    expect(crowded.listed).toEqual([]);
    expect(c.reads).toEqual(['a']);

    c.reads.length = 0;
    const failing = lister(c, 1);
    const values = new SecretValues(c.reader, c.metadata, undefined, failing.listing);
    const found = await values.fetchAll([
      ['ns', 'a'],
      ['ns', 'e'],
    ]);
    expect(found.map((s) => s?.data?.value)).toEqual(['a', 'e']);
    expect(failing.listed).toEqual(['ns']);
    // The first page (a, b) was held; e came after the failure.
    expect(c.reads).toEqual(['e']);
    await values.fetchAll([['ns', 'd']]);
    expect(failing.listed).toEqual(['ns']);
  });

  it('reads by GET alone without a lister', async () => {
    const c = cluster();
    c.put('a', 'a', '1');
    const values = new SecretValues(c.reader, c.metadata);
    expect((await values.fetchAll([['ns', 'a']]))[0]?.data?.value).toBe('a');
    expect(c.reads).toEqual(['a']);
    expect(values.lists).toBe(0);
  });
});
