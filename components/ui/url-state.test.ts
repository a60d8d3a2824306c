import { describe, expect, it } from 'vitest';
import { parseTableParams, tableParamsToSearch, type TableParamSpec } from './url-state';

type Sort = 'name' | 'age' | 'status';
const spec: TableParamSpec<Sort> = {
  sortKeys: ['name', 'age', 'status'],
  defaultSort: 'name',
  facets: { state: ['error', 'available'], rack: undefined },
};

describe('parseTableParams', () => {
  it.each<[string, object]>([
    ['', { search: '', sort: 'name', dir: 'asc', page: 1, pageSize: 50, facets: { state: [], rack: [] } }],
    [
      '?q=52-54-00&state=error,available&rack=r01,r02&sort=-age&page=3&size=250',
      {
        search: '52-54-00',
        sort: 'age',
        dir: 'desc',
        page: 3,
        pageSize: 250,
        facets: { state: ['error', 'available'], rack: ['r01', 'r02'] },
      },
    ],
    ['?sort=power&page=0&size=20', { sort: 'name', dir: 'asc', page: 1, pageSize: 50 }],
    ['?page=2.5', { page: 1 }],
    ['?page=99999', { page: 10_000 }],
    ['?state=sleeping,error,error', { facets: { state: ['error'], rack: [] } }],
    ['?rack=(none)', { facets: { state: [], rack: ['(none)'] } }],
  ])('%s', (search, expected) => {
    expect(parseTableParams(new URLSearchParams(search), spec)).toMatchObject(expected);
  });
});

describe('tableParamsToSearch', () => {
  it('leaves defaults out and round-trips', () => {
    const search = '?q=r01&state=error&sort=-status&page=2&size=100';
    const state = parseTableParams(new URLSearchParams(search), spec);
    expect(tableParamsToSearch(state, spec)).toBe(search);
    expect(tableParamsToSearch(parseTableParams(new URLSearchParams(''), spec), spec)).toBe('');
  });
});
