import type { BmcAccess } from './bmc-credentials';
import type { JumpHostBmcMode } from './jump-host-bmc-mode';

/** Paths inside the jump host container; the image (airshipit jump-host) expects these. */
export const JUMP_HOST_PATHS = {
  dataDir: '/etc/opt/sip',
  hostsFile: '/etc/opt/sip/hosts',
  privateKeysDir: '/etc/opt/sip/ssh-private-keys',
  scriptsDir: '/opt/sip/bin',
  sshDir: '/home/ubuntu/.ssh',
} as const;

/**
 * The `hosts` file: a JSON array of `{name, bmc: {ip, username, password}}`, one per host, in the
 * order given (callers sort by name). Compact JSON, as upstream's Go encoder wrote it. With `omit`,
 * `bmc` holds the address alone.
 */
export function renderHostsFile(
  hosts: readonly { name: string; bmc: BmcAccess }[],
  mode: JumpHostBmcMode,
): string {
  return JSON.stringify(
    hosts.map(({ name, bmc }) => ({
      name,
      bmc: mode === 'omit' ? { ip: bmc.ip } : { ip: bmc.ip, username: bmc.username, password: bmc.password },
    })),
  );
}

/**
 * `~/.ssh/config` of the jump host user: a `Host *` block offering every private key of the
 * nodeSSHPrivateKeys Secret (ssh tries IdentityFiles in order, so keys are sorted by name), then one
 * block per host so `ssh <host name>` reaches it on the service network.
 */
export function renderSshConfig(
  privateKeyNames: readonly string[],
  hosts: readonly { name: string; address: string }[],
): string {
  const blocks = [
    ['Host *', ...privateKeyNames.map((key) => `  IdentityFile ${JUMP_HOST_PATHS.privateKeysDir}/${key}`)],
    ...hosts.map(({ name, address }) => [`Host ${name}`, `  HostName ${address}`]),
  ];
  return blocks.map((lines) => `${lines.join('\n')}\n`).join('\n');
}

/** authorized_keys: one key per line, newline-terminated so sshd reads the last line too. */
export function renderAuthorizedKeys(keys: readonly string[]): string {
  return keys.map((key) => `${key.trim()}\n`).join('');
}
