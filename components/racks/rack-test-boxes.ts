// Boxes, racks and messages of the rack view for the tests of the page's store and elevation.
import type { RacksDelta } from '@/server/api/racks/rack-delta';
import type { RackHostView, RackView } from '@/server/api/racks/rack-view';

/** One healthy 1U host's box at `slot`, with `change` on top. */
export function rackBox(key: string, slot: number, change: Partial<RackHostView> = {}): RackHostView {
  const [namespace = '', name = ''] = key.split('/');
  return {
    key,
    namespace,
    name,
    resourceVersion: '1',
    tone: 'ok',
    power: 'on',
    label: 'Available',
    slot,
    height: 1,
    lane: 0,
    lanes: 1,
    problems: [],
    match: true,
    ...change,
  };
}

export function rackOf(name: string, ...placed: RackHostView[]): RackView {
  return { name, problems: 0, placed, tray: [], version: JSON.stringify(placed) };
}

export function racksDelta(full: boolean, order: string[], ...racks: RackView[]): RacksDelta {
  return { full, units: 42, hosts: 80, matched: 80, order, racks };
}
