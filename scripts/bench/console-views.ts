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

export type ObjectWrite = (kc: KubeConfig, key: string, stamp: string) => Promise<void>;

export interface ConsoleView {
  name: string;
  path: string;
  /** Present once the view shows its first rows (or tiles). */
  firstSelector: string;
  /** A paged, searchable list: typed into its search box, then every row holds `filter`. */
  list?: { filter: string; table: string };
  /** Where the page shows the watched objects' stamps. */
  scope: string;
  /** The objects whose changes are timed, as namespace/name: ones the page shows without scrolling. */
  watched(page: Page, count: number): Promise<string[]>;
  write: ObjectWrite;
  /**
   * Objects the page does not show, changed alongside so the changes come from across the fleet (and
   * each object is written at most a few times a second), with the write that changes them.
   */
  background: { keys: string[]; write: ObjectWrite };
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

const writeFlavor: ObjectWrite = async (kc, key, stamp) => {
  await patch(kc, bareMetalHostResource, key, '', { metadata: { labels: { [FLAVOR_LABEL]: stamp } } });
};

const writeClusterReady: ObjectWrite = async (kc, key, stamp) => {
  const condition = {
    type: 'Ready',
    status: 'False',
    reason: 'Benchmark',
    message: stamp,
    lastTransitionTime: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
  await patch(kc, sipClusterResource, key, '/status', { status: { conditions: [condition] } });
};

/** Older than every lab host's error, so the hosts written lead the wall's attention list. */
const writeHostError: ObjectWrite = async (kc, key, stamp) => {
  await patch(kc, bareMetalHostResource, key, '/status', {
    status: {
      operationalStatus: 'error',
      errorType: 'power management error',
      errorMessage: stamp,
      errorCount: 1,
      lastUpdated: '2025-01-01T00:00:00Z',
    },
  });
};

/**
 * The views, on `hostKeys` and `clusterKeys` (namespace/name, in the lists' default order): the
 * background writes go to the last `backgroundCount` of them, far from the first page.
 */
export function consoleViews(
  hostKeys: readonly string[],
  clusterKeys: readonly string[],
  backgroundCount: number,
): ConsoleView[] {
  const last = (keys: readonly string[]) => keys.slice(Math.max(0, keys.length - backgroundCount));
  const list = (name: string, path: string, table: string, filter: string) => ({
    name,
    path,
    firstSelector: `${table} [data-testid="row"]`,
    list: { filter, table },
    scope: table,
    watched: (page: Page, count: number) => topRows(page, table, count),
  });
  return [
    {
      ...list('hosts list', '/hosts', '[data-testid="hosts-table"]', 'r3-st-01-00'),
      write: writeFlavor,
      background: { keys: last(hostKeys), write: writeFlavor },
    },
    {
      ...list('tenant clusters list', '/clusters', '[data-testid="clusters-table"]', 'c00'),
      write: writeClusterReady,
      background: { keys: last(clusterKeys), write: writeClusterReady },
    },
    {
      name: 'wall',
      path: '/wall',
      firstSelector: '[data-testid="wall"] li',
      scope: '[data-testid="wall"]',
      watched: (_page, count) => Promise.resolve(hostKeys.slice(0, Math.min(count, WALL_LIST_LIMIT))),
      write: writeHostError,
      // Label changes: the wall recounts on every one, but they put no host on its lists.
      background: { keys: last(hostKeys), write: writeFlavor },
    },
  ];
}
