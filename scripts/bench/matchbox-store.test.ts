import { describe, expect, it } from 'vitest';
import { installScript } from '../../server/boot/ipxe-scripts';
import { DEFAULT_KUBERNETES_VERSION } from '../../server/schemas/provision-form';
import {
  BENCH_PROFILE,
  installBootOf,
  matchboxScript,
  matchboxStoreFiles,
  STATIC_TOKEN,
  type MatchboxGroup,
  type MatchboxProfile,
} from './matchbox-store';

const BASE = 'http://127.0.0.1:8080';

describe('matchboxStoreFiles', () => {
  it('writes one profile and one MAC-selected group per host', () => {
    const files = matchboxStoreFiles(BASE, ['02:00:00:00:00:00', '02-00-00-00-00-01']);
    expect(files.map((f) => f.path)).toEqual([
      'profiles/host-0.json',
      'groups/host-0.json',
      'profiles/host-1.json',
      'groups/host-1.json',
    ]);
    const group = JSON.parse(files[3]?.content ?? '') as MatchboxGroup;
    expect(group).toEqual({
      id: 'host-1',
      name: 'host-1',
      profile: 'host-1',
      selector: { mac: '02:00:00:00:00:01' },
    });
    const profile = JSON.parse(files[2]?.content ?? '') as MatchboxProfile;
    expect(profile.id).toBe('host-1');
    expect(profile.boot).toEqual(installBootOf(BASE, '02:00:00:00:00:01', 1));
  });

  it('renders the kernel and initrd lines of our install script for the same host', () => {
    const mac = '02:00:00:00:01:02';
    const ours = installScript({
      base: BASE,
      mac,
      token: STATIC_TOKEN,
      hostname: 'host-258',
      network: { ip: '10.20.1.2', netmask: '255.255.0.0', gateway: '10.20.0.1' },
      profile: BENCH_PROFILE,
      kubernetesVersion: DEFAULT_KUBERNETES_VERSION,
      role: 'worker',
    });
    const theirs = matchboxScript(installBootOf(BASE, mac, 258));
    // Ours adds an echo line naming the host; everything iPXE boots with is the same.
    expect(theirs).toBe(
      ours
        .split('\n')
        .filter((line) => !line.startsWith('echo '))
        .join('\n'),
    );
  });

  it('refuses input Matchbox would not match, before writing anything', () => {
    expect(() => matchboxStoreFiles(BASE, ['02:00:00:00:00:00', '02:00:00:00:00:00'])).toThrow(
      'appears twice',
    );
    expect(() => matchboxStoreFiles(BASE, ['not-a-mac'])).toThrow('not a MAC address: not-a-mac');
    expect(() => matchboxStoreFiles('127.0.0.1:8080', [])).toThrow('http(s) origin');
    expect(() => installBootOf(BASE, '02:00:00:00:00:00', 65_536)).toThrow('0…65535');
  });
});
