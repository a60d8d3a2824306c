/**
 * Table state in the URL's search params, so every view is a link. Parsing is lenient (a hand-edited
 * value outside the allowed set falls back to the default); the server validates again with bounds.
 */

export const PAGE_SIZES = [50, 100, 250] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export type SortDir = 'asc' | 'desc';

export interface TableParams<S extends string> {
  search: string;
  sort: S;
  dir: SortDir;
  page: number;
  pageSize: PageSize;
  /** Facet name → selected values. */
  facets: Record<string, string[]>;
}

export interface TableParamSpec<S extends string> {
  sortKeys: readonly S[];
  defaultSort: S;
  /** Facet name → allowed values (undefined: any non-empty value up to 253 characters). */
  facets: Record<string, readonly string[] | undefined>;
}

function list(value: string | null): string[] {
  return value ? value.split(',').filter((item) => item !== '') : [];
}

export function parseTableParams<S extends string>(
  params: URLSearchParams,
  spec: TableParamSpec<S>,
): TableParams<S> {
  const sortParam = params.get('sort') ?? '';
  const desc = sortParam.startsWith('-');
  const sortKey = desc ? sortParam.slice(1) : sortParam;
  const sort = (spec.sortKeys as readonly string[]).includes(sortKey) ? (sortKey as S) : spec.defaultSort;
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const facets: Record<string, string[]> = {};
  for (const [name, allowed] of Object.entries(spec.facets)) {
    const values = [...new Set(list(params.get(name)))].filter((value) =>
      allowed ? allowed.includes(value) : value.length <= 253,
    );
    facets[name] = values.slice(0, 100);
  }
  return {
    search: params.get('q') ?? '',
    sort,
    dir: desc ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, 10_000) : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : 50,
    facets,
  };
}

/** Search params for the state, leaving defaults out so links stay short. */
export function tableParamsToSearch<S extends string>(
  state: TableParams<S>,
  spec: TableParamSpec<S>,
): string {
  const params = new URLSearchParams();
  if (state.search) params.set('q', state.search);
  for (const [name, values] of Object.entries(state.facets)) {
    if (values.length > 0) params.set(name, values.join(','));
  }
  if (state.sort !== spec.defaultSort || state.dir !== 'asc') {
    params.set('sort', `${state.dir === 'desc' ? '-' : ''}${state.sort}`);
  }
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== 50) params.set('size', String(state.pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Writes the URL without a server round trip; Next keeps useSearchParams in sync with
 * history.pushState/replaceState. Typing replaces; discrete choices push, so Back undoes them.
 */
export function writeSearch(search: string, mode: 'push' | 'replace'): void {
  const url = `${window.location.pathname}${search}`;
  if (`${window.location.pathname}${window.location.search}` === url) return;
  if (mode === 'push') window.history.pushState(null, '', url);
  else window.history.replaceState(null, '', url);
}
