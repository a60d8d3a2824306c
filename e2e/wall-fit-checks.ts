import type { TestInfo } from '@playwright/test';
import { expect, type Page } from './fixtures';

/** Saves a screenshot of the whole page into the test's output and attaches it to the report. */
export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** The wall fills the screen without scrolling, and each tile lies inside it with nothing cut off. */
export async function expectWallFits(page: Page): Promise<void> {
  const scroll = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return {
      width: [root.scrollWidth, root.clientWidth],
      height: [root.scrollHeight, root.clientHeight],
    };
  });
  expect(scroll.width[0], 'page scroll width').toBeLessThanOrEqual(scroll.width[1] ?? 0);
  expect(scroll.height[0], 'page scroll height').toBeLessThanOrEqual(scroll.height[1] ?? 0);

  const tiles = await page
    .getByTestId('wall')
    .locator('main > section')
    .evaluateAll((sections) =>
      sections.map((section) => {
        const box = section.getBoundingClientRect();
        return {
          id: section.getAttribute('data-testid'),
          inside: box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight,
          overflow: section.scrollHeight - section.clientHeight,
        };
      }),
    );
  expect(tiles.length).toBeGreaterThanOrEqual(5);
  for (const tile of tiles) {
    expect(tile.inside, `${tile.id} inside the screen`).toBe(true);
    expect(tile.overflow, `${tile.id} content cut off`).toBeLessThanOrEqual(1);
  }
}

/** The two screens a wall is checked at. */
export const WALL_SCREENS = [
  { width: 1920, height: 1080, name: '1080p' },
  { width: 3840, height: 2160, name: '4k' },
] as const;
