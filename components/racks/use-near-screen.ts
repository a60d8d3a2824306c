'use client';

import { useCallback, useState, type RefCallback } from 'react';
import { flushSync } from 'react-dom';

/** How far beyond the window an element counts as near: half a screen above and below. */
const MARGIN = '50% 0px';

const onChange = new WeakMap<Element, (near: boolean) => void>();
/** What each element was last told; an element not in it was never near. */
const told = new WeakMap<Element, boolean>();
/** Changes not rendered yet, oldest first, each element's latest; rendered one per task. */
const pending = new Map<Element, boolean>();
let observer: IntersectionObserver | undefined;
let channel: MessageChannel | undefined;
let draining = false;

/**
 * Renders the oldest pending change on its own, then yields the thread before the next. A row of
 * racks scrolled near is hundreds of boxes: rendered together (even as one transition, whose commit
 * is one task) they were a long task while the user panned; one rack is one short task, and the frame
 * in between can paint.
 */
function renderNext(): void {
  const next = pending.entries().next();
  if (next.done) {
    draining = false;
    return;
  }
  const [element, near] = next.value;
  pending.delete(element);
  const setNear = onChange.get(element);
  if (setNear) {
    told.set(element, near);
    flushSync(() => {
      setNear(near);
    });
  }
  nextTask();
}

/** A task of its own, without setTimeout's clamping to 4 ms once nested. */
function nextTask(): void {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = renderNext;
  }
  channel.port2.postMessage(undefined);
}

/** One observer for every element: at 250 racks, one each would be 250 observers. */
function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const { target, isIntersecting } = entry;
        if (!onChange.has(target)) continue;
        pending.delete(target);
        // Back where it was before a change not rendered yet: nothing to render.
        if ((told.get(target) ?? false) !== isIntersecting) pending.set(target, isIntersecting);
      }
      if (!draining && pending.size > 0) {
        draining = true;
        nextTask();
      }
    },
    { rootMargin: MARGIN },
  );
  return observer;
}

/**
 * Whether the element given to the ref is on screen or near it. Changes are rendered one element per
 * task, in the order the observer reported them (the document's).
 */
export function useNearScreen<T extends Element>(): [RefCallback<T>, boolean] {
  const [near, setNear] = useState(false);
  const ref = useCallback((element: T | null) => {
    if (!element) return undefined;
    onChange.set(element, setNear);
    sharedObserver().observe(element);
    return () => {
      sharedObserver().unobserve(element);
      onChange.delete(element);
      told.delete(element);
      pending.delete(element);
    };
  }, []);
  return [ref, near];
}
