/**
 * Vocabulary and input of the unleased-hardware list, shared by the server views and the page (pure
 * values and zod only).
 */
import { z } from 'zod';
import type { StepView } from './boot-progress';
import { normalizeMac } from './mac-address';

/**
 * Lifecycle of one MAC as the boot service sees it: looping without a machine (unleased), named by a
 * PlunderMachine but not yet booted into the installer (claimed), installing (provisioning),
 * installed (provisioned), install reported failed (failed), released and waiting to be wiped (wiping),
 * wiped by its own report and waiting for the machine's next boot into the loop to confirm it (wiped).
 */
export const HARDWARE_STATES = [
  'unleased',
  'claimed',
  'provisioning',
  'provisioned',
  'failed',
  'wiping',
  'wiped',
] as const;
export type HardwareState = (typeof HARDWARE_STATES)[number];

export const HARDWARE_STATE_LABELS: Record<HardwareState, string> = {
  unleased: 'Unleased',
  claimed: 'Claimed',
  provisioning: 'Provisioning',
  provisioned: 'Provisioned',
  failed: 'Failed',
  wiping: 'Wiping',
  wiped: 'Wiped',
};

export const HARDWARE_SORT_KEYS = [
  'mac',
  'vendor',
  'ip',
  'firstSeen',
  'lastSeen',
  'bootCount',
  'state',
  'machine',
] as const;
export type HardwareSortKey = (typeof HARDWARE_SORT_KEYS)[number];

/** plunder's colours for "time since last seen": under 2 minutes green, under 30 amber, then red. */
export const SEEN_FRESH_MS = 2 * 60_000;
export const SEEN_STALE_MS = 30 * 60_000;
export type SeenAge = 'fresh' | 'recent' | 'stale';

export function seenAge(lastSeen: Date | string | number, now: number): SeenAge {
  const age = now - new Date(lastSeen).getTime();
  return age < SEEN_FRESH_MS ? 'fresh' : age < SEEN_STALE_MS ? 'recent' : 'stale';
}

export const HARDWARE_PAGE_SIZES = [50, 100, 250] as const;
export const HARDWARE_MAX_PAGE = 10_000;
export const HARDWARE_MAX_SEARCH = 200;

/** The list's input: everything the page's URL carries. */
export const hardwareQuerySchema = z.object({
  /** One whole MAC in any spelling, or space-separated terms matching MAC (partial), vendor, IP or machine. */
  search: z
    .string()
    .trim()
    .max(HARDWARE_MAX_SEARCH, `search must be at most ${HARDWARE_MAX_SEARCH} characters`)
    .default(''),
  state: z.array(z.enum(HARDWARE_STATES)).max(HARDWARE_STATES.length).default([]),
  sort: z.enum(HARDWARE_SORT_KEYS).default('lastSeen'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.int().min(1).max(HARDWARE_MAX_PAGE, `page must be at most ${HARDWARE_MAX_PAGE}`).default(1),
  pageSize: z.literal(HARDWARE_PAGE_SIZES, { error: 'pageSize must be 50, 100 or 250' }).default(50),
});
export type HardwareQuery = z.output<typeof hardwareQuerySchema>;
export type HardwareQueryInput = z.input<typeof hardwareQuerySchema>;

/** The part of the list's input that selects rows: a bulk job's selection is exactly this. */
export const hardwareFilterSchema = hardwareQuerySchema.pick({ search: true, state: true });
export type HardwareFilter = z.output<typeof hardwareFilterSchema>;
export type HardwareFilterInput = z.input<typeof hardwareFilterSchema>;

/** One row of the list: small and flat, sent whole on every live update. */
export interface HardwareRow {
  /** Canonical `aa:bb:cc:dd:ee:ff`. */
  mac: string;
  /** Organisation owning the OUI, "locally administered", or null when unregistered. */
  vendor: string | null;
  /** Address the MAC is bound to: the one it was first sighted from, or the one an operator confirmed. */
  ip: string | null;
  /** Another address asked for this MAC: no token is issued until an operator confirms one of the two. */
  addressConflict: AddressConflictRow | null;
  /** What iPXE reported, when it did. */
  uuid: string | null;
  serial: string | null;
  /** ISO timestamps. */
  firstSeen: string;
  lastSeen: string;
  bootCount: number;
  state: HardwareState;
  /** The PlunderMachine holding (or, while wiping, last holding) the MAC. */
  machine: { namespace: string; name: string } | null;
  /** Address given to the machine (its spec or allocation), when claimed. */
  machineIp: string | null;
  /** Short reason and readable message when the install failed or the machine reports a failure. */
  failureReason: string | null;
  failureMessage: string | null;
  /** The latest provisioning step (server/schemas/boot-progress.ts), while one is known. */
  step: StepView | null;
}

/** A MAC in any spelling, normalised to aa:bb:cc:dd:ee:ff. */
export const macFieldSchema = z
  .string()
  .trim()
  .transform((value, context) => {
    const mac = normalizeMac(value);
    if (!mac) {
      context.addIssue({ code: 'custom', message: `"${value.slice(0, 40)}" is not a MAC address` });
      return z.NEVER;
    }
    return mac;
  });

/** One MAC, named in any spelling (its page). */
export const macInputSchema = z.object({ mac: macFieldSchema });

export interface AddressConflictRow {
  ip: string;
  /** ISO timestamps. */
  firstSeen: string;
  lastSeen: string;
  count: number;
}

/** The operator's answer to an address conflict: which of the two addresses is the machine's. */
export const confirmAddressInputSchema = z.object({
  mac: macFieldSchema,
  ip: z.union([z.ipv4(), z.ipv6()], { error: 'ip must be an IPv4 or IPv6 address' }),
});
export type ConfirmAddressInput = z.output<typeof confirmAddressInputSchema>;

export interface HardwareStateCount {
  value: HardwareState;
  count: number;
}

export interface HardwarePage {
  rows: HardwareRow[];
  /** Rows matching search and state filter. */
  total: number;
  /** Every MAC the boot service knows. */
  totalAll: number;
  page: number;
  pageSize: number;
  pageCount: number;
  /** Per state, with the search applied but not the state filter. */
  states: HardwareStateCount[];
  /** When the server built the page (ISO), for the age colours. */
  at: string;
}
