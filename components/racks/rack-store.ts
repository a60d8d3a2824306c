import type { RacksDelta } from '@/server/api/racks/rack-delta';
import type { RackHostView, RackView } from '@/server/api/racks/rack-view';

/** Where a box sits: all a rack's elevation needs of it; what the box shows is in the store by key. */
export type BoxPlace = Pick<RackHostView, 'key' | 'slot' | 'height' | 'lane' | 'lanes'>;

/** A rack as its elevation draws it: the same object for as long as no box moves and its count holds. */
export interface RackFrame {
  name: string;
  problems: number;
  placed: BoxPlace[];
  tray: BoxPlace[];
}

export interface RacksFrame {
  units: number;
  hosts: number;
  matched: number;
  racks: RackFrame[];
}

type Listener = () => void;

function placeOf({ key, slot, height, lane, lanes }: RackHostView): BoxPlace {
  return { key, slot, height, lane, lanes };
}

function samePlaces(a: readonly BoxPlace[], b: readonly BoxPlace[]): boolean {
  return (
    a.length === b.length &&
    a.every((place, index) => {
      const other = b[index];
      return (
        other !== undefined &&
        place.key === other.key &&
        place.slot === other.slot &&
        place.height === other.height &&
        place.lane === other.lane &&
        place.lanes === other.lanes
      );
    })
  );
}

function sameFrame(a: RackFrame, b: RackFrame): boolean {
  return a.problems === b.problems && samePlaces(a.placed, b.placed) && samePlaces(a.tray, b.tray);
}

/** Boxes are small, flat and built in one field order by the server: their JSON tells them apart. */
function sameBox(a: RackHostView, b: RackHostView): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The rack view on the page, kept apart by what repaints: the racks' frames (one per rack, redrawn
 * when a box moves) and each host's box (redrawn when what it shows changes). A delta replaces the
 * racks it carries; a host whose box is the same as before keeps its object and its subscribers hear
 * nothing, so one host's change repaints one box (for useSyncExternalStore).
 */
export class RackStore {
  private view: RacksFrame | undefined;
  private frames = new Map<string, RackFrame>();
  private boxes = new Map<string, RackHostView>();
  private readonly viewListeners = new Set<Listener>();
  private readonly boxListeners = new Map<string, Set<Listener>>();

  /**
   * Takes in one message; false, changing nothing, when it names a rack never sent (a message went
   * missing: only a full one can be trusted again).
   */
  apply(delta: RacksDelta): boolean {
    const sent = new Set(delta.racks.map((rack) => rack.name));
    const known = delta.full ? sent : new Set([...this.frames.keys(), ...sent]);
    if ((!delta.full && !this.view) || delta.order.some((name) => !known.has(name))) return false;

    // Every box of a rack replaced or gone, less those sent again as they were.
    const changed = new Set<string>();
    const frames = new Map<string, RackFrame>();
    const kept = new Set(delta.order);
    for (const [name, frame] of this.frames) {
      if (delta.full || sent.has(name) || !kept.has(name)) {
        for (const place of [...frame.placed, ...frame.tray]) changed.add(place.key);
      }
      if (!delta.full && kept.has(name)) frames.set(name, frame);
    }
    for (const rack of delta.racks) frames.set(rack.name, this.frameOf(rack, frames.get(rack.name)));

    const boxes = new Map<string, RackHostView>();
    const keep = (key: string, box: RackHostView | undefined) => {
      if (box) boxes.set(key, box);
    };
    for (const frame of frames.values()) {
      for (const place of [...frame.placed, ...frame.tray]) keep(place.key, this.boxes.get(place.key));
    }
    for (const rack of delta.racks) {
      for (const box of [...rack.placed, ...rack.tray]) {
        const before = this.boxes.get(box.key);
        if (before && sameBox(before, box)) {
          boxes.set(box.key, before);
          changed.delete(box.key);
        } else {
          boxes.set(box.key, box);
          changed.add(box.key);
        }
      }
    }
    this.frames = frames;
    this.boxes = boxes;

    const racks = delta.order.map((name) => frames.get(name) as RackFrame);
    const before = this.view;
    const same =
      before !== undefined &&
      before.units === delta.units &&
      before.hosts === delta.hosts &&
      before.matched === delta.matched &&
      before.racks.length === racks.length &&
      before.racks.every((frame, index) => frame === racks[index]);
    if (!same) {
      this.view = { units: delta.units, hosts: delta.hosts, matched: delta.matched, racks };
      for (const listener of this.viewListeners) listener();
    }
    for (const key of changed) for (const listener of this.boxListeners.get(key) ?? []) listener();
    return true;
  }

  private frameOf(rack: RackView, before: RackFrame | undefined): RackFrame {
    const frame: RackFrame = {
      name: rack.name,
      problems: rack.problems,
      placed: rack.placed.map(placeOf),
      tray: rack.tray.map(placeOf),
    };
    return before && sameFrame(before, frame) ? before : frame;
  }

  readonly getView = (): RacksFrame | undefined => this.view;

  readonly getBox = (key: string): RackHostView | undefined => this.boxes.get(key);

  readonly subscribeView = (listener: Listener): (() => void) => {
    this.viewListeners.add(listener);
    return () => {
      this.viewListeners.delete(listener);
    };
  };

  readonly subscribeBox = (key: string, listener: Listener): (() => void) => {
    let listeners = this.boxListeners.get(key);
    if (!listeners) {
      listeners = new Set();
      this.boxListeners.set(key, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.boxListeners.delete(key);
    };
  };
}
