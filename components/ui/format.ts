/** Compact age like kubectl's: 45s, 12m, 5h, 3d, 2y. */
export function ageText(iso: string | undefined, now: number): string {
  if (!iso) return '—';
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (Number.isNaN(seconds)) return '—';
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 730) return `${days}d`;
  return `${Math.floor(days / 365)}y`;
}

/** "2026-11-22 03:04:05 UTC": absolute times in UTC, the same on every operator's screen. */
export function timeText(iso: string | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export function bytesText(bytes: number | undefined): string {
  if (bytes === undefined) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value >= 100 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit] ?? ''}`;
}

export function mebibytesText(mebibytes: number | undefined): string {
  if (mebibytes === undefined) return '—';
  return mebibytes >= 1024
    ? `${(mebibytes / 1024).toFixed(mebibytes % 1024 === 0 ? 0 : 1)} GiB`
    : `${mebibytes} MiB`;
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
