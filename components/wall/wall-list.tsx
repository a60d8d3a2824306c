'use client';

import { useLayoutEffect, useRef, useState } from 'react';
import type { WallItem } from '@/server/api/wall/wall-view';
import { itemsThatFit } from './wall-fit';
import { secondsText } from './wall-freshness';
import { useElementSize } from './use-element-size';

/** Time in state ("3 h 12 min", "35 s"); '' when the object does not say since when. */
export function durationText(since: string | undefined, now: number): string {
  if (!since) return '';
  return secondsText((now - Date.parse(since)) / 1000);
}

const ITEM_TEXT = 'text-[max(0.75rem,min(6.5cqh,3.4cqw))]';
const DETAIL_TEXT = 'text-[max(0.7rem,min(5cqh,2.6cqw))]';

/**
 * A tile's list, oldest first: as many items as the tile has room for, whole, and how many more there
 * are. Items that would be cut are hidden rather than removed, so hiding them does not move the rest.
 */
export function WallList({
  list,
  now,
  empty,
}: {
  list: { items: WallItem[]; total: number };
  now: number;
  empty: string;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const size = useElementSize(listRef);
  const [fitting, setFitting] = useState(list.items.length);
  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return;
    const bottoms = Array.from(element.children, (child) => {
      const item = child as HTMLElement;
      return item.offsetTop + item.offsetHeight;
    });
    setFitting(itemsThatFit(bottoms, element.clientHeight));
  }, [list.items, size.height, size.width]);

  if (list.items.length === 0) return <p className={`text-slate-400 ${ITEM_TEXT}`}>{empty}</p>;
  const more = list.total - Math.min(fitting, list.items.length);
  return (
    <>
      <ul ref={listRef} className="relative min-h-0 flex-1 space-y-[1.5cqh] overflow-hidden">
        {list.items.map((item, index) => (
          <li
            key={`${item.kind}/${item.namespace}/${item.name}`}
            className={`grid grid-cols-[1fr_auto] gap-x-[2cqw] ${ITEM_TEXT} ${index < fitting ? '' : 'invisible'}`}
          >
            <span className="truncate text-slate-50">
              <span className="text-slate-400">{item.kind}</span> {item.namespace}/{item.name}
            </span>
            <span className="tabular-nums text-slate-200">{durationText(item.since, now)}</span>
            <span className={`col-span-2 truncate text-slate-300 ${DETAIL_TEXT}`}>{item.detail}</span>
          </li>
        ))}
      </ul>
      <p className={`shrink-0 text-slate-400 ${DETAIL_TEXT}`} data-more={more}>
        {more > 0 ? `+ ${more} more` : '\u00a0'}
      </p>
    </>
  );
}
