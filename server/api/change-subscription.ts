import type { ResourceDescriptor } from '../kube/resource';

/** Starts calling `onChange` on every change of a live view's sources; the result stops it. */
export type Subscribe = (onChange: () => void) => () => void;

/** The cache side of `InformerSet`, all a subscription needs of it. */
export interface ChangeSource {
  onChange(listener: () => void, resources?: readonly ResourceDescriptor[]): () => void;
}

interface Emitter<Event extends string> {
  on(event: Event, listener: () => void): unknown;
  off(event: Event, listener: () => void): unknown;
}

/**
 * What every live subscription is made of: changes of the given kinds' caches (every cached kind when
 * none are given; a kind that is not cached adds nothing), and optionally other emitters' events (the
 * boot service's store and progress).
 */
export function changesOf(
  informers: ChangeSource,
  resources?: readonly ResourceDescriptor[],
  ...others: Subscribe[]
): Subscribe {
  return (onChange) => {
    const stops = [
      informers.onChange(onChange, resources),
      ...others.map((subscribe) => subscribe(onChange)),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  };
}

/** The named events of one emitter, as a source of `changesOf`. */
export function eventsOf<Event extends string>(emitter: Emitter<Event>, ...events: Event[]): Subscribe {
  return (onChange) => {
    for (const event of events) emitter.on(event, onChange);
    return () => {
      for (const event of events) emitter.off(event, onChange);
    };
  };
}
