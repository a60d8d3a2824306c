import { describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../types/live-message';
import { racksDelta, racksDeltas, racksFingerprint } from './rack-delta';
import type { RackView, RacksView } from './rack-view';

const rack = (name: string, version: string): RackView => ({
  name,
  problems: 0,
  placed: [],
  tray: [],
  version,
});
/** The hub's messages, one per turn. */
async function* messagesOf(messages: LiveMessage<RacksView>[]): AsyncGenerator<LiveMessage<RacksView>> {
  for (const message of messages) yield await Promise.resolve(message);
}

const fleet = (...racks: RackView[]): RacksView => ({
  units: 42,
  racks,
  hosts: racks.length,
  matched: racks.length,
});

describe('racksDelta', () => {
  it.each([
    {
      case: 'nothing sent yet: every rack, full',
      view: fleet(rack('r1', 'a'), rack('r2', 'b')),
      sent: undefined,
      full: true,
      racks: ['r1', 'r2'],
    },
    {
      case: 'one rack changed: that rack only',
      view: fleet(rack('r1', 'a'), rack('r2', 'c')),
      sent: new Map([
        ['r1', 'a'],
        ['r2', 'b'],
      ]),
      full: false,
      racks: ['r2'],
    },
    {
      case: 'a new rack: the new rack',
      view: fleet(rack('r1', 'a'), rack('r3', 'x')),
      sent: new Map([['r1', 'a']]),
      full: false,
      racks: ['r3'],
    },
    {
      case: 'a rack gone: no rack, and the order without it',
      view: fleet(rack('r2', 'b')),
      sent: new Map([
        ['r1', 'a'],
        ['r2', 'b'],
      ]),
      full: false,
      racks: [],
    },
    {
      case: 'only the order changed: no rack',
      view: fleet(rack('r2', 'b'), rack('r1', 'a')),
      sent: new Map([
        ['r1', 'a'],
        ['r2', 'b'],
      ]),
      full: false,
      racks: [],
    },
  ])('$case', ({ view, sent, full, racks }) => {
    const delta = racksDelta(view, sent);
    expect(delta.full).toBe(full);
    expect(delta.racks.map((each) => each.name)).toEqual(racks);
    expect(delta.order).toEqual(view.racks.map((each) => each.name));
    expect([delta.units, delta.hosts, delta.matched]).toEqual([view.units, view.hosts, view.matched]);
  });
});

describe('racksFingerprint', () => {
  it('differs when a version, the order or the counts differ, and not otherwise', () => {
    const base = racksFingerprint(fleet(rack('r1', 'a'), rack('r2', 'b')));
    expect(racksFingerprint(fleet(rack('r1', 'a'), rack('r2', 'b')))).toBe(base);
    expect(racksFingerprint(fleet(rack('r1', 'a'), rack('r2', 'c')))).not.toBe(base);
    expect(racksFingerprint(fleet(rack('r2', 'b'), rack('r1', 'a')))).not.toBe(base);
    expect(racksFingerprint({ ...fleet(rack('r1', 'a'), rack('r2', 'b')), matched: 1 })).not.toBe(base);
  });
});

describe('racksDeltas', () => {
  it('sends the full view first, then each message only what changed since the one before it', async () => {
    const source = messagesOf([
      { view: fleet(rack('r1', 'a'), rack('r2', 'b')) },
      { same: true },
      { view: fleet(rack('r1', 'a'), rack('r2', 'c')) },
      { view: fleet(rack('r1', 'd'), rack('r2', 'c')) },
    ]);
    const sent = [];
    for await (const message of racksDeltas(source)) {
      sent.push(
        message.view
          ? { full: message.view.full, racks: message.view.racks.map((each) => each.name) }
          : message,
      );
    }
    expect(sent).toEqual([
      { full: true, racks: ['r1', 'r2'] },
      { same: true },
      { full: false, racks: ['r2'] },
      { full: false, racks: ['r1'] },
    ]);
  });

  it('starts afresh for a new subscription, as a reconnect makes', async () => {
    const fulls = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      const source = messagesOf([{ view: fleet(rack('r1', 'a')) }]);
      for await (const message of racksDeltas(source)) fulls.push(message.view?.full);
    }
    expect(fulls).toEqual([true, true]);
  });
});
