import { describe, expect, it } from 'vitest';
import { menuPosition } from './menu-position';

const viewport = { width: 1280, height: 800 };
const menu = { width: 180, height: 200 };
const button = (top: number, right = 1200) => ({ top, bottom: top + 24, left: right - 24, right });

describe('menuPosition', () => {
  it.each([
    ['room below: hangs under the button, right edges aligned', button(100), { top: 128, left: 1020 }],
    ['near the bottom: opens upwards', button(700), { top: 496, left: 1020 }],
    ['at the top of the window: below', button(0), { top: 28, left: 1020 }],
    ['a button near the left edge: kept inside the window', button(100, 60), { top: 128, left: 4 }],
    ['a button past the right edge: kept inside the window', button(100, 1400), { top: 128, left: 1096 }],
  ])('%s', (_, trigger, expected) => {
    expect(menuPosition(trigger, menu, viewport)).toEqual(expected);
  });

  it('a menu taller than either side takes the side with more room and stays on screen', () => {
    const tall = { width: 180, height: 600 };
    expect(menuPosition(button(500), tall, viewport)).toEqual({ top: 4, left: 1020 });
    expect(menuPosition(button(200), tall, viewport)).toEqual({ top: 196, left: 1020 });
  });
});
