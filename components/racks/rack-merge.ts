import type { RacksDelta } from '@/server/api/racks/rack-delta';
import type { RackView, RacksView } from '@/server/api/racks/rack-view';

/**
 * The rack view after `delta`: the racks it carries replace those of the same name, the others stay
 * the same objects (so their elevations are not drawn again), in the order it gives. A full delta
 * replaces everything. `undefined` when a rack it names was never sent: a message went missing, and
 * the view can only be trusted again after a full one.
 */
export function mergeRacks(view: RacksView | undefined, delta: RacksDelta): RacksView | undefined {
  if (!delta.full && !view) return undefined;
  const byName = new Map<string, RackView>(delta.full ? [] : view?.racks.map((rack) => [rack.name, rack]));
  for (const rack of delta.racks) byName.set(rack.name, rack);
  const racks: RackView[] = [];
  for (const name of delta.order) {
    const rack = byName.get(name);
    if (!rack) return undefined;
    racks.push(rack);
  }
  return { units: delta.units, hosts: delta.hosts, matched: delta.matched, racks };
}
