/**
 * The iPXE scripts the boot service serves. Pure: every value that varies is an argument, so the
 * scripts are table-tested and the loop script can be rendered once and reused on the hot path.
 */
import type { BootProfile } from './boot-profiles-db';

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
  profile: BootProfile;
  kubernetesVersion: string;
  role: 'control-plane' | 'worker';
}

export interface WipeParams {
  base: string;
  mac: string;
  token: string;
  /** The profile named `wipe`. */
  profile: BootProfile;
}

export function callbackUrl(
  base: string,
  outcome: 'done' | 'failed' | 'progress',
  mac: string,
  token: string,
): string {
  return `${base}/boot/${outcome}?mac=${mac}&token=${token}`;
}

export function configUrl(base: string, mac: string, token: string): string {
  return `${base}/boot/config?mac=${mac}&token=${token}`;
}

/** Where the boot service serves a file of a profile (boot-handler.ts). */
export function assetUrl(base: string, profile: string, path: string): string {
  return `${base}/boot/assets/${profile}/${path}`;
}

/** The one-time token and the URLs the installer or wiper reports to. */
function callbackArguments(base: string, mac: string, token: string): string[] {
  return [
    `rackpilot.token=${token}`,
    `rackpilot.done=${callbackUrl(base, 'done', mac, token)}`,
    `rackpilot.failed=${callbackUrl(base, 'failed', mac, token)}`,
    `rackpilot.progress=${callbackUrl(base, 'progress', mac, token)}`,
  ];
}

/**
 * Debian's installer asks for a language and a keyboard before it has fetched the preseed (auto mode
 * only defers them); these answer both, unless the profile's own arguments do.
 */
const PRESEED_BOOT_ANSWERS = ['locale=en_US.UTF-8', 'keymap=us'];

function preseedBootAnswers(profileArgs: string): string[] {
  const named = new Set(profileArgs.split(/\s+/).map((word) => word.split('=')[0]));
  return PRESEED_BOOT_ANSWERS.filter((answer) => !named.has(answer.split('=')[0]));
}

/** The arguments that point an installer at its answers, or an image installer at its image and disk. */
function installerArguments(params: InstallParams): string[] {
  const { profile } = params;
  const url = configUrl(params.base, params.mac, params.token);
  const cluster = [`rackpilot.role=${params.role}`, `rackpilot.kubernetes=${params.kubernetesVersion}`];
  switch (profile.installer) {
    case 'preseed':
      return [
        'auto=true',
        'priority=critical',
        ...preseedBootAnswers(profile.kernelArgs),
        `url=${url}`,
        ...cluster,
      ];
    case 'kickstart':
      return [`inst.ks=${url}`, ...cluster];
    case 'cloud-init':
      // cloud-init's nocloud-net wants the directory URL; the server answers user-data and meta-data under it.
      return ['autoinstall', `ds=nocloud-net;s=${url}&file=`, ...cluster];
    case 'image': {
      const image = profile.image ?? '';
      const hints = profile.rootDeviceHints ?? {};
      return [
        `rackpilot.image=${/^https?:\/\//.test(image) ? image : assetUrl(params.base, profile.name, image)}`,
        `rackpilot.sha256=${profile.imageSha256 ?? ''}`,
        `rackpilot.format=${profile.imageFormat ?? 'raw'}`,
        ...(hints.deviceName ? [`rackpilot.disk.path=${hints.deviceName}`] : []),
        ...(hints.minSizeGigabytes ? [`rackpilot.disk.minGiB=${hints.minSizeGigabytes}`] : []),
        ...(hints.serialNumber ? [`rackpilot.disk.serial=${hints.serialNumber}`] : []),
      ];
    }
    case 'wipe':
      return [`rackpilot.wipe=${profile.wipeMode ?? 'quick'}`];
  }
}

export function kernelArguments(params: InstallParams): string {
  const { network } = params;
  return [
    `hostname=${params.hostname}`,
    `ip=${network.ip}::${network.gateway}:${network.netmask}:${params.hostname}::none`,
    ...installerArguments(params),
    ...callbackArguments(params.base, params.mac, params.token),
  ].join(' ');
}

/** `kernel` (with an `initrd=` per initrd, as EFI kernels want), the profile's own arguments, ours; `initrd`s. */
function bootLines(base: string, profile: BootProfile, args: string): string[] {
  const initrdNames = profile.initrds.map((path) => `initrd=${path.slice(path.lastIndexOf('/') + 1)}`);
  const cmdline = [...initrdNames, profile.kernelArgs, args].filter((part) => part !== '').join(' ');
  return [
    `kernel ${assetUrl(base, profile.name, profile.kernel)} ${cmdline}`,
    ...profile.initrds.map((path) => `initrd ${assetUrl(base, profile.name, path)}`),
    'boot',
  ];
}

export function installScript(params: InstallParams): string {
  return [
    '#!ipxe',
    `echo Rackpilot: installing ${params.hostname} (${params.mac}) with ${params.profile.name}`,
    ...bootLines(params.base, params.profile, kernelArguments(params)),
    '',
  ].join('\n');
}

export function wipeScript(params: WipeParams): string {
  const args = [
    `rackpilot.wipe=${params.profile.wipeMode ?? 'quick'}`,
    ...callbackArguments(params.base, params.mac, params.token),
  ];
  return [
    '#!ipxe',
    `echo Rackpilot: wiping ${params.mac} before it returns to the pool`,
    ...bootLines(params.base, params.profile, args.join(' ')),
    '',
  ].join('\n');
}
