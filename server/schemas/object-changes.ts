/**
 * What an edit changes, and the JSON merge patch (RFC 7386) that makes exactly that change. Pure: the
 * edit procedures build their patch and the diff they show with these, and the console lists the
 * changes the same way.
 */

/** One changed leaf: `spec.nodes.Worker.count.active` from 2 to 3 (undefined: absent on that side). */
export interface FieldChange {
  path: string;
  before?: unknown;
  after?: unknown;
}

/** Far above what a form changes: a runaway diff is cut, not held. */
export const MAX_FIELD_CHANGES = 500;

type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function join(prefix: string, key: string | number): string {
  if (typeof key === 'number') return `${prefix}[${key}]`;
  return prefix === '' ? key : `${prefix}.${key}`;
}

function collect(before: unknown, after: unknown, path: string, out: FieldChange[]): void {
  if (out.length >= MAX_FIELD_CHANGES || same(before, after)) return;
  if (isPlain(before) && isPlain(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys) collect(before[key], after[key], join(path, key), out);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    before.forEach((item, index) => {
      collect(item, after[index], join(path, index), out);
    });
    return;
  }
  out.push({
    path,
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
  });
}

/** Every leaf that differs, in path order (objects by key, equal-length lists by index). */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const out: FieldChange[] = [];
  collect(before, after, '', out);
  return out;
}

/** RFC 7386: `null` removes a key, an object merges, anything else (lists too) replaces. */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlain(patch)) return patch;
  const result = new Map(Object.entries(isPlain(target) ? target : {}));
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) result.delete(key);
    else result.set(key, applyMergePatch(result.get(key), value));
  }
  return Object.fromEntries(result);
}

/**
 * A list the edit changed, sent whole (a merge patch replaces lists): each item is the live one with
 * the item's own change merged in, so fields the form has no say over (a Service's clusterIP) stay.
 */
function changedList(base: unknown, edited: unknown[], live: unknown): unknown[] {
  const baseItems = Array.isArray(base) ? base : [];
  const liveItems = Array.isArray(live) ? live : [];
  return edited.map((item, index) => {
    const liveItem: unknown = liveItems[index];
    if (!isPlain(item) || !isPlain(liveItem)) return item;
    const change = editMergePatch(baseItems[index] ?? {}, item, liveItem);
    return change === undefined ? liveItem : applyMergePatch(liveItem, change);
  });
}

/**
 * The merge patch that changes what differs between `base` (the object the form opened on, as the form
 * describes it) and `edited` (the same after the user's edit), and nothing else: keys the form does not
 * describe are never named, so labels, annotations and status set by others survive. A key the edit
 * removed is `null`; a map the edit emptied has each of its former keys `null`, not the map removed
 * (others' keys in it stay). Undefined when nothing changed.
 */
export function editMergePatch(base: unknown, edited: unknown, live: unknown): unknown {
  if (same(base, edited)) return undefined;
  if (isPlain(edited) || (isPlain(base) && edited === undefined)) {
    const from = isPlain(base) ? base : {};
    const to = isPlain(edited) ? edited : {};
    const liveObject = isPlain(live) ? live : {};
    const patch: Plain = {};
    for (const key of new Set([...Object.keys(from), ...Object.keys(to)])) {
      const removedLeaf = to[key] === undefined && !isPlain(from[key]);
      const change = removedLeaf ? null : editMergePatch(from[key], to[key], liveObject[key]);
      if (change !== undefined) patch[key] = change;
    }
    return Object.keys(patch).length > 0 ? patch : undefined;
  }
  if (Array.isArray(edited)) return changedList(base, edited, live);
  return edited === undefined ? null : edited;
}
