/** Width over height a tile reads best at: wider than tall, like the screen it is on. */
export const TILE_ASPECT = 1.6;

export interface GridShape {
  columns: number;
  rows: number;
}

/**
 * The columns and rows that give `count` equal tiles in a `width` × `height` area the largest size at
 * `aspect` (the biggest box of that shape that fits each cell), so any number of tiles fills the
 * screen without scrolling and without leaving most of it empty.
 */
export function gridShape(count: number, width: number, height: number, aspect = TILE_ASPECT): GridShape {
  if (count <= 1) return { columns: 1, rows: 1 };
  // Before the area is measured (the first paint), shape it for a 16:9 screen.
  if (width <= 0 || height <= 0) return gridShape(count, 16, 9, aspect);
  let best: GridShape = { columns: count, rows: 1 };
  let bestSize = -1;
  for (let columns = 1; columns <= count; columns += 1) {
    const rows = Math.ceil(count / columns);
    // The height of the largest aspect-shaped box that fits one cell.
    const size = Math.min(width / columns / aspect, height / rows);
    if (size > bestSize) {
      best = { columns, rows };
      bestSize = size;
    }
  }
  return best;
}

/**
 * How many of a list's items fit, from each item's bottom edge measured from the top of the list and
 * the list's height: the first that would be cut off and everything after it are left out.
 */
export function itemsThatFit(bottoms: readonly number[], available: number): number {
  const cut = bottoms.findIndex((bottom) => bottom > available + 0.5);
  return cut === -1 ? bottoms.length : cut;
}
