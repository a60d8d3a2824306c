import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../server/kube/kube-request';
import {
  SIP_CLUSTER_NAME_LABEL,
  SIP_CLUSTER_NAMESPACE_LABEL,
  SIP_NODE_TYPE_LABEL,
} from '../server/schemas/host-labels';
import { DEFAULT_RACK_SETTINGS } from '../server/schemas/rack-settings';
import { labHosts } from '../tools/lab/lab-hosts';
import { seedLab } from '../tools/lab/seed-lab';
import type { AuditRow } from '../server/api/access/audit-query';
import type { RacksDelta } from '../server/api/racks/rack-delta';
import { expect, test, type Page } from './fixtures';
import { attachScreenshot, expectWallFits, WALL_SCREENS } from './wall-fit-checks';

const kc = new KubeConfig();
kc.loadFromDefault();
const id = randomBytes(3).toString('hex');
const namespace = `e2e-racks-${id}`;
const hostsPath = `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts`;
const lab = labHosts({ namespace });
/** A rack of this run only, with two hosts one above the other, for the keyboard; the upper one a worker of a tenant cluster. */
const keyRack = `e2e-${id}-keys`;

/**
 * A rack sorting after every other named rack, with one host: far down the page, its boxes are not
 * drawn until it is near the window.
 */
const farRack = `zz-e2e-${id}-far`;

const box = (page: Page, name: string) =>
  page.locator(`[data-testid="rack-host"][data-host="${namespace}/${name}"]`);

/** The rack of a host of this run. */
function rackOfHost(name: string): string {
  if (name.startsWith('key-')) return keyRack;
  if (name === 'far-01') return farRack;
  const host = lab.find((each) => each.name === name);
  if (!host) throw new Error(`${name} is no host of this run`);
  return `rack-${host.rack}`;
}

/**
 * Scrolls the host's rack into view and waits for its boxes: the page draws only the racks near the
 * window, each other rack an empty frame of its size.
 */
async function shown(page: Page, name: string) {
  const rack = page.locator(`[data-testid="rack"][data-rack="${rackOfHost(name)}"]`);
  await rack.scrollIntoViewIfNeeded();
  await expect(rack).toHaveAttribute('data-drawn', 'true');
  return box(page, name);
}

test.beforeAll(async () => {
  await seedLab(kc, { namespace });
  for (const [name, slot] of [
    ['key-low', '5'],
    ['key-high', '6'],
    ['far-01', '5'],
  ] as const) {
    await kubeRequestJson(kc, hostsPath, {
      method: 'POST',
      body: {
        apiVersion: 'metal3.io/v1alpha1',
        kind: 'BareMetalHost',
        metadata: {
          name,
          labels: {
            'rackpilot.io/rack': name === 'far-01' ? farRack : keyRack,
            [DEFAULT_RACK_SETTINGS.slotKey]: slot,
            ...(name === 'key-high'
              ? {
                  [SIP_CLUSTER_NAMESPACE_LABEL]: namespace,
                  [SIP_CLUSTER_NAME_LABEL]: 'tenant-a',
                  [SIP_NODE_TYPE_LABEL]: 'Worker',
                }
              : {}),
          },
        },
        spec: { online: true },
      },
    });
  }
});

test.afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

test('the lab’s racks are drawn with every lab host in its slot, coloured by its state; a click opens one', async ({
  page,
}) => {
  await page.goto('/racks');
  await expect(page.locator('h1')).toHaveText('Racks');
  for (const host of lab) {
    await shown(page, host.name);
    const drawn = page
      .locator(`[data-testid="rack"][data-rack="rack-${host.rack}"]`)
      .locator(`[data-host="${namespace}/${host.name}"]`);
    await expect(drawn).toHaveAttribute('data-slot', String(host.slot));
    await expect(drawn).toHaveAttribute('data-height', String(host.units));
  }
  await expect(await shown(page, 'r2-st-01')).toHaveAttribute('data-look', 'off');
  await expect(await shown(page, 'r4-wk-03')).toHaveAttribute('data-look', 'error');
  await expect(await shown(page, 'r1-cp-01')).toHaveAttribute('data-look', 'ok');
  // rack-4 holds a host in error: it is counted and the rack sorts before the healthy lab racks.
  const rack4 = page.locator('[data-testid="rack"][data-rack="rack-4"]');
  await expect(rack4.getByTestId('rack-problems')).toContainText('problem');
  const order = await page
    .getByTestId('rack')
    .evaluateAll((racks) => racks.map((rack) => rack.getAttribute('data-rack')));
  expect(order.indexOf('rack-4')).toBeLessThan(order.indexOf('rack-1'));

  // Hover shows the card with name, state, cluster and BMC.
  await (await shown(page, 'r4-wk-03')).hover();
  const card = page.getByTestId('rack-host-card');
  await expect(card.getByTestId('card-name')).toContainText('r4-wk-03');
  await expect(card.getByTestId('host-status')).toHaveAttribute('data-group', 'error');
  await expect(card.getByTestId('card-cluster')).toHaveText('not free: in error');
  await expect(card.getByTestId('card-bmc')).toContainText('10.10.4.');
  await expect(card.locator('dt:text-is("Last change") + dd')).toContainText(' ago · ');

  // A click opens the host.
  await box(page, 'r4-wk-03').click();
  await expect(page).toHaveURL(new RegExp(`/hosts/${namespace}/r4-wk-03$`));
});

/** The rack view's live messages as the page receives them: after the first, only the racks that changed. */
function racksMessages(page: Page): RacksDelta[] {
  const deltas: RacksDelta[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload)) as {
        result?: { data?: { view?: RacksDelta; delta?: true } };
      };
      const data = message.result?.data;
      if (data?.delta && Array.isArray(data.view?.order)) deltas.push(data.view);
    });
  });
  return deltas;
}

test('a host powered off through the API changes colour in the rack view, sent as its rack alone', async ({
  page,
  admin,
}) => {
  const deltas = racksMessages(page);
  await page.goto('/racks');
  const host = await shown(page, 'r1-cp-02');
  await expect(host).toHaveAttribute('data-look', 'ok');
  const result = await admin.mutate('hosts.act', {
    namespace,
    name: 'r1-cp-02',
    action: 'power-off',
  });
  expect(result.error).toBeUndefined();
  // No host operator runs in this namespace: report the power as Metal3's would once it switched off.
  await kubeRequestJson(kc, `${hostsPath}/r1-cp-02/status`, {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body: { status: { poweredOn: false } },
  });
  await expect(host).toHaveAttribute('data-look', 'off');
  const [full, ...later] = deltas;
  expect(full?.full).toBe(true);
  expect(later.every((delta) => !delta.full)).toBe(true);
  const off = later.find((delta) =>
    delta.racks.some((rack) =>
      rack.placed.some((each) => each.key === `${namespace}/r1-cp-02` && each.power === 'off'),
    ),
  );
  // Other runs' hosts may change in the same moment; the fleet's other racks are not sent again.
  expect(off?.racks.map((rack) => rack.name)).toContain('rack-1');
  expect(off?.racks.length).toBeLessThan(full?.racks.length ?? 0);
});

test('the search and the facets highlight the hosts they select and dim the rest', async ({ page }) => {
  await page.goto('/racks');
  await page.getByRole('searchbox', { name: 'Search hosts' }).fill(`${namespace} r3-wk`);
  await expect(page).toHaveURL(/[?&]q=/);
  for (const name of ['r3-wk-01', 'r3-wk-02', 'r3-wk-03']) {
    await expect(await shown(page, name)).toHaveAttribute('data-highlighted', 'true');
  }
  for (const name of ['r3-cp-01', 'r3-st-01', 'r1-wk-01']) {
    await expect(await shown(page, name)).toHaveAttribute('data-match', 'false');
  }
  await expect(page.getByTestId('racks-count')).toContainText('3 match');

  // The hosts list's facets too, from the URL a "same hosts" link carries.
  await page.goto(`/racks?q=${namespace}&state=error`);
  await expect(await shown(page, 'r4-wk-03')).toHaveAttribute('data-highlighted', 'true');
  await expect(await shown(page, 'r1-cp-01')).toHaveAttribute('data-match', 'false');
});

test('the keyboard reaches a host, moves between slots and opens the host', async ({ page }) => {
  await page.goto('/racks');
  await expect(await shown(page, 'key-low')).toBeVisible();
  // Tab from the search box lands on the racks' one tab stop, a host box.
  await page.getByRole('searchbox', { name: 'Search hosts' }).focus();
  await expect(async () => {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('rack-host');
  }).toPass();
  await box(page, 'key-low').focus();
  await page.keyboard.press('ArrowUp');
  await expect(box(page, 'key-high')).toBeFocused();
  // Its tenant cluster and role: a mark on the box, words for a screen reader.
  await expect(box(page, 'key-high').getByTestId('rack-host-tenant')).toHaveText('W');
  await expect(box(page, 'key-high')).toHaveAttribute(
    'aria-label',
    new RegExp(`Worker of ${namespace}/tenant-a`),
  );
  await expect(box(page, 'key-low').getByTestId('rack-host-tenant')).toHaveCount(0);
  await expect(page.getByTestId('rack-host-card').getByTestId('card-name')).toContainText('key-high');
  await page.keyboard.press('ArrowDown');
  await expect(box(page, 'key-low')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/hosts/${namespace}/key-high$`));
  await expect(page.locator('h1')).toContainText('key-high');
});

test('a host far down the page is not drawn until reached; the keyboard reaches it, and its power-off shows', async ({
  page,
}) => {
  // Two racks a row: the last named rack is rows below the window.
  await page.setViewportSize({ width: 420, height: 500 });
  await page.goto('/racks');
  const far = page.locator(`[data-testid="rack"][data-rack="${farRack}"]`);
  await expect(far).toHaveAttribute('data-drawn', 'false');
  await expect(box(page, 'far-01')).toHaveCount(0);

  // Right arrow, rack after rack, from this run's keyboard rack to the last named one.
  await (await shown(page, 'key-low')).focus();
  const target = `${namespace}/far-01`;
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-host') ?? '');
  for (let step = 0, at = await focused(); at !== target; step += 1) {
    expect(step, `moves right from ${at}`).toBeLessThan(1000);
    await page.keyboard.press('ArrowRight');
    const before = at;
    await expect.poll(focused).not.toBe(before);
    at = await focused();
  }
  await expect(box(page, 'far-01')).toBeFocused();
  await expect(box(page, 'far-01')).toBeInViewport();
  await expect(page.getByTestId('rack-host-bar')).toContainText('far-01');

  await expect(box(page, 'far-01')).not.toHaveAttribute('data-look', 'off');
  await kubeRequestJson(kc, `${hostsPath}/far-01/status`, {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body: { status: { poweredOn: false } },
  });
  await expect(box(page, 'far-01')).toHaveAttribute('data-look', 'off');
});

test('Shift+F10 on a rack box opens the host menu; a restart from it is confirmed and audited', async ({
  page,
  admin,
}) => {
  await page.goto('/racks');
  await (await shown(page, 'r1-wk-01')).focus();
  await expect(page.getByTestId('rack-host-bar')).toContainText('r1-wk-01');
  // The menu is built from the host's row, asked for when the box is chosen.
  await expect(page.getByTestId('rack-host-actions')).toBeVisible();
  await page.keyboard.press('Shift+F10');
  await expect(page.getByRole('menu', { name: 'Actions for r1-wk-01' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Restart…' }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('r1-wk-01');
  await dialog.getByTestId('confirm-action').click();
  await expect(dialog).toBeHidden();
  const target = `${namespace}/r1-wk-01`;
  await expect(async () => {
    const audit = await admin.query<{ rows: AuditRow[] }>('access.audit', {});
    const mine = (audit.data?.rows ?? []).filter((row) => row.target === target);
    expect(mine.map((row) => [(row.input as { action?: string }).action, row.result])).toContainEqual([
      'restart',
      'ok',
    ]);
  }).toPass();
});

test('the wall has a racks tile naming the racks with problems', async ({ page }) => {
  await page.goto('/wall');
  const tile = page.getByTestId('tile-racks');
  await expect(tile).toContainText('rack-4');
  await expect(tile).toHaveClass(/border-rose-500/);
});

for (const { width, height, name } of WALL_SCREENS) {
  test(`?racks=all draws every rack on the wall, scaled to fit a ${width}×${height} screen`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    await page.goto('/wall?racks=all');
    const tile = page.getByTestId('tile-racks');
    await expect(tile).toContainText(/Racks · \d+ of \d+ with problems/);
    const racks = tile.getByTestId('wall-rack');
    // Every named rack, the keyboard rack of this run too, and no note about the parameter.
    await expect(racks.and(page.locator(`[data-rack="${keyRack}"]`))).toHaveCount(1);
    await expect(page.getByTestId('wall-racks-note')).toHaveCount(0);
    for (const rack of [1, 2, 3, 4]) {
      const boxes = tile.locator(
        `[data-testid="wall-rack"][data-rack="rack-${rack}"] [data-testid="wall-rack-box"]`,
      );
      expect(await boxes.count(), `rack-${rack} boxes`).toBeGreaterThanOrEqual(6);
    }
    const rack4 = racks.and(page.locator('[data-rack="rack-4"]'));
    await expect(rack4.locator('[data-look="error"]').first()).toBeAttached();
    expect(Number(await rack4.getAttribute('data-problems'))).toBeGreaterThan(0);

    // Each rack's boxes lie within its elevation, each elevation within its rack's cell, each cell on screen.
    const outside = await racks.evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const within = (inner: DOMRect, outer: DOMRect) =>
          inner.left >= outer.left - 1 &&
          inner.right <= outer.right + 1 &&
          inner.top >= outer.top - 1 &&
          inner.bottom <= outer.bottom + 1;
        const rack = cell.getAttribute('data-rack') ?? '';
        const cellBox = cell.getBoundingClientRect();
        const units = cell.querySelector('[data-testid="wall-rack-units"]');
        if (!units) return [`${rack}: no elevation`];
        const unitsBox = units.getBoundingClientRect();
        const wrong = [...units.querySelectorAll('[data-testid="wall-rack-box"]')]
          .filter((box) => !within(box.getBoundingClientRect(), unitsBox))
          .map((box) => `${rack}: box at U${box.getAttribute('data-slot')} outside`);
        if (unitsBox.height < 10) wrong.push(`${rack}: elevation ${unitsBox.height} px tall`);
        if (!within(unitsBox, cellBox)) wrong.push(`${rack}: elevation outside its cell`);
        if (cellBox.right > innerWidth || cellBox.bottom > innerHeight) wrong.push(`${rack}: off screen`);
        return wrong;
      }),
    );
    expect(outside).toEqual([]);
    await expectWallFits(page);
    await attachScreenshot(page, testInfo, `wall-racks-all-${name}`);
  });
}

test('a ?racks= value the wall does not know is refused on screen', async ({ page }) => {
  await page.goto('/wall?racks=every');
  await expect(page.getByTestId('wall-racks-note')).toHaveText(
    'racks=every ignored: give racks=all or racks=problems',
  );
  await expect(page.getByTestId('tile-racks')).toContainText('Racks with problems');
});
