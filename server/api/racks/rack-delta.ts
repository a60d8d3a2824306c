import type { DeltaMessage, LiveMessage } from '../../types/live-message';
import type { RackView, RacksView } from './rack-view';

/**
 * One message of the rack view: the first holds every rack (`full`), each after it only the racks
 * new or changed since the message before, and the order of all of them. At 10,000 hosts the whole
 * fleet is megabytes, and a change touches one rack of hundreds.
 */
export interface RacksDelta {
  full: boolean;
  units: number;
  hosts: number;
  matched: number;
  /** Every rack's name, in drawing order; a rack no longer named here is gone. */
  order: string[];
  /** The racks new or changed since the message before (every rack when `full`). */
  racks: RackView[];
}

export type RacksMessage = DeltaMessage<RacksDelta> | { same: true; view?: undefined };

/** What tells two rack views apart without serialising their hosts: every rack's version, in order. */
export function racksFingerprint(view: RacksView): string {
  return `${view.units} ${view.hosts} ${view.matched}\n${view.racks.map((rack) => `${rack.name}\0${rack.version}`).join('\n')}`;
}

/**
 * `view` as a message to a subscriber that was last sent the rack versions in `sent` (by rack name;
 * none yet: the full view).
 */
export function racksDelta(view: RacksView, sent: ReadonlyMap<string, string> | undefined): RacksDelta {
  return {
    full: sent === undefined,
    units: view.units,
    hosts: view.hosts,
    matched: view.matched,
    order: view.racks.map((rack) => rack.name),
    racks: sent ? view.racks.filter((rack) => sent.get(rack.name) !== rack.version) : view.racks,
  };
}

/**
 * One subscriber's rack view messages as deltas. Its state is the version of each rack it was sent,
 * no more than the fleet has racks; a new subscription (a reconnect) starts empty and so gets the
 * full view.
 */
export async function* racksDeltas(
  messages: AsyncIterable<LiveMessage<RacksView>>,
): AsyncGenerator<RacksMessage> {
  let sent: Map<string, string> | undefined;
  for await (const message of messages) {
    if (!message.view) {
      yield { same: true };
      continue;
    }
    const delta = racksDelta(message.view, sent);
    sent = new Map(message.view.racks.map((rack) => [rack.name, rack.version]));
    yield { view: delta, delta: true };
  }
}
