// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildPlacementRow,
  placementQuerySchema,
  queryPlacements,
} from '@/server/api/placement/placement-row';
import type { PlacementAPI } from '@/server/types/crds/placement-api';
import { ConsoleTestApi } from '@/tools/testenv/console-test-api';
import { renderConsole, shownRows, tableRow } from '@/tools/testenv/render-console';
import { PlacementsPage } from './placements-page';

function placement(
  name: string,
  ready: 'True' | 'False',
  readyCount = ready === 'True' ? 1 : 0,
): PlacementAPI {
  return {
    apiVersion: 'placement.openstack.org/v1beta1',
    kind: 'PlacementAPI',
    metadata: {
      name,
      namespace: 'openstack',
      resourceVersion: '1',
      creationTimestamp: new Date('2026-01-01'),
    },
    spec: { databaseInstance: 'openstack', secret: 'osp-secret', replicas: 1 },
    status: {
      readyCount,
      conditions: [
        {
          type: 'Ready',
          status: ready,
          reason: ready === 'True' ? 'Ready' : 'DeploymentInProgress',
          message: ready === 'True' ? 'Setup complete' : 'Deployment in progress',
          lastTransitionTime: '2026-01-01T00:00:00Z',
        },
      ],
    },
  };
}

/** The PlacementAPIs in the cluster; `publish` sends each open list subscription the server's page for it. */
function livePlacements(api: ConsoleTestApi, placements: PlacementAPI[]) {
  let current = placements;
  return {
    set: (next: PlacementAPI[]) => {
      current = next;
    },
    publish: () =>
      api.push('placement.list', (input) => ({
        view: queryPlacements(current.map(buildPlacementRow), placementQuerySchema.parse(input)),
      })),
  };
}

async function renderPlacements(placements: PlacementAPI[], role: 'viewer' | 'operator' = 'operator') {
  const api = new ConsoleTestApi();
  const live = livePlacements(api, placements);
  const rendered = renderConsole(<PlacementsPage />, { url: '/placement', role, api });
  expect(screen.getByText('Loading PlacementAPIs…')).toBeDefined();
  await live.publish();
  await screen.findByTestId('placement-count');
  return { ...rendered, live };
}

const readyOf = (name: string) => {
  const row = tableRow(`openstack/${name}`);
  return { row, ready: within(row).getByTestId('ready') };
};

describe('a ready-object list (PlacementAPIs)', () => {
  it('turns a row from not ready to ready in place as the live view changes', async () => {
    const { live } = await renderPlacements([placement('p1', 'False'), placement('p2', 'True')]);
    await waitFor(() => {
      expect(shownRows()).toEqual(['openstack/p1', 'openstack/p2']);
    });
    expect(screen.getByTestId('placement-count').textContent).toBe('2 of 2 PlacementAPIs');
    const before = readyOf('p1');
    expect(before.ready.textContent).toContain('Not ready');
    expect(within(before.row).getByTestId('placement-replicas').textContent).toBe('0/1');

    live.set([placement('p1', 'True'), placement('p2', 'True')]);
    await live.publish();
    await waitFor(() => {
      expect(readyOf('p1').ready.dataset.status).toBe('True');
    });
    expect(readyOf('p1').row).toBe(before.row);
    expect(readyOf('p1').ready.textContent).toContain('Ready');
    expect(within(before.row).getByTestId('placement-replicas').textContent).toBe('1/1');
  });

  it('filters by the Ready facet through the URL, and says when the filter hides everything', async () => {
    const { user, api, live } = await renderPlacements([placement('p1', 'False'), placement('p2', 'True')]);
    const notReady = await screen.findByTestId('facet-ready-False');
    expect(notReady.dataset.count).toBe('1');
    await user.click(notReady);
    expect(window.location.search).toBe('?ready=False');
    await waitFor(() => {
      expect(api.subscriptions('placement.list')).toEqual([expect.objectContaining({ ready: ['False'] })]);
    });
    await live.publish();
    await waitFor(() => {
      expect(shownRows()).toEqual(['openstack/p1']);
    });
    expect(screen.getByTestId('placement-count').textContent).toBe('1 of 2 PlacementAPIs');

    live.set([placement('p1', 'True'), placement('p2', 'True')]);
    await live.publish();
    expect(await screen.findByText('No PlacementAPI matches the search and filters.')).toBeDefined();
  });

  it('offers New to an operator and says when there is nothing yet', async () => {
    await renderPlacements([]);
    expect(await screen.findByText('No PlacementAPI yet.')).toBeDefined();
    expect(screen.getByTestId('new-placement').getAttribute('href')).toBe('/placement/new');
  });

  it('offers a viewer no New', async () => {
    await renderPlacements([placement('p1', 'True')], 'viewer');
    expect(screen.queryByTestId('new-placement')).toBeNull();
  });
});
