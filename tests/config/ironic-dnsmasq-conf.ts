/**
 * The dnsmasq configuration the Ironic image's start script writes from the environment the planner
 * gives the `dnsmasq` container. Our controller, like upstream's, renders environment variables, not a
 * file; this is the file they amount to, option for option, so that dnsmasq itself can judge the
 * values (after the image's dnsmasq template: one DHCP range, the router and DNS options or their
 * suppression, iPXE chain-loading, known hosts and ignored tags). TFTP is left out: it needs the
 * image's boot files, which are not ours.
 */
import type { V1EnvVar } from '@kubernetes/client-node';

function value(env: readonly V1EnvVar[], name: string): string | undefined {
  return env.find((variable) => variable.name === name)?.value;
}

export function dnsmasqConf(env: readonly V1EnvVar[]): string {
  const provisioningIp = value(env, 'PROVISIONING_IP');
  const interfaceName = value(env, 'PROVISIONING_INTERFACE');
  const range = value(env, 'DHCP_RANGE');
  const gateway = value(env, 'GATEWAY_IP');
  const dnsSetting = value(env, 'DNS_IP');
  const dns = dnsSetting === 'provisioning' ? provisioningIp : dnsSetting;
  const hosts = value(env, 'DHCP_HOSTS');
  const ignore = value(env, 'DHCP_IGNORE');
  if (range === undefined) throw new Error('the dnsmasq container has no DHCP_RANGE');
  return [
    // DNS only when Ironic serves it; otherwise DHCP alone.
    dnsSetting === 'provisioning' ? 'domain-needed' : 'port=0',
    ...(interfaceName ? [`interface=${interfaceName}`] : []),
    'bind-dynamic',
    'log-dhcp',
    `dhcp-range=${range}`,
    gateway ? `dhcp-option=option:router,${gateway}` : 'dhcp-option=3',
    dns ? `dhcp-option=option:dns-server,${dns}` : 'dhcp-option=6',
    'dhcp-match=set:ipxe,175',
    `dhcp-boot=tag:ipxe,http://${provisioningIp ?? ''}:${value(env, 'HTTP_PORT') ?? ''}/boot.ipxe`,
    'dhcp-match=set:efi,option:client-arch,7',
    'dhcp-boot=tag:efi,tag:!ipxe,snponly.efi',
    'dhcp-boot=tag:!efi,tag:!ipxe,undionly.kpxe',
    ...(hosts ? [...hosts.split(';').map((host) => `dhcp-host=${host}`), 'dhcp-ignore=tag:!known'] : []),
    ...(ignore ? [`dhcp-ignore=${ignore}`] : []),
    '',
  ].join('\n');
}
