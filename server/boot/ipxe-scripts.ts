/**
 * The iPXE scripts the boot service serves. Pure: every value that varies is an argument, so the
 * scripts are table-tested and the loop script can be rendered once and reused on the hot path.
 */
import type { DeploymentProfile } from '../schemas/provision-form';

export type BootScriptKind = 'loop' | 'install' | 'wipe' | 'local' | 'error';

/** Seconds an unleased host waits before asking again (plunder's reboot loop, without the reboot). */
export const LOOP_DELAY_SECONDS = 5;

/** iPXE treats these as syntax inside a command line; anything we echo must not contain them. */
function echoSafe(text: string): string {
  return text.replace(/[^\x20-\x7e]|[$&|#]/g, '?').slice(0, 200);
}

/**
 * The static entry script dnsmasq chains to. iPXE expands the settings itself; `:uristring` encodes
 * them for a query string and expands to nothing when a setting is unset.
 */
export function chainScript(base: string): string {
  return [
    '#!ipxe',
    `chain --autofree ${base}/boot/ipxe?mac=\${net0/mac}&uuid=\${uuid:uristring}&serial=\${serial:uristring}&hostname=\${hostname:uristring} || goto retry`,
    ':retry',
    `sleep ${LOOP_DELAY_SECONDS}`,
    `chain --autofree ${base}/boot.ipxe`,
    '',
  ].join('\n');
}

/** What an unleased (or failed, or not yet installable) host gets: wait, then ask again. */
export function loopScript(
  base: string,
  mac: string,
  message = 'no deployment for this machine yet',
): string {
  return [
    '#!ipxe',
    `echo Rackpilot: ${mac} ${echoSafe(message)}, asking again in ${LOOP_DELAY_SECONDS} s`,
    `sleep ${LOOP_DELAY_SECONDS}`,
    `chain --autofree ${base}/boot/ipxe?mac=${mac}`,
    '',
  ].join('\n');
}

/** An installed host boots from its disk: leaving iPXE hands over to the next boot device. */
export function localBootScript(mac: string): string {
  return ['#!ipxe', `echo Rackpilot: ${mac} is installed, booting from disk`, 'exit', ''].join('\n');
}

/** Bad requests still get a script, so a console shows what went wrong before the host retries. */
export function errorScript(
  message: string,
  then: 'reboot' | { chain: string },
  delaySeconds: number,
): string {
  return [
    '#!ipxe',
    `echo Rackpilot: ${echoSafe(message)}`,
    `sleep ${delaySeconds}`,
    then === 'reboot' ? 'reboot' : `chain --autofree ${then.chain}`,
    '',
  ].join('\n');
}

export interface NetworkSettings {
  ip: string;
  /** Dotted netmask for IPv4, prefix length for IPv6; empty when the cluster has no subnet. */
  netmask: string;
  gateway: string;
}

export interface InstallParams {
  base: string;
  mac: string;
  token: string;
  hostname: string;
  network: NetworkSettings;
  profile: DeploymentProfile;
  kubernetesVersion: string;
  role: 'control-plane' | 'worker';
}

export interface WipeParams {
  base: string;
  mac: string;
  token: string;
}

export function callbackUrl(base: string, outcome: 'done' | 'failed', mac: string, token: string): string {
  return `${base}/boot/${outcome}?mac=${mac}&token=${token}`;
}

export function configUrl(base: string, mac: string, token: string): string {
  return `${base}/boot/config?mac=${mac}&token=${token}`;
}

/** The profile's kernel argument that points the installer at its answers. */
function configArgument(params: InstallParams): string {
  const url = configUrl(params.base, params.mac, params.token);
  switch (params.profile) {
    case 'preseed':
      return `auto=true priority=critical url=${url}`;
    case 'kickstart':
      return `inst.ks=${url}`;
    case 'cloud-init':
      // cloud-init's nocloud-net wants the directory URL; the server answers user-data and meta-data under it.
      return `autoinstall ds=nocloud-net;s=${url}&file=`;
  }
}

export function kernelArguments(params: InstallParams): string {
  const { network } = params;
  return [
    'initrd=initrd.img',
    `hostname=${params.hostname}`,
    `ip=${network.ip}::${network.gateway}:${network.netmask}:${params.hostname}::none`,
    configArgument(params),
    `rackpilot.role=${params.role}`,
    `rackpilot.kubernetes=${params.kubernetesVersion}`,
    `rackpilot.token=${params.token}`,
    `rackpilot.done=${callbackUrl(params.base, 'done', params.mac, params.token)}`,
    `rackpilot.failed=${callbackUrl(params.base, 'failed', params.mac, params.token)}`,
  ].join(' ');
}

export function installScript(params: InstallParams): string {
  const assets = `${params.base}/boot/assets/${params.profile}`;
  return [
    '#!ipxe',
    `echo Rackpilot: installing ${params.hostname} (${params.mac}) with ${params.profile}`,
    `kernel ${assets}/vmlinuz ${kernelArguments(params)}`,
    `initrd ${assets}/initrd.img`,
    'boot',
    '',
  ].join('\n');
}

export function wipeScript(params: WipeParams): string {
  const assets = `${params.base}/boot/assets/wipe`;
  return [
    '#!ipxe',
    `echo Rackpilot: wiping ${params.mac} before it returns to the pool`,
    `kernel ${assets}/vmlinuz initrd=initrd.img rackpilot.wipe=1 rackpilot.token=${params.token} rackpilot.done=${callbackUrl(params.base, 'done', params.mac, params.token)} rackpilot.failed=${callbackUrl(params.base, 'failed', params.mac, params.token)}`,
    `initrd ${assets}/initrd.img`,
    'boot',
    '',
  ].join('\n');
}
