// The views bench:console measures, and for each the write that changes what it shows: the stamp goes
// into a field the view projects (a label, a condition message, an error message), since no view shows
// annotations; the rack view shows no text of a host's that a write could stamp, so there a write
// toggles a host's power and the page is watched for its box's look.
import type { KubeConfig } from '@kubernetes/client-node';
import type { Page } from '@playwright/test';
import { objectPath } from '../../server/kube/apply';
import { kubeRequestJson } from '../../server/kube/kube-request';
import type { ResourceDescriptor } from '../../server/kube/resource';
import { FLAVOR_LABEL } from '../../server/schemas/host-labels';
import { bareMetalHostResource } from '../../server/types/crds/bare-metal-host';
import { sipClusterResource } from '../../server/types/crds/sip-cluster';
import type { WatchedAttribute } from './console-probe';
import { parseStamps } from './write-stamp';

/** The wall lists at most this many objects needing attention (server/api/wall/wall-view.ts). */
const WALL_LIST_LIMIT = 12;

/** A write; it answers the resourceVersion the object has after it (what a frame carrying it names). */
export type ObjectWrite = (kc: KubeConfig, key: string, stamp: string) => Promise<string | undefined>;

/** A view that shows a write as an attribute of the object's element, not as its stamp. */
export interface AttributePaint extends WatchedAttribute {
  /** The element of the object `key`. */
  element: (key: string) => string;
  /** The attribute's value once write `seq` is shown. */
  valueAfter: (seq: number) => string | undefined;
}

export interface ConsoleView {
  name: string;
  path: string;
  /** Present once the view shows its first rows (or tiles). */
  firstSelector: string;
  /** A paged, searchable list: typed into its search box, then every row holds `filter`. */
  list?: { filter: string; table: string };
  /** Where the page shows the watched objects' stamps. */
  scope: string;
  /** Set when the page shows a write by an attribute instead of the stamp. */
  paint?: AttributePaint;
  /** Set for a view panned with the wheel (not a paged list): what the pointer rests on meanwhile. */
  pan?: string;
  /** The objects whose changes are timed, as namespace/name: ones the page shows without scrolling. */
  watched(page: Page, count: number): Promise<string[]>;
  write: ObjectWrite;
  /**
   * Objects the page does not show, changed alongside so the changes come from across the fleet (and
   * each object is written at most a few times a second), with the write that changes them.
   */
  background: { keys: string[]; write: ObjectWrite };
}

/** A merge patch; answers the object's resourceVersion after it. */
async function patch(
  kc: KubeConfig,
  resource: ResourceDescriptor,
  key: string,
  subresource: '' | '/status',
  body: object,
): Promise<string | undefined> {
  const [namespace = '', name = ''] = key.split('/');
  const answer = await kubeRequestJson<{ metadata?: { resourceVersion?: string } }>(
    kc,
    `${objectPath(resource, namespace, name)}${subresource}`,
    { method: 'PATCH', contentType: 'application/merge-patch+json', body },
  );
  return answer.metadata?.resourceVersion;
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

const writeFlavor: ObjectWrite = (kc, key, stamp) =>
  patch(kc, bareMetalHostResource, key, '', { metadata: { labels: { [FLAVOR_LABEL]: stamp } } });

const writeClusterReady: ObjectWrite = (kc, key, stamp) => {
  const condition = {
    type: 'Ready',
    status: 'False',
    reason: 'Benchmark',
    message: stamp,
    lastTransitionTime: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
  return patch(kc, sipClusterResource, key, '/status', { status: { conditions: [condition] } });
};

/** Older than every lab host's error, so the hosts written lead the wall's attention list. */
const writeHostError: ObjectWrite = (kc, key, stamp) =>
  patch(kc, bareMetalHostResource, key, '/status', {
    status: {
      operationalStatus: 'error',
      errorType: 'power management error',
      errorMessage: stamp,
      errorCount: 1,
      lastUpdated: '2025-01-01T00:00:00Z',
    },
  });

/**
 * Each write powers its host off, then on, and so on; the look its box takes is kept by the write's
 * sequence number. Writes to one host run one after another (writeAtRate), so the count is in order.
 */
function powerToggle(): { write: ObjectWrite; lookAfter: (seq: number) => string | undefined } {
  const writesTo = new Map<string, number>();
  const looks = new Map<number, string>();
  return {
    write: (kc, key, stamp) => {
      const count = (writesTo.get(key) ?? 0) + 1;
      writesTo.set(key, count);
      const poweredOn = count % 2 === 0;
      const [written] = parseStamps(stamp);
      if (written) looks.set(written.seq, poweredOn ? 'ok' : 'off');
      return patch(kc, bareMetalHostResource, key, '/status', { status: { poweredOn } });
    },
    lookAfter: (seq) => looks.get(seq),
  };
}

const RACK_BOX = '[data-testid="rack-host"]';

/** The first `count` hosts drawn healthy and powered on within the window, in document order. */
function healthyBoxesOnScreen(page: Page, count: number): Promise<string[]> {
  return page.$$eval(
    `${RACK_BOX}[data-look="ok"]`,
    (boxes, wanted) =>
      boxes
        .filter((box) => {
          const { top, bottom, left, right } = box.getBoundingClientRect();
          return bottom > 0 && top < innerHeight && right > 0 && left < innerWidth;
        })
        .slice(0, wanted)
        .map((box) => box.getAttribute('data-host') ?? ''),
    count,
  );
}

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
  const racksPower = powerToggle();
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
    {
      name: 'racks',
      path: '/racks',
      firstSelector: RACK_BOX,
      scope: '[data-testid="racks"]',
      pan: '[data-testid="racks"]',
      paint: {
        attribute: 'data-look',
        key: 'data-host',
        element: (key) => `${RACK_BOX}[data-host="${key}"]`,
        valueAfter: racksPower.lookAfter,
      },
      watched: healthyBoxesOnScreen,
      write: racksPower.write,
      background: { keys: last(hostKeys), write: racksPower.write },
    },
  ];
}
