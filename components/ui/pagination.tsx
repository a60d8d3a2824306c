'use client';

import { PAGE_SIZES, type PageSize } from './url-state';

export function Pagination({
  page,
  pageCount,
  pageSize,
  total,
  onPage,
  onPageSize,
}: {
  page: number;
  pageCount: number;
  pageSize: PageSize;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: PageSize) => void;
}) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const button =
    'rounded border border-slate-700 px-2 py-0.5 text-xs text-slate-200 hover:bg-slate-800 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <nav
      aria-label="Pages"
      className="flex items-center gap-2 text-xs text-slate-400"
      data-testid="pagination"
    >
      <span className="tabular-nums" data-testid="range">
        {first}–{last} of {total}
      </span>
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ‹ Prev
      </button>
      <span className="tabular-nums">
        page {page} / {pageCount}
      </span>
      <button type="button" className={button} disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next ›
      </button>
      <label className="ml-2 flex items-center gap-1">
        <span>per page</span>
        <select
          data-testid="page-size"
          value={pageSize}
          onChange={(event) => onPageSize(Number(event.target.value) as PageSize)}
          className="rounded border border-slate-700 bg-slate-950 px-1 py-0.5 text-xs text-slate-200"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
