import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isLocallyAdministered, macHex } from '../schemas/mac-address';
import { VendorTable } from './vendor-table';

let table: VendorTable | undefined;

function loadTable(): VendorTable {
  // 5.6 MB of JSON, read once on the first lookup; about 2 MiB of it is kept for the life of the process.
  table ??= VendorTable.fromRegistryJson(readFileSync(createRequire(import.meta.url).resolve('oui-data')));
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
