import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { MenuItem } from './row-menu';
import { readyColumns, type ReadyObjectRow } from './ready-columns';
import { readyListSpec } from './ready-list-page';
import { objectHref } from './object-href';

interface Row extends ReadyObjectRow {
  endpoint: string;
}

const row: Row = {
  key: 'lab/a b',
  namespace: 'lab',
  name: 'a b',
  ready: { status: 'True', reason: 'Ready', message: '', outdated: false },
  deleting: false,
  createdAt: '2026-01-01T00:00:00Z',
  endpoint: 'https://10.0.0.1:6385',
};

const extra = (id: string) => ({ id, header: id, width: '1fr', cell: () => id });

describe('readyColumns', () => {
  it('puts the kind’s columns around Ready, between the shared ones', () => {
    const columns = readyColumns<Row>(
      '/ironic',
      { nameTestId: 'ironic-name', beforeReady: [extra('replicas')], afterReady: [extra('endpoint')] },
      Date.parse('2026-01-01T00:02:00Z'),
      () => undefined,
    );
    expect(columns.map((column) => column.id)).toEqual([
      'name',
      'namespace',
      'replicas',
      'ready',
      'endpoint',
      'age',
      'menu',
    ]);
    expect(columns.find((column) => column.id === 'ready')?.width).toBe('minmax(14rem,2fr)');
  });

  it('links names and "Open details" to the object under the path, then adds the kind’s menu items', () => {
    const columns = readyColumns<Row>(
      '/ironic',
      {
        nameTestId: 'ironic-name',
        widths: { name: '9rem', ready: '16rem' },
        menuItems: (r) => [{ kind: 'copy', label: 'Copy endpoint', text: r.endpoint }],
      },
      0,
      () => undefined,
    );
    const [name, , ready, , menu] = columns;
    expect(name?.width).toBe('9rem');
    expect(ready?.width).toBe('16rem');
    const link = name?.cell(row) as ReactElement<{ href: string; 'data-testid': string }>;
    expect(isValidElement(link)).toBe(true);
    expect(link.props.href).toBe('/ironic/lab/a%20b');
    expect(link.props['data-testid']).toBe('ironic-name');
    const items = (menu?.cell(row) as ReactElement<{ items: MenuItem[] }>).props.items;
    expect(items).toEqual([
      { kind: 'link', label: 'Open details', href: objectHref('/ironic', row) },
      { kind: 'copy', label: 'Copy endpoint', text: row.endpoint },
    ]);
  });
});

describe('readyListSpec', () => {
  it('sorts by the first key by default and allows the three Ready values as a facet', () => {
    expect(readyListSpec(['name', 'age'])).toEqual({
      sortKeys: ['name', 'age'],
      defaultSort: 'name',
      facets: { ready: ['True', 'False', 'Unknown'] },
    });
  });
});
