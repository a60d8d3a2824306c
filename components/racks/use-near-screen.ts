'use client';

import { startTransition, useCallback, useState, type RefCallback } from 'react';

/** How far beyond the window an element counts as near: half a screen above and below. */
const MARGIN = '50% 0px';

const onChange = new WeakMap<Element, (near: boolean) => void>();
let observer: IntersectionObserver | undefined;

/** One observer for every element: at 250 racks, one each would be 250 observers. */
function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) onChange.get(entry.target)?.(entry.isIntersecting);
    },
    { rootMargin: MARGIN },
  );
  return observer;
}

/**
 * Whether the element given to the ref is on screen or near it. The change renders as a transition:
 * a row of racks scrolled into view is drawn in slices, not in one long task while the user pans.
 */
export function useNearScreen<T extends Element>(): [RefCallback<T>, boolean] {
  const [near, setNear] = useState(false);
  const ref = useCallback((element: T | null) => {
    if (!element) return undefined;
    onChange.set(element, (value) => {
      startTransition(() => {
        setNear(value);
      });
    });
    sharedObserver().observe(element);
    return () => {
      sharedObserver().unobserve(element);
      onChange.delete(element);
    };
  }, []);
  return [ref, near];
}
