// The three views bench:console measures, and for each the write that changes what it shows: the
// stamp goes into a field the view projects (a label, a condition message, an error message), since
// no view shows annotations.
import type { KubeConfig } from '@kubernetes/client-node';
import type { Page } from '@playwright/test';
import { objectPath } from '../../server/kube/apply';
import { kubeRequestJson } from '../../server/kube/kube-request';
import type { ResourceDescriptor } from '../../server/kube/resource';
import { FLAVOR_LABEL } from '../../server/schemas/host-labels';
import { bareMetalHostResource } from '../../server/types/crds/bare-metal-host';
import { sipClusterResource } from '../../server/types/crds/sip-cluster';

/** The wall lists at most this many objects needing attention (server/api/wall/wall-view.ts). */
const WALL_LIST_LIMIT = 12;

export interface ConsoleView {
  name: string;
  path: string;
  /** Present once the view shows its first rows (or tiles). */
  firstSelector: string;
  /** A paged, searchable list: typed into its search box, then every row holds `filter`. */
  list?: { filter: string; table: string };
  /** Where the page shows the watched objects' stamps. */
  scope: string;
  /** The objects the live phase changes, as namespace/name: ones the page shows without scrolling. */
  watched(page: Page, count: number): Promise<string[]>;
  write(kc: KubeConfig, key: string, stamp: string): Promise<void>;
}

function patch(
  kc: KubeConfig,
  resource: ResourceDescriptor,
  key: string,
  subresource: '' | '/status',
  body: object,
): Promise<unknown> {
  const [namespace = '', name = ''] = key.split('/');
  return kubeRequestJson(kc, `${objectPath(resource, namespace, name)}${subresource}`, {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body,
  });
}

/** The keys of the first `count` rows of a list table as the page shows them. */
async function topRows(page: Page, table: string, count: number): Promise<string[]> {
  const rows = await page.$$eval(`${table} [data-testid="row"]`, (elements) =>
    elements.map((row) => ({
      index: Number(row.getAttribute('aria-rowindex')),
      key: row.getAttribute('data-key') ?? '',
    })),
  );
  return rows
    .sort((a, b) => a.index - b.index)
    .slice(0, count)
    .map((row) => row.key);
}

function listView(
  name: string,
  path: string,
  table: string,
  filter: string,
  write: ConsoleView['write'],
): ConsoleView {
  const rows = `${table} [data-testid="row"]`;
  return {
    name,
    path,
    firstSelector: rows,
    list: { filter, table },
    scope: table,
    watched: (page, count) => topRows(page, table, count),
    write,
  };
}

/**
 * `hostNames` are the seeded hosts of `namespace` in the hosts list's default order; the wall's
 * live phase puts the first of them into an error it lists.
 */
export function consoleViews(namespace: string, hostNames: readonly string[]): ConsoleView[] {
  return [
    listView('hosts list', '/hosts', '[data-testid="hosts-table"]', 'r3-st-01-00', (kc, key, stamp) =>
      patch(kc, bareMetalHostResource, key, '', { metadata: { labels: { [FLAVOR_LABEL]: stamp } } }).then(
        () => undefined,
      ),
    ),
    listView(
      'tenant clusters list',
      '/clusters',
      '[data-testid="clusters-table"]',
      'c00',
      async (kc, key, stamp) => {
        const condition = {
          type: 'Ready',
          status: 'False',
          reason: 'Benchmark',
          message: stamp,
          lastTransitionTime: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
        };
        await patch(kc, sipClusterResource, key, '/status', { status: { conditions: [condition] } });
      },
    ),
    {
      name: 'wall',
      path: '/wall',
      firstSelector: '[data-testid="wall"] li',
      scope: '[data-testid="wall"]',
      // Older than every lab host's error, so they lead the wall's attention list.
      watched: (_page, count) =>
        Promise.resolve(
          hostNames.slice(0, Math.min(count, WALL_LIST_LIMIT)).map((name) => `${namespace}/${name}`),
        ),
      write: async (kc, key, stamp) => {
        await patch(kc, bareMetalHostResource, key, '/status', {
          status: {
            operationalStatus: 'error',
            errorType: 'power management error',
            errorMessage: stamp,
            errorCount: 1,
            lastUpdated: '2025-01-01T00:00:00Z',
          },
        });
      },
    },
  ];
}
