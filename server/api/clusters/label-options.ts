import { whyNotFree } from '../../schemas/host-free';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';

const MAX_OFFERED = 200;

export interface LabelOption {
  key: string;
  /** Hosts carrying the key, and how many of them are free (whyNotFree). */
  hosts: number;
  free: number;
  values: { value: string; hosts: number; free: number }[];
}

/** Label keys and values present on hosts, for the selector builder; SIP's own labels left out. */
export function labelOptions(hosts: readonly BareMetalHost[]): LabelOption[] {
  const keys = new Map<
    string,
    { hosts: number; free: number; values: Map<string, { hosts: number; free: number }> }
  >();
  for (const host of hosts) {
    const labels = host.metadata.labels ?? {};
    const free = whyNotFree(host) === undefined;
    for (const [key, value] of Object.entries(labels)) {
      if (key.startsWith('sip.airshipit.org/')) continue;
      const entry = keys.get(key) ?? {
        hosts: 0,
        free: 0,
        values: new Map<string, { hosts: number; free: number }>(),
      };
      entry.hosts++;
      if (free) entry.free++;
      const counts = entry.values.get(value) ?? { hosts: 0, free: 0 };
      counts.hosts++;
      if (free) counts.free++;
      entry.values.set(value, counts);
      keys.set(key, entry);
    }
  }
  return [...keys]
    .sort(([a], [b]) => a.localeCompare(b))
    .slice(0, MAX_OFFERED)
    .map(([key, entry]) => ({
      key,
      hosts: entry.hosts,
      free: entry.free,
      values: [...entry.values]
        .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
        .slice(0, MAX_OFFERED)
        .map(([value, counts]) => ({ value, ...counts })),
    }));
}
