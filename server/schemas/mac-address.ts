/**
 * MAC addresses in every spelling operators paste: `aa:bb:cc:dd:ee:ff`, `AA-BB-CC-DD-EE-FF`, Cisco's
 * `aabb.ccdd.eeff`, HP's `aabbcc-ddeeff`, bare hex, and colon groups without leading zeros
 * (`a:b:c:d:e:f`). Pure: shared by the console, its search and the boot service.
 */

const HEX = /^[0-9a-f]+$/;

function hexGroups(value: string, separator: string, width: number, count: number): string | undefined {
  const groups = value.split(separator);
  if (groups.length !== count) return undefined;
  if (!groups.every((group) => group.length === width && HEX.test(group))) return undefined;
  return groups.join('');
}

/** The 12 lower-case hex digits of a MAC, or undefined when the input is not one MAC. */
export function macHex(input: string): string | undefined {
  const value = input.trim().toLowerCase();
  if (value.length === 12 && HEX.test(value)) return value;
  for (const separator of [':', '-']) {
    const groups = value.split(separator);
    // Six groups of one or two digits (tools that drop leading zeros print `0:1b:21:a:b:c`).
    if (groups.length === 6 && groups.every((group) => /^[0-9a-f]{1,2}$/.test(group))) {
      return groups.map((group) => group.padStart(2, '0')).join('');
    }
  }
  return hexGroups(value, '.', 4, 3) ?? hexGroups(value, '-', 6, 2) ?? hexGroups(value, ' ', 2, 6);
}

/** Canonical form `aa:bb:cc:dd:ee:ff`, or undefined when the input is not a MAC. */
export function normalizeMac(input: string): string | undefined {
  const hex = macHex(input);
  return hex === undefined ? undefined : (hex.match(/../g) ?? []).join(':');
}

export function isMac(input: string): boolean {
  return macHex(input) !== undefined;
}

/**
 * Locally administered addresses (second-lowest bit of the first octet set) belong to no vendor:
 * virtual machines (52:54:00 is QEMU's), containers and randomised NICs.
 */
export function isLocallyAdministered(mac: string): boolean {
  const hex = macHex(mac);
  return hex !== undefined && (parseInt(hex.slice(0, 2), 16) & 0b10) !== 0;
}

export function isMulticast(mac: string): boolean {
  const hex = macHex(mac);
  return hex !== undefined && (parseInt(hex.slice(0, 2), 16) & 0b1) !== 0;
}

const IP_LIKE = /^\d{1,3}(\.\d{1,3}){0,3}\.?$/;

/**
 * Normalises a search query that may be a partial MAC in any spelling to the bare lower-case hex to
 * look for inside `macHex(...)` of each address, or undefined when the query cannot be part of a MAC.
 * Needs at least two hex digits; a dotted-decimal query (`10.0.3`) is taken for an IP, not a MAC.
 * Colon or dash groups of one digit are padded only in a complete MAC; elsewhere a group's digits
 * are kept as typed, so `b6:e` finds `…:b6:ed:…`.
 */
export function macSearchFragment(query: string): string | undefined {
  const value = query.trim().toLowerCase();
  if (value === '') return undefined;
  const full = macHex(value);
  if (full !== undefined) return full;
  if (!/^[0-9a-f:.\- ]+$/.test(value)) return undefined;
  if (value.includes('.') && IP_LIKE.test(value)) return undefined;
  const hex = value.replace(/[:.\- ]/g, '');
  if (hex.length < 2 || hex.length > 12) return undefined;
  return hex;
}
