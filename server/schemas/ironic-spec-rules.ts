/**
 * The validation rules of an Ironic spec, written once in TypeScript with the very messages of the
 * CEL rules in crds/metal3.io_ironics.yaml: the form shows them as you type, the tRPC mutation
 * refuses bad input with them, and the controller re-checks objects that reached the API server
 * some other way (a CRD installed without CEL). crds/samples/invalid holds the API server's side.
 */
import type { IronicNetworking, IronicSpec } from '../types/crds/ironic';
import { cidrContains, compareIps, parseCidr, parseIp, type ParsedCidr, type ParsedIp } from './ip-address';

export interface SpecProblem {
  /** Path of the offending field, as the API server names it (`spec.networking.dhcp.rangeEnd`). */
  field: string;
  message: string;
}

/**
 * Same pattern as spec.ramdiskSSHKey in the CRD. Upstream takes any text (its own README example is a
 * placeholder), so the key is not parsed; only what would break the quoted kernel parameter it becomes
 * is refused: a line break inside, or a double quote.
 */
export const RAMDISK_SSH_KEY = /^[^"\r\n]*\n?$/;

const NETWORKING = 'spec.networking';
const DHCP = 'spec.networking.dhcp';

function ipField(problems: SpecProblem[], field: string, value: string | undefined): ParsedIp | undefined {
  if (value === undefined) return undefined;
  const parsed = parseIp(value);
  if (!parsed) problems.push({ field, message: `${field} must be a valid IPv4 or IPv6 address` });
  return parsed;
}

function dhcpProblems(networking: IronicNetworking, ipAddress: ParsedIp | undefined): SpecProblem[] {
  const dhcp = networking.dhcp;
  if (!dhcp) return [];
  const problems: SpecProblem[] = [];
  let cidr: ParsedCidr | undefined;
  if (dhcp.networkCIDR === '') {
    problems.push({ field: `${DHCP}.networkCIDR`, message: `${DHCP}.networkCIDR is required` });
  } else {
    cidr = parseCidr(dhcp.networkCIDR);
    if (!cidr) {
      problems.push({
        field: `${DHCP}.networkCIDR`,
        message: `${DHCP}.networkCIDR must be a valid IPv4 or IPv6 CIDR`,
      });
    }
  }
  const begin = ipField(problems, `${DHCP}.rangeBegin`, dhcp.rangeBegin);
  const end = ipField(problems, `${DHCP}.rangeEnd`, dhcp.rangeEnd);
  ipField(problems, `${DHCP}.gatewayAddress`, dhcp.gatewayAddress);
  ipField(problems, `${DHCP}.dnsAddress`, dhcp.dnsAddress);
  if (cidr) {
    for (const [name, address] of [
      ['rangeBegin', begin],
      ['rangeEnd', end],
    ] as const) {
      if (address && !cidrContains(cidr, address)) {
        problems.push({
          field: `${DHCP}.${name}`,
          message: `${DHCP}.${name} must be inside ${DHCP}.networkCIDR`,
        });
      }
    }
    if (ipAddress && !cidrContains(cidr, ipAddress)) {
      problems.push({
        field: `${NETWORKING}.ipAddress`,
        message: `${NETWORKING}.ipAddress must be inside ${DHCP}.networkCIDR`,
      });
    }
  }
  if (begin && end && begin.family === end.family && compareIps(begin, end) > 0) {
    problems.push({
      field: `${DHCP}.rangeBegin`,
      message: `${DHCP}.rangeBegin must not be greater than ${DHCP}.rangeEnd`,
    });
  }
  if (dhcp.serveDNS && dhcp.dnsAddress !== undefined) {
    problems.push({
      field: `${DHCP}.dnsAddress`,
      message: `${DHCP}.dnsAddress cannot be set together with ${DHCP}.serveDNS`,
    });
  }
  if (networking.ipAddress === undefined) {
    problems.push({ field: DHCP, message: `${DHCP} requires ${NETWORKING}.ipAddress` });
  }
  return problems;
}

/** Every rule the CRD enforces with CEL on one spec, in a stable order; empty when it is valid. */
export function ironicSpecProblems(spec: IronicSpec): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const networking = spec.networking ?? {};
  const ha = spec.highAvailability === true;
  const ipAddress = ipField(problems, `${NETWORKING}.ipAddress`, networking.ipAddress);
  ipField(problems, `${NETWORKING}.externalIP`, networking.externalIP);
  problems.push(...dhcpProblems(networking, ipAddress));
  const keepalived = networking.ipAddressManager === 'keepalived';
  if (keepalived && (networking.ipAddress === undefined || networking.interface === undefined)) {
    problems.push({
      field: `${NETWORKING}.ipAddressManager`,
      message: `${NETWORKING}.ipAddressManager keepalived requires ${NETWORKING}.ipAddress and ${NETWORKING}.interface`,
    });
  }
  if (ha) {
    if (!spec.databaseRef?.name) {
      problems.push({
        field: 'spec.databaseRef',
        message: 'spec.databaseRef is required when spec.highAvailability is true',
      });
    }
    if (networking.ipAddress !== undefined) {
      problems.push({
        field: `${NETWORKING}.ipAddress`,
        message: `${NETWORKING}.ipAddress cannot be set when spec.highAvailability is true`,
      });
    }
    if (networking.dhcp) {
      problems.push({
        field: DHCP,
        message: `${DHCP} cannot be set when spec.highAvailability is true`,
      });
    }
    if (keepalived) {
      problems.push({
        field: `${NETWORKING}.ipAddressManager`,
        message: `${NETWORKING}.ipAddressManager keepalived cannot be used when spec.highAvailability is true`,
      });
    }
  }
  if (spec.ramdiskSSHKey !== undefined && !RAMDISK_SSH_KEY.test(spec.ramdiskSSHKey)) {
    problems.push({
      field: 'spec.ramdiskSSHKey',
      message:
        'spec.ramdiskSSHKey must be one line without double quotes: the ramdisk receives it as a quoted kernel parameter',
    });
  }
  return problems;
}
