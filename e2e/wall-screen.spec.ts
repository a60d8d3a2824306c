import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { attachScreenshot, expectWallFits, WALL_SCREENS } from './wall-fit-checks';

/** Every tile on the wall now, by test id. */
async function tileIds(page: Page): Promise<string[]> {
  return page
    .getByTestId('wall')
    .locator('main > section')
    .evaluateAll((sections) => sections.map((section) => section.getAttribute('data-testid') ?? ''));
}

for (const { width, height, name } of WALL_SCREENS) {
  test(`the wall fits a ${width}×${height} screen without scrolling, every tile whole`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    await page.goto('/wall');
    await expect(page.getByTestId('tile-hosts-value')).toHaveText(/^\d+$/);
    await expect(page.getByTestId('wall-attention')).toBeVisible();
    await expectWallFits(page);
    await attachScreenshot(page, testInfo, `wall-${name}`);
  });
}

test('each tile shows the age of its data, and the cursor hides while the mouse rests', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/wall');
  await expect(page.getByTestId('tile-hosts-age')).toHaveText(/^updated \d+ s ago$/);
  for (const id of await tileIds(page)) {
    await expect(page.getByTestId(`${id}-age`), id).toHaveText(/^updated \d+ s ago$/);
    await expect(page.getByTestId(id)).toHaveAttribute('data-stale', 'false');
  }
  // At the size of a TV too (accessibility.spec.ts checks /wall at the desktop size).
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = axe.violations.filter((violation) =>
    ['critical', 'serious'].includes(violation.impact ?? ''),
  );
  expect(serious.map((violation) => violation.id)).toEqual([]);

  const wall = page.getByTestId('wall');
  await page.mouse.move(200, 200);
  await expect(wall).toHaveAttribute('data-cursor', 'hidden');
  expect(await wall.evaluate((element) => getComputedStyle(element).cursor)).toBe('none');
  await page.mouse.move(400, 300);
  await expect(wall).toHaveAttribute('data-cursor', 'shown');
  expect(await wall.evaluate((element) => getComputedStyle(element).cursor)).not.toBe('none');
});

test('?rotate= turns pages of four tiles, and a bad value is refused on screen', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/wall?rotate=5');
  const indicator = page.getByTestId('wall-page');
  await expect(indicator).toHaveText(/^page 1 \/ [2-9] · every 5 s$/);
  const first = await tileIds(page);
  expect(first).toHaveLength(4);
  expect(first).toContain('tile-hosts');
  await expect(page.getByTestId('wall-rotate-note')).toHaveCount(0);

  await expect(indicator).toHaveAttribute('data-page', '2', { timeout: 20_000 });
  const second = await tileIds(page);
  expect(second.length).toBeGreaterThan(0);
  expect(second.filter((id) => first.includes(id))).toEqual([]);

  await page.goto('/wall?rotate=soon');
  await expect(page.getByTestId('wall-rotate-note')).toHaveText(
    'rotate=soon ignored: give whole seconds (5–3600)',
  );
  await expect(page.getByTestId('tile-hosts')).toBeVisible();
  await expect(page.getByTestId('wall-page')).toHaveCount(0);

  await page.goto('/wall?rotate=1');
  await expect(page.getByTestId('wall-rotate-note')).toHaveText('rotate=1 raised to 5 s');
  await expect(page.getByTestId('wall-page')).toContainText('every 5 s');
});
