/**
 * IP and CIDR parsing with the API server's rules (CEL `isIP`, `isCIDR`, `cidr().containsIP()`, which
 * are Go's netip): IPv4 only as four decimal parts without leading zeros, IPv6 without a zone and not
 * IPv4-mapped. Pure, so the browser form validates exactly as the CRD does.
 */
import ipaddr from 'ipaddr.js';

export type IpFamily = 4 | 6;

export interface ParsedIp {
  family: IpFamily;
  bytes: number[];
}

export interface ParsedCidr {
  address: ParsedIp;
  prefix: number;
}

const IPV4 = /^(0|[1-9]\d{0,2})(\.(0|[1-9]\d{0,2})){3}$/;
const PREFIX = /^(0|[1-9]\d{0,2})$/;

export function parseIp(text: string): ParsedIp | undefined {
  if (IPV4.test(text)) {
    if (!ipaddr.IPv4.isValidFourPartDecimal(text)) return undefined;
    return { family: 4, bytes: ipaddr.IPv4.parse(text).toByteArray() };
  }
  if (!text.includes(':') || text.includes('%') || !ipaddr.IPv6.isValid(text)) return undefined;
  const address = ipaddr.IPv6.parse(text);
  // Go's netip keeps ::ffff:a.b.c.d as IPv6, but the API server's ip library refuses it.
  if (address.isIPv4MappedAddress()) return undefined;
  return { family: 6, bytes: address.toByteArray() };
}

export function parseCidr(text: string): ParsedCidr | undefined {
  const slash = text.indexOf('/');
  if (slash < 0) return undefined;
  const address = parseIp(text.slice(0, slash));
  const prefixText = text.slice(slash + 1);
  if (!address || !PREFIX.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  if (prefix > address.bytes.length * 8) return undefined;
  return { address, prefix };
}

export function isIp(text: string): boolean {
  return parseIp(text) !== undefined;
}

export function isCidr(text: string): boolean {
  return parseCidr(text) !== undefined;
}

/** Negative, zero or positive as a sorts before, equal to or after b; families must match. */
export function compareIps(a: ParsedIp, b: ParsedIp): number {
  for (let i = 0; i < a.bytes.length; i++) {
    const difference = (a.bytes[i] ?? 0) - (b.bytes[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Whether the network contains the address; host bits set in the CIDR are ignored, as netip does. */
export function cidrContains(cidr: ParsedCidr, ip: ParsedIp): boolean {
  if (cidr.address.family !== ip.family) return false;
  let bits = cidr.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((cidr.address.bytes[i] ?? 0) & mask) !== ((ip.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** The network's address plus `offset`; a negative offset counts from the end (-1 is the last address). */
export function addressInCidr(cidr: ParsedCidr, offset: number): string {
  const { family, bytes } = cidr.address;
  const hostBits = bytes.length * 8 - cidr.prefix;
  const result = [...bytes];
  // Network address (offset ≥ 0) or last address (offset < 0), then add or subtract byte-wise.
  let bits = hostBits;
  for (let i = result.length - 1; bits > 0; i--, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (1 << bits) - 1;
    result[i] = offset >= 0 ? (result[i] ?? 0) & ~mask & 0xff : (result[i] ?? 0) | mask;
  }
  let carry = offset >= 0 ? offset : offset + 1;
  for (let i = result.length - 1; i >= 0 && carry !== 0; i--) {
    const sum = (result[i] ?? 0) + carry;
    result[i] = ((sum % 256) + 256) % 256;
    carry = Math.floor(sum / 256);
  }
  const address = ipaddr.fromByteArray(result);
  return family === 6 && address.kind() === 'ipv6'
    ? (address as ipaddr.IPv6).toRFC5952String()
    : address.toString();
}
