/**
 * BMC addresses as Metal3's baremetal-operator accepts them (pkg/hardwareutils/bmc): a driver scheme,
 * a host (name, IPv4 or bracketed IPv6), an optional port and path. A bare `host[:port]` means IPMI.
 * The Redfish family also takes `+http` or `+https` after the scheme. Pure: shared by the form and server.
 */

/** Every BMC type Metal3 knows, in the order the form lists them. */
export const BMC_DRIVERS = [
  'ipmi',
  'redfish',
  'redfish-virtualmedia',
  'redfish-uefihttp',
  'idrac',
  'idrac-redfish',
  'idrac-virtualmedia',
  'ilo4',
  'ilo4-virtualmedia',
  'ilo5',
  'ilo5-redfish',
  'ilo5-virtualmedia',
  'irmc',
  'irmc-virtualmedia',
] as const;

/** Drivers that speak Redfish over HTTP(S) and so take `+http` / `+https`. */
const WITH_TRANSPORT = new Set([
  'redfish',
  'redfish-virtualmedia',
  'redfish-uefihttp',
  'idrac-redfish',
  'idrac-virtualmedia',
  'ilo5-redfish',
]);

const HOST_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/i;
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const IPV6 = /^\[[0-9a-f:.]+\]$/i;

/** Why Metal3 would refuse the address, or undefined when it is one it accepts. */
export function bmcAddressProblem(address: string): string | undefined {
  const value = address.trim();
  if (value === '') return 'Enter the BMC address, e.g. redfish://10.0.0.5/redfish/v1/Systems/1';
  // `http//10.0.0.5` would otherwise pass as IPMI to a host named "http" with a path.
  const noColon = /^([a-z0-9][a-z0-9+.-]*)\/\//i.exec(value);
  if (noColon) return `"${noColon[1] ?? ''}//" lacks the colon of a scheme: write ${noColon[1] ?? ''}://…`;
  const scheme = /^([a-z0-9][a-z0-9+.-]*):\/\/(.*)$/i.exec(value);
  const driverPart = scheme ? (scheme[1] ?? '').toLowerCase() : 'ipmi';
  const rest = scheme ? (scheme[2] ?? '') : value;
  const [driver = '', transport] = driverPart.split('+');
  if (!(BMC_DRIVERS as readonly string[]).includes(driver)) {
    return `Unknown BMC type "${driverPart}": Metal3 knows ${BMC_DRIVERS.join(', ')}`;
  }
  if (transport !== undefined) {
    if (!WITH_TRANSPORT.has(driver)) return `"${driver}" takes no +${transport}; only the Redfish drivers do`;
    if (transport !== 'http' && transport !== 'https') return `"+${transport}" must be +http or +https`;
  }
  const slash = rest.indexOf('/');
  const authority = slash >= 0 ? rest.slice(0, slash) : rest;
  const portMatch = /^(.*?)(?::(\d+))?$/.exec(authority);
  const host = portMatch?.[1] ?? '';
  const port = portMatch?.[2];
  if (host === '') return 'The address has no host (name or IP of the BMC)';
  if (!(IPV4.test(host) || IPV6.test(host) || HOST_NAME.test(host))) {
    return `"${host}" is not a host name or IP address (IPv6 goes in brackets: [fd00::5])`;
  }
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return 'The port must be 1 to 65535';
  return undefined;
}
