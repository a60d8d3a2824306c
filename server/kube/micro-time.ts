/** A Kubernetes MicroTime: RFC 3339 with six fractional digits, as Events and Leases carry. */
export function microTime(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}
