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

/** The object events of one cache (an Informer), all `objectChangesOf` needs of it. */
export interface ObjectEvents<T> {
  on(event: 'add' | 'delete', listener: (object: T) => void): unknown;
  on(event: 'update', listener: (object: T, previous: T) => void): unknown;
  off(event: 'add' | 'delete', listener: (object: T) => void): unknown;
  off(event: 'update', listener: (object: T, previous: T) => void): unknown;
}

/**
 * The changes of one cached kind that `concerns` a view: it hears each updated object with its
 * previous version, and each added or deleted one with `previous` undefined. A view that shows a few
 * objects of a large fleet (a search) is then neither rebuilt nor re-sent for the others' changes.
 */
export function objectChangesOf<T>(
  cache: ObjectEvents<T>,
  concerns: (object: T, previous: T | undefined) => boolean,
): Subscribe {
  return (onChange) => {
    const one = (object: T) => {
      if (concerns(object, undefined)) onChange();
    };
    const updated = (object: T, previous: T) => {
      if (concerns(object, previous)) onChange();
    };
    cache.on('add', one);
    cache.on('delete', one);
    cache.on('update', updated);
    return () => {
      cache.off('add', one);
      cache.off('delete', one);
      cache.off('update', updated);
    };
  };
}
