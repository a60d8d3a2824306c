import { describe, expect, it } from 'vitest';
import { HardwareStore } from './hardware-store';

const mac = (index: number) => `02:00:00:00:00:${index.toString(16).padStart(2, '0')}`;

function storeOf(max: number, maxAgeMs = 60_000): HardwareStore {
  return new HardwareStore(() => undefined, { max, maxAgeMs });
}

describe('HardwareStore limits', () => {
  it('drops the least recently seen unleased MAC beyond the size limit and counts it', () => {
    const store = storeOf(3);
    for (const index of [1, 2, 3]) store.sight(mac(index), null, index);
    store.sight(mac(1), null, 4);
    store.sight(mac(4), null, 5);
    expect([...store.all()].map((record) => record.mac)).toEqual([mac(3), mac(1), mac(4)]);
    expect(store.evictions).toBe(1);
    expect(store.takeEvicted()).toEqual([mac(2)]);
    expect(store.takePending().map((delta) => delta.mac)).not.toContain(mac(2));
  });

  it('never drops claimed hardware', () => {
    const store = storeOf(2);
    store.sight(mac(1), null, 1);
    const claim = { uid: 'u', namespace: 'n', name: 'm' };
    store.applyStates(
      [
        {
          mac: mac(1),
          state: 'claimed',
          claim,
          attempts: 0,
          failureReason: null,
          failureMessage: null,
          stateChangedAt: 1,
          ip: null,
          boundAt: null,
          conflict: null,
        },
      ],
      1,
    );
    for (const index of [2, 3, 4]) store.sight(mac(index), null, index);
    expect(store.get(mac(1))?.state).toBe('claimed');
    expect(store.size).toBe(2);
  });

  it('drops unleased MACs not seen within the age limit', () => {
    const store = storeOf(10, 1000);
    store.sight(mac(1), null, 0);
    store.sight(mac(2), null, 1500);
    store.expire(2000);
    expect(store.get(mac(1))).toBeUndefined();
    expect(store.get(mac(2))).toBeDefined();
    expect(store.takeEvicted()).toEqual([mac(1)]);
  });

  it('forgets an eviction when the MAC boots again before the flush', () => {
    const store = storeOf(1);
    store.sight(mac(1), null, 1);
    store.sight(mac(2), null, 2);
    store.sight(mac(1), null, 3);
    expect(store.takeEvicted()).toEqual([mac(2)]);
  });
});

function flushedRow(index: number, lastSeen: number, bootCount: number) {
  return {
    mac: mac(index),
    vendor: null,
    firstSeen: 1,
    lastSeen,
    bootCount,
    ip: `10.0.0.${index}`,
    boundAt: 1,
    conflict: null,
    uuid: null,
    serial: `S${index}`,
    hostname: null,
    state: 'unleased' as const,
    claim: null,
    attempts: 0,
    failureReason: null,
    failureMessage: null,
    stateChangedAt: 0,
  };
}

describe('HardwareStore address binding', () => {
  it('binds a MAC to its first address; another address changes no fact and becomes its conflict', () => {
    const store = storeOf(10);
    store.sight(mac(1), '10.0.0.1', 1, { uuid: 'U1', serial: 'S1', hostname: 'h1' });
    store.sight(mac(1), '10.0.0.66', 2, { uuid: 'U2', serial: 'S2', hostname: 'h2' });
    store.sight(mac(1), '10.0.0.66', 3);
    expect(store.get(mac(1))).toMatchObject({
      ip: '10.0.0.1',
      uuid: 'U1',
      serial: 'S1',
      hostname: 'h1',
      lastSeen: 1,
      bootCount: 1,
      conflict: { ip: '10.0.0.66', firstSeen: 2, lastSeen: 3, count: 2 },
    });
    expect(store.takePending()).toMatchObject([{ mac: mac(1), boots: 1, ip: '10.0.0.1' }]);
  });

  it("keeps a conflict newer than the database's binding, drops one an operator's confirmation answered", () => {
    const store = storeOf(10);
    store.sight(mac(1), '10.0.0.1', 1);
    store.sight(mac(1), '10.0.0.66', 5);
    const row = { ...flushedRow(1, 1, 1), stateChangedAt: 6 };
    store.applyStates([{ ...row, boundAt: 4 }], 6);
    expect(store.get(mac(1))?.conflict?.ip).toBe('10.0.0.66');
    store.applyStates([{ ...row, ip: '10.0.0.66', boundAt: 7, stateChangedAt: 7 }], 7);
    expect(store.get(mac(1))).toMatchObject({ ip: '10.0.0.66', conflict: null });
  });
});

describe('HardwareStore sightings of other replicas', () => {
  it('lists a MAC that booted only against another replica, and counts its boots there and here', () => {
    const store = storeOf(10);
    store.sight(mac(1), '10.0.0.1', 5);
    store.takePending();
    // This replica's flushed boot is in the row (2 = 1 here + 1 elsewhere); one more here is unflushed.
    store.sight(mac(1), '10.0.0.1', 6);
    store.mergeSightings([flushedRow(1, 5, 2), flushedRow(2, 7, 3)]);
    expect(store.get(mac(1))).toMatchObject({ bootCount: 3, lastSeen: 6, firstSeen: 1, serial: 'S1' });
    expect(store.get(mac(2))).toMatchObject({ bootCount: 3, lastSeen: 7, ip: '10.0.0.2', state: 'unleased' });
  });

  it('moves a MAC seen more recently elsewhere to the newest end, so it is evicted last', () => {
    const store = storeOf(2);
    store.sight(mac(1), null, 1);
    store.sight(mac(2), null, 2);
    store.mergeSightings([flushedRow(1, 3, 2)]);
    expect([...store.all()].map((record) => record.mac)).toEqual([mac(2), mac(1)]);
    store.mergeSightings([flushedRow(3, 4, 1)]);
    expect([...store.all()].map((record) => record.mac)).toEqual([mac(1), mac(3)]);
    expect(store.takeEvicted()).toEqual([mac(2)]);
  });

  it('leaves lifecycle states to applyStates, and a MAC it is about to forget forgotten', () => {
    const store = storeOf(1);
    store.sight(mac(1), null, 1);
    store.applyStates(
      [
        {
          ...flushedRow(1, 1, 1),
          state: 'claimed',
          claim: { uid: 'u', namespace: 'n', name: 'm' },
          stateChangedAt: 2,
        },
      ],
      2,
    );
    store.takePending();
    store.mergeSightings([flushedRow(1, 3, 4)]);
    expect(store.get(mac(1))).toMatchObject({ state: 'claimed', bootCount: 4 });
    store.sight(mac(2), null, 4);
    store.sight(mac(3), null, 5);
    // mac(2) was evicted for the size limit; its row, read back before the flush deletes it, stays out.
    store.mergeSightings([flushedRow(2, 4, 1)]);
    expect(store.get(mac(2))).toBeUndefined();
  });
});
