/** A Kubernetes timestamp (string or Date) as ISO 8601, or undefined when absent or unreadable. */
export function isoTime(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const date = new Date(value as string);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
