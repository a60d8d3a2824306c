/** Where a menu opened from a button goes on screen: pure, so the flip and clamp rules have table tests. */

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Space kept between the menu and the window's edge, and between the button and the menu. */
const MARGIN = 4;

/**
 * The menu's top-left corner in viewport coordinates (for `position: fixed`). It hangs below the button,
 * right edges aligned; where it does not fit below, it opens upwards, and where it fits neither way it
 * takes the side with more room. It never leaves the window sideways.
 */
export function menuPosition(
  trigger: Box,
  menu: { width: number; height: number },
  viewport: { width: number; height: number },
): { top: number; left: number } {
  const below = viewport.height - trigger.bottom - MARGIN;
  const above = trigger.top - MARGIN;
  const fitsBelow = menu.height + MARGIN <= below;
  const up = !fitsBelow && (menu.height + MARGIN <= above || above > below);
  const top = up
    ? Math.max(MARGIN, trigger.top - MARGIN - menu.height)
    : Math.min(trigger.bottom + MARGIN, Math.max(MARGIN, viewport.height - MARGIN - menu.height));
  const left = Math.min(
    Math.max(MARGIN, trigger.right - menu.width),
    Math.max(MARGIN, viewport.width - MARGIN - menu.width),
  );
  return { top, left };
}
