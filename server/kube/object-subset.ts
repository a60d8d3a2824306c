/**
 * True when every field of `desired` is present in `actual` with the same value. Server-side apply
 * sends only the fields we own; the API server adds defaults, so equality would always fail and every
 * reconcile would write. Lists must match element by element in length and order. An empty map or
 * list matches an absent field.
 */
export function isSubset(desired: unknown, actual: unknown): boolean {
  if (desired === actual) return true;
  if (desired === null || desired === undefined) return actual === null || actual === undefined;
  // The API server drops empty maps and lists (omitempty): an empty ConfigMap's data comes back absent.
  if (actual === undefined && typeof desired === 'object' && Object.keys(desired).length === 0) return true;
  if (Array.isArray(desired)) {
    return (
      Array.isArray(actual) &&
      desired.length === actual.length &&
      desired.every((item, index) => isSubset(item, actual[index]))
    );
  }
  if (typeof desired === 'object') {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
    const actualRecord = actual as Record<string, unknown>;
    return Object.entries(desired as Record<string, unknown>).every(([key, value]) =>
      isSubset(value, actualRecord[key]),
    );
  }
  return false;
}
