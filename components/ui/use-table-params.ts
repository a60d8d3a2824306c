'use client';

import { useSearchParams } from 'next/navigation';
import { useMemo } from 'react';
import {
  parseTableParams,
  tableParamsToSearch,
  writeSearch,
  type TableParamSpec,
  type TableParams,
} from './url-state';

/** A list page's table state, read from the URL and written back to it. */
export function useTableParams<S extends string>(
  spec: TableParamSpec<S>,
): {
  params: TableParams<S>;
  update: (patch: Partial<TableParams<S>>, mode?: 'push' | 'replace') => void;
} {
  const searchParams = useSearchParams();
  const params = useMemo(
    () => parseTableParams(new URLSearchParams(searchParams.toString()), spec),
    [searchParams, spec],
  );
  const update = (patch: Partial<TableParams<S>>, mode: 'push' | 'replace' = 'push') => {
    const next = { ...params, ...patch };
    // Anything but paging itself starts again at page 1.
    if (!('page' in patch)) next.page = 1;
    writeSearch(tableParamsToSearch(next, spec), mode);
  };
  return { params, update };
}
