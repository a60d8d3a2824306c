/** Bounds of `?rotate=<seconds>`: faster cannot be read from across a room, slower is not rotating. */
export const ROTATE_MIN_SECONDS = 5;
export const ROTATE_MAX_SECONDS = 3600;

/** Tiles on each page while rotating: four big tiles (two by two) read from further away. */
export const TILES_PER_PAGE = 4;

export interface RotateSetting {
  /** Seconds per page; undefined shows every tile on one page. */
  seconds?: number;
  /** Why the value given was not taken as it was, shown on the wall (nobody reads a console there). */
  note?: string;
}

/** `?rotate=` read strictly: whole seconds within the bounds; anything else is ignored or bounded, with a note. */
export function parseRotate(raw: string | null): RotateSetting {
  if (raw === null) return {};
  if (!/^\d{1,9}$/.test(raw.trim())) {
    return {
      note: `rotate=${raw.slice(0, 20)} ignored: give whole seconds (${ROTATE_MIN_SECONDS}–${ROTATE_MAX_SECONDS})`,
    };
  }
  const seconds = Number(raw.trim());
  if (seconds < ROTATE_MIN_SECONDS) {
    return { seconds: ROTATE_MIN_SECONDS, note: `rotate=${seconds} raised to ${ROTATE_MIN_SECONDS} s` };
  }
  if (seconds > ROTATE_MAX_SECONDS) {
    return { seconds: ROTATE_MAX_SECONDS, note: `rotate=${seconds} lowered to ${ROTATE_MAX_SECONDS} s` };
  }
  return { seconds };
}

/** `items` cut into pages of `perPage`, in order; one empty page when there are none. */
export function pagesOf<T>(items: readonly T[], perPage: number): T[][] {
  const size = Math.max(1, Math.floor(perPage));
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += size) pages.push(items.slice(start, start + size));
  return pages.length > 0 ? pages : [[]];
}

/** Which page shows `elapsedMs` after the wall started, turning every `rotateMs`. */
export function pageAt(elapsedMs: number, rotateMs: number, pageCount: number): number {
  if (pageCount <= 1 || rotateMs <= 0) return 0;
  return Math.floor(Math.max(0, elapsedMs) / rotateMs) % pageCount;
}
