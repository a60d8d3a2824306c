import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isLocallyAdministered, macHex } from '../schemas/mac-address';

/** Registered prefixes: 24-bit MA-L (6 hex digits), 28-bit MA-M (7) and 36-bit MA-S (9). */
type VendorTable = ReadonlyMap<string, string>;

let table: VendorTable | undefined;

/** IEEE registry entries are "Vendor\naddress lines…"; only the organisation name is kept. */
export function buildVendorTable(registry: Record<string, string>): VendorTable {
  const map = new Map<string, string>();
  for (const [prefix, entry] of Object.entries(registry)) {
    const name = entry.split('\n', 1)[0]?.trim();
    if (name) map.set(prefix.toUpperCase(), name);
  }
  return map;
}

function loadTable(): VendorTable {
  if (!table) {
    // 5 MB of JSON, parsed once on the first lookup and kept for the life of the process.
    const path = createRequire(import.meta.url).resolve('oui-data');
    table = buildVendorTable(JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>);
  }
  return table;
}

export function vendorIn(vendors: VendorTable, mac: string): string | undefined {
  const hex = macHex(mac)?.toUpperCase();
  if (!hex) return undefined;
  return vendors.get(hex.slice(0, 9)) ?? vendors.get(hex.slice(0, 7)) ?? vendors.get(hex.slice(0, 6));
}

export const LOCALLY_ADMINISTERED = 'locally administered';

/**
 * The organisation a MAC's prefix is registered to (longest registered prefix wins), "locally
 * administered" for addresses no vendor owns (VMs, randomised NICs), undefined otherwise.
 */
export function macVendor(mac: string): string | undefined {
  const vendor = vendorIn(loadTable(), mac);
  if (vendor) return vendor;
  return isLocallyAdministered(mac) ? LOCALLY_ADMINISTERED : undefined;
}
