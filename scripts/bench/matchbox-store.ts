// The Matchbox file store (its -data-path) that serves every benchmark host the same boot as our
// install script: one profile per MAC with our preseed kernel, initrd and kernel arguments, and one
// group selecting it by that MAC. Pure: the caller writes the files.
import type { BootProfile } from '../../server/boot/boot-profiles';
import { assetUrl, kernelArguments, type InstallParams } from '../../server/boot/ipxe-scripts';
import { normalizeMac } from '../../server/schemas/mac-address';
import { DEFAULT_KUBERNETES_VERSION } from '../../server/schemas/provision-form';

export interface StoreFile {
  /** Relative to the data path, e.g. `profiles/host-0.json`. */
  path: string;
  content: string;
}

export interface MatchboxProfile {
  id: string;
  name: string;
  boot: { kernel: string; initrd: string[]; args: string[] };
}

export interface MatchboxGroup {
  id: string;
  name: string;
  profile: string;
  selector: { mac: string };
}

/**
 * Matchbox's file store cannot issue a single-use token per install as our boot service does, so
 * its arguments carry this fixed one in the token's place.
 */
export const STATIC_TOKEN = 'matchbox-static-token';

/** The preseed profile the benchmark's hosts install with (its files are not read: nothing boots). */
export const BENCH_PROFILE: BootProfile = {
  name: 'preseed',
  installer: 'preseed',
  kernel: 'vmlinuz',
  initrds: ['initrd.img'],
  kernelArgs: '',
  image: null,
  imageSha256: null,
  imageFormat: null,
  imageBytes: null,
  rootDeviceHints: null,
  wipeMode: null,
  files: [],
  updatedAt: new Date(0),
  updatedBy: null,
};

/** The kernel, initrd and arguments our boot service's install script gives host `index`. */
export function installBootOf(base: string, mac: string, index: number): MatchboxProfile['boot'] {
  if (!Number.isInteger(index) || index < 0 || index >= 65_536)
    throw new Error(`host index must be a whole number in 0…65535, not ${index}`);
  const hostname = `host-${index}`;
  const params: InstallParams = {
    base,
    mac,
    token: STATIC_TOKEN,
    hostname,
    network: { ip: `10.20.${index >> 8}.${index & 0xff}`, netmask: '255.255.0.0', gateway: '10.20.0.1' },
    profile: BENCH_PROFILE,
    kubernetesVersion: DEFAULT_KUBERNETES_VERSION,
    role: 'worker',
  };
  return {
    kernel: assetUrl(base, BENCH_PROFILE.name, BENCH_PROFILE.kernel),
    initrd: BENCH_PROFILE.initrds.map((path) => assetUrl(base, BENCH_PROFILE.name, path)),
    args: ['initrd=initrd.img', ...kernelArguments(params).split(' ')],
  };
}

/** Every file of the store for `macs` (host i is macs[i]); rejects what Matchbox would not match. */
export function matchboxStoreFiles(base: string, macs: readonly string[]): StoreFile[] {
  if (!/^https?:\/\/[^\s/]+$/.test(base)) throw new Error(`base must be an http(s) origin, not ${base}`);
  const seen = new Set<string>();
  return macs.flatMap((raw, index) => {
    const mac = normalizeMac(raw);
    if (!mac) throw new Error(`not a MAC address: ${raw}`);
    if (seen.has(mac)) throw new Error(`MAC ${mac} appears twice`);
    seen.add(mac);
    const id = `host-${index}`;
    const profile: MatchboxProfile = {
      id,
      name: `Rackpilot preseed install of ${id}`,
      boot: installBootOf(base, mac, index),
    };
    const group: MatchboxGroup = { id, name: id, profile: id, selector: { mac } };
    return [
      { path: `profiles/${id}.json`, content: `${JSON.stringify(profile, null, 2)}\n` },
      { path: `groups/${id}.json`, content: `${JSON.stringify(group, null, 2)}\n` },
    ];
  });
}

/** The iPXE script Matchbox renders from a profile (its template: kernel and args, initrds, boot). */
export function matchboxScript(boot: MatchboxProfile['boot']): string {
  return [
    '#!ipxe',
    [`kernel ${boot.kernel}`, ...boot.args].join(' '),
    ...boot.initrd.map((i) => `initrd ${i}`),
    'boot',
    '',
  ].join('\n');
}
