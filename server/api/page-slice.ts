export interface PageSlice<Row> {
  rows: Row[];
  /** Rows after search and filters, before paging. */
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

/** One page of already sorted rows; a page past the end shows the last one instead of nothing. */
export function pageSlice<Row>(sorted: Row[], requestedPage: number, pageSize: number): PageSlice<Row> {
  const pageCount = Math.max(1, Math.ceil(sorted.length / pageSize));
  const page = Math.min(requestedPage, pageCount);
  const start = (page - 1) * pageSize;
  return { rows: sorted.slice(start, start + pageSize), total: sorted.length, page, pageSize, pageCount };
}
