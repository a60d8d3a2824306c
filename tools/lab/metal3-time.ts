/** A time as Metal3 writes it in a host's status: RFC 3339 in UTC, whole seconds. */
export function metal3Time(ms = Date.now()): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
