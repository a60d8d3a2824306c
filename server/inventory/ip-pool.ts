/**
 * Address pools of PlunderClusters (Rackpilot's IPAM; plunder had none): which addresses a cluster may
 * hand out, whether one given address fits, and the free ones in order. Pure; the database's primary
 * key on (pool, ip) is what keeps two machines from holding one address.
 */
import ipaddr from 'ipaddr.js';
import { cidrContains, parseCidr, parseIp, type ParsedCidr, type ParsedIp } from '../schemas/ip-address';

/** A type, not an interface: a PlunderCluster's spec (which keeps unknown fields) takes it as it is. */
export type PoolSpec = {
  subnet?: string;
  gateway?: string;
  ipPool?: { start: string; end: string };
};

export interface AddressPool {
  subnet: ParsedCidr;
  family: 4 | 6;
  first: bigint;
  last: bigint;
  /** Inside [first, last] but never handed out (the gateway). */
  reserved: Set<bigint>;
}

function toBigInt(ip: ParsedIp): bigint {
  let value = 0n;
  for (const byte of ip.bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

function fromBigInt(value: bigint, family: 4 | 6): string {
  const length = family === 4 ? 4 : 16;
  const bytes = new Array<number>(length);
  let rest = value;
  for (let i = length - 1; i >= 0; i--) {
    bytes[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  const address = ipaddr.fromByteArray(bytes);
  return address.kind() === 'ipv6' ? (address as ipaddr.IPv6).toRFC5952String() : address.toString();
}

/** The canonical spelling of an address (IPv6 compressed), so leases compare as strings. */
export function canonicalIp(text: string): string | undefined {
  const ip = parseIp(text);
  return ip ? fromBigInt(toBigInt(ip), ip.family) : undefined;
}

/**
 * The pool a cluster's spec describes: undefined without a subnet (nothing to allocate from), or the
 * reason the spec cannot be used. Without ipPool, the subnet's host addresses (IPv4 without network
 * and broadcast) except the gateway.
 */
export function addressPool(spec: PoolSpec): AddressPool | { error: string } | undefined {
  if (!spec.subnet) return undefined;
  const subnet = parseCidr(spec.subnet);
  if (!subnet) return { error: `subnet ${spec.subnet} is not a CIDR` };
  const family = subnet.address.family;
  const bits = BigInt(family === 4 ? 32 : 128);
  const hostBits = bits - BigInt(subnet.prefix);
  const network = (toBigInt(subnet.address) >> hostBits) << hostBits;
  const broadcast = network + (1n << hostBits) - 1n;
  let first = network;
  let last = broadcast;
  if (hostBits >= 2n) {
    first = network + 1n;
    if (family === 4) last = broadcast - 1n;
  }
  if (spec.ipPool) {
    const start = parseIp(spec.ipPool.start);
    const end = parseIp(spec.ipPool.end);
    if (!start || !end) return { error: 'the pool start and end must be IP addresses' };
    if (!cidrContains(subnet, start) || !cidrContains(subnet, end)) {
      return { error: `the pool ${spec.ipPool.start}–${spec.ipPool.end} is not inside ${spec.subnet}` };
    }
    first = toBigInt(start);
    last = toBigInt(end);
    if (first > last)
      return { error: `the pool starts (${spec.ipPool.start}) after it ends (${spec.ipPool.end})` };
  }
  const reserved = new Set<bigint>();
  const gateway = spec.gateway === undefined ? undefined : parseIp(spec.gateway);
  if (spec.gateway !== undefined && (!gateway || !cidrContains(subnet, gateway))) {
    return { error: `gateway ${spec.gateway} is not inside ${spec.subnet}` };
  }
  if (gateway) reserved.add(toBigInt(gateway));
  return { subnet, family, first, last, reserved };
}

export function isPool(value: AddressPool | { error: string } | undefined): value is AddressPool {
  return value !== undefined && !('error' in value);
}

/** How many addresses the pool can hand out (capped: an IPv6 /64 is "a lot", not a number). */
export function poolCapacity(pool: AddressPool): number {
  const size = pool.last - pool.first + 1n;
  let reserved = 0;
  for (const ip of pool.reserved) if (ip >= pool.first && ip <= pool.last) reserved++;
  const capacity = size - BigInt(reserved);
  return capacity > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(capacity);
}

/** The first `count` addresses of the pool that are not in `taken` (canonical strings), in order. */
export function freeAddresses(pool: AddressPool, taken: ReadonlySet<string>, count: number): string[] {
  const free: string[] = [];
  // Bounded by the pool, and by taken + count steps: every step either finds one or skips a taken one.
  for (
    let ip = pool.first, steps = 0;
    ip <= pool.last && free.length < count && steps <= taken.size + count + pool.reserved.size;
    ip++, steps++
  ) {
    if (pool.reserved.has(ip)) continue;
    const text = fromBigInt(ip, pool.family);
    if (!taken.has(text)) free.push(text);
  }
  return free;
}

/** Why `ip` cannot be given to a machine of a cluster with this spec, or undefined when it can (taken aside). */
export function addressProblem(spec: PoolSpec, ip: string): string | undefined {
  const parsed = parseIp(ip);
  if (!parsed) return `${ip} is not an IP address`;
  if (!spec.subnet) return undefined;
  const subnet = parseCidr(spec.subnet);
  if (!subnet) return undefined;
  if (!cidrContains(subnet, parsed)) return `${ip} is not inside the cluster's subnet ${spec.subnet}`;
  const pool = addressPool({ subnet: spec.subnet });
  const value = toBigInt(parsed);
  if (isPool(pool) && pool.family === 4 && (value < pool.first || value > pool.last)) {
    return `${ip} is the network or broadcast address of ${spec.subnet}`;
  }
  if (spec.gateway && canonicalIp(spec.gateway) === canonicalIp(ip)) return `${ip} is the cluster's gateway`;
  return undefined;
}

/** The netmask an installer's `ip=` argument wants: dotted for IPv4, the prefix length for IPv6. */
export function netmaskOf(subnet: string | undefined): string {
  const parsed = subnet === undefined ? undefined : parseCidr(subnet);
  if (!parsed) return '';
  if (parsed.address.family === 6) return String(parsed.prefix);
  return ipaddr.IPv4.subnetMaskFromPrefixLength(parsed.prefix).toString();
}
