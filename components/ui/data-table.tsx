'use client';

import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useDeferredValue, useRef, type ReactNode } from 'react';
import type { ShownRow } from './stable-rows';
import type { SortDir } from './url-state';

export interface Column<R> {
  id: string;
  header: ReactNode;
  /** A CSS grid track, e.g. `minmax(8rem,1.2fr)` or `4rem`. */
  width: string;
  sortKey?: string;
  align?: 'right';
  /** Classes of the cell itself, so a plain value (text, a number) is rendered with no element of its own. */
  cellClassName?: string;
  cell: (row: R) => ReactNode;
}

const ROW_HEIGHT = 46;
/**
 * Rows rendered beyond the viewport on each side: enough for one wheel step, few enough that a new
 * page (every row new) stays one short frame.
 */
const OVERSCAN = 6;

/**
 * A dense, virtualized table on CSS grid: only the rows in view are in the DOM, so a 250-row page
 * scrolls like a 50-row one. Sorting is the server's; the header only reports clicks.
 */
export function DataTable<R>({
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  onPointerInside,
  empty,
  testId,
  label,
  rowHeight = ROW_HEIGHT,
}: {
  columns: Column<R>[];
  rows: ShownRow<R>[];
  rowKey: (row: R) => string;
  sort?: { key: string; dir: SortDir };
  onSort?: (key: string) => void;
  onPointerInside?: (inside: boolean) => void;
  empty: ReactNode;
  testId: string;
  label: string;
  rowHeight?: number;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // TanStack Virtual keeps its own mutable state; it is not a candidate for compiler memoization.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    // Rows that scroll into view render in their own task rather than inside the scroll event, so a
    // wheel step is two short tasks instead of one long one; the overscan covers the frame between.
    useFlushSync: false,
    getItemKey: (index) => {
      const shown = rows[index];
      return shown ? rowKey(shown.row) : index;
    },
  });
  const template = columns.map((column) => column.width).join(' ');
  // A wheel step re-renders the table at once (default priority, one task); the rows it brings into
  // view render a step behind, as a transition React splits into short slices with input let in
  // between. One step's or one new page's rows in one task was what still made long tasks.
  const items = useDeferredValue(virtualizer.getVirtualItems());

  return (
    <div
      role="table"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      data-testid={testId}
      className="overflow-hidden rounded-lg border border-slate-800 bg-slate-900/50"
      onPointerEnter={() => onPointerInside?.(true)}
      onPointerLeave={() => onPointerInside?.(false)}
    >
      <div ref={scroller} className="max-h-[calc(100vh-17rem)] min-h-40 overflow-auto">
        <div
          role="row"
          className="sticky top-0 z-10 grid border-b border-slate-700 bg-slate-900 text-[11px] font-semibold uppercase tracking-wide text-slate-400"
          style={{ gridTemplateColumns: template }}
        >
          {columns.map((column) => {
            const active = sort && column.sortKey === sort.key;
            const ariaSort = active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined;
            return (
              <div
                key={column.id}
                role="columnheader"
                aria-sort={ariaSort}
                className={`px-2 py-2 ${column.align === 'right' ? 'text-right' : ''}`}
              >
                {column.sortKey && onSort ? (
                  <button
                    type="button"
                    data-testid={`sort-${column.sortKey}`}
                    onClick={() => {
                      onSort(column.sortKey ?? '');
                    }}
                    className={`inline-flex items-center gap-1 uppercase hover:text-white ${active ? 'text-sky-300' : ''}`}
                  >
                    {column.header}
                    <span aria-hidden className="w-2 text-[10px]">
                      {active ? (sort.dir === 'asc' ? '▲' : '▼') : ''}
                    </span>
                  </button>
                ) : (
                  column.header
                )}
              </div>
            );
          })}
        </div>
        {rows.length === 0 ? (
          // A row of one cell: a table's content is rows, or assistive technology cannot read it as one.
          <div role="row">
            <div role="cell" className="px-4 py-10 text-center text-sm text-slate-400">
              {empty}
            </div>
          </div>
        ) : (
          <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const shown = rows[item.index];
              if (!shown) return null;
              return (
                <TableRow
                  key={item.key}
                  shown={shown}
                  rowKey={rowKey}
                  columns={columns}
                  template={template}
                  index={item.index}
                  start={item.start}
                  size={item.size}
                />
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}

interface TableRowProps<R> {
  shown: ShownRow<R>;
  rowKey: (row: R) => string;
  columns: Column<R>[];
  template: string;
  index: number;
  start: number;
  size: number;
}

/**
 * One row, memoized: scrolling re-renders the table for every wheel step, and only the rows that came
 * into view (or moved) need rendering then. Not CSS-contained: a row's menu reaches below the row, and
 * layout containment would leave the part outside the row unreachable in the table's scroller.
 */
const TableRow = memo(function TableRow<R>({
  shown,
  rowKey,
  columns,
  template,
  index,
  start,
  size,
}: TableRowProps<R>) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-testid="row"
      data-key={rowKey(shown.row)}
      data-gone={shown.gone ? 'true' : undefined}
      title={shown.gone ? 'No longer matches; it leaves when the pointer leaves the table' : undefined}
      className={`absolute inset-x-0 grid items-center border-b border-slate-800/70 text-sm hover:bg-slate-800/40 ${
        shown.gone ? 'opacity-40 [&_a]:line-through' : ''
      }`}
      style={{ gridTemplateColumns: template, height: size, transform: `translateY(${start}px)` }}
    >
      {columns.map((column) => (
        <div
          key={column.id}
          role="cell"
          className={`min-w-0 px-2 ${column.align === 'right' ? 'text-right' : ''} ${column.cellClassName ?? ''}`}
        >
          {column.cell(shown.row)}
        </div>
      ))}
    </div>
  );
}) as <R>(props: TableRowProps<R>) => ReactNode;

/**
 * Two stacked lines in a cell: the value, and a dimmer detail underneath. No wrapper element: the cell
 * stacks them, and a page of rows is that many fewer elements to style and lay out while scrolling.
 */
export function TwoLine({
  top,
  bottom,
  mono,
  title,
  bottomTitle,
  testId,
}: {
  top: ReactNode;
  bottom?: ReactNode;
  mono?: boolean;
  /** The top line's tooltip. */
  title?: string;
  bottomTitle?: string;
  /** The top line's test id. */
  testId?: string;
}) {
  return (
    <>
      <div
        className={`truncate leading-tight ${mono ? 'font-mono text-[13px]' : ''}`}
        title={title}
        data-testid={testId}
      >
        {top}
      </div>
      {bottom !== undefined && bottom !== null && bottom !== '' && (
        <div className="truncate text-xs leading-tight text-slate-400" title={bottomTitle}>
          {bottom}
        </div>
      )}
    </>
  );
}
