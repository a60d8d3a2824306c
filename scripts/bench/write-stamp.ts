// bench:console's live updates: every write carries a stamp (its sequence number and the wall-clock
// millisecond it was sent) in a field the view shows, so the page can tell which write it painted.

export interface Stamp {
  seq: number;
  /** Date.now() when the write was sent. */
  writtenAt: number;
}

/**
 * What the page looks for in its text. Digits and dashes only, so the stamp is also a valid label
 * value (at most 63 characters) and survives every view's formatting.
 */
export const STAMP_PATTERN = 'rpb-(\\d+)-(\\d{13})';

export function formatStamp({ seq, writtenAt }: Stamp): string {
  return `rpb-${seq}-${writtenAt}`;
}

/** Every stamp in `text`, in order of appearance. */
export function parseStamps(text: string): Stamp[] {
  return [...text.matchAll(new RegExp(STAMP_PATTERN, 'g'))].map((match) => ({
    seq: Number(match[1]),
    writtenAt: Number(match[2]),
  }));
}

export interface KeyedWrite extends Stamp {
  /** The object written; writes to one object are sent one after another. */
  key: string;
}

export interface WriteToPaint {
  /** One per write shown, in ms: when its stamp, or a later one of the same object, was first painted. */
  latencies: number[];
  /** Writes neither painted nor followed by a painted write of the same object. */
  lost: KeyedWrite[];
  /** The slowest writes shown, slowest first, at most five: when a tail happened, not only how long. */
  slowest: (KeyedWrite & { ms: number })[];
}

/**
 * Write → paint for every write. The server coalesces changes (one message per interval), so a write
 * overtaken by a later one to the same object before the next message is never painted on its own:
 * it counts as shown when the first stamp at or after it on that object is painted.
 */
export function writeToPaint(
  writes: readonly KeyedWrite[],
  paintedAt: ReadonlyMap<number, number>,
): WriteToPaint {
  const byKey = new Map<string, KeyedWrite[]>();
  for (const write of writes) byKey.set(write.key, [...(byKey.get(write.key) ?? []), write]);
  const shown: (KeyedWrite & { ms: number })[] = [];
  const lost: KeyedWrite[] = [];
  for (const objectWrites of byKey.values()) {
    let shownAt = Number.POSITIVE_INFINITY;
    for (const write of [...objectWrites].sort((a, b) => b.seq - a.seq)) {
      shownAt = Math.min(shownAt, paintedAt.get(write.seq) ?? Number.POSITIVE_INFINITY);
      if (Number.isFinite(shownAt)) shown.push({ ...write, ms: shownAt - write.writtenAt });
      else lost.push(write);
    }
  }
  shown.sort((a, b) => a.ms - b.ms);
  return { latencies: shown.map((write) => write.ms), lost, slowest: shown.slice(-5).reverse() };
}

/** The last write to each object, by key: what a fresh page must show once the writes stop. */
export function lastWrites(writes: readonly KeyedWrite[]): Map<string, KeyedWrite> {
  const last = new Map<string, KeyedWrite>();
  for (const write of writes) {
    const known = last.get(write.key);
    if (!known || write.seq > known.seq) last.set(write.key, write);
  }
  return last;
}

/** An attribute of an object's element changing on screen (from the page's probe). */
export interface AttributeChange {
  /** The object, as the element's key attribute names it. */
  key: string;
  value: string;
  /** Date.now()-comparable ms of the first frame showing it. */
  at: number;
}

/**
 * Stamp sequence number → when its write was painted, for a view that shows a write by an attribute
 * (a box's state) rather than by its stamp: the first change of the written object's element to the
 * value the write leads to, at or after the write was sent. Writes whose value never showed are left
 * out (writeToPaint counts them shown by a later write's paint, or lost).
 */
export function attributePaints(
  writes: readonly KeyedWrite[],
  changes: readonly AttributeChange[],
  valueAfter: (seq: number) => string | undefined,
): Map<number, number> {
  const byKey = new Map<string, AttributeChange[]>();
  for (const change of changes) byKey.set(change.key, [...(byKey.get(change.key) ?? []), change]);
  const painted = new Map<number, number>();
  for (const write of writes) {
    const value = valueAfter(write.seq);
    const shown = (byKey.get(write.key) ?? []).find(
      (change) => change.value === value && change.at >= write.writtenAt,
    );
    if (shown) painted.set(write.seq, shown.at);
  }
  return painted;
}
