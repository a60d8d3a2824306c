/**
 * The SIP jump host's rendered files in the OpenSSH programs that read them. What the planner renders
 * for it: authorized_keys (ConfigMap), ~/.ssh/config and the hosts file (Secret). The sshd
 * configuration and any kubeconfig come with the jump-host image, not from the planner, so there is
 * none of ours to check; sshd here runs a minimal configuration of ours whose AuthorizedKeysFile is
 * the rendered file, and a login with a key of the rendered list shows sshd accepts it.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@/tools/lib/run-command';
import { SSHD } from '@/tools/testenv/ensure-test-packages';
import { eventually } from '@/tools/testenv/eventually';
import { freePort } from '@/tools/testenv/free-port';
import { startProgram, tempFolder, type RunningProgram } from './program';
import { renderedFile, renderSipSample, type SipSample } from './sip-sample';

const SSH = '/usr/bin/ssh';
const SSH_KEYGEN = '/usr/bin/ssh-keygen';

describe('SIP jump host: the rendered files in OpenSSH', () => {
  let folder: Awaited<ReturnType<typeof tempFolder>>;
  let sample: SipSample;
  let instance: string;
  let sshd: RunningProgram | undefined;

  beforeAll(async () => {
    folder = await tempFolder('jump-host');
    // The user's own key joins upstream's sample keys, so a login can show sshd accepts the file.
    await runCommand(SSH_KEYGEN, [
      '-q',
      '-t',
      'ed25519',
      '-N',
      '',
      '-C',
      'operator',
      '-f',
      join(folder.path, 'id'),
    ]);
    const ownKey = (await readFile(join(folder.path, 'id.pub'), 'utf8')).trim();
    sample = renderSipSample((cluster) => ({
      ...cluster,
      spec: {
        ...cluster.spec,
        services: {
          ...cluster.spec.services,
          jumpHost: (cluster.spec.services.jumpHost ?? []).map((entry) => ({
            ...entry,
            sshAuthorizedKeys: [...(entry.sshAuthorizedKeys ?? []), ownKey],
          })),
        },
      },
    }));
    instance = `jumphost-${sample.cluster.metadata.name ?? ''}`;
  });

  afterAll(async () => {
    await sshd?.stop();
    await folder.remove();
  });

  it('ssh-keygen -l reads every rendered authorized key', async () => {
    const keys = renderedFile(sample, `ConfigMap/${instance}`, 'authorized-keys').split('\n').filter(Boolean);
    // upstream's two sample keys and ours
    expect(keys).toHaveLength(3);
    for (const [index, key] of keys.entries()) {
      const file = join(folder.path, `authorized-key-${index}.pub`);
      await writeFile(file, `${key}\n`);
      const { stdout } = await runCommand(SSH_KEYGEN, ['-l', '-f', file]);
      expect(stdout).toMatch(/^256 SHA256:\S+ .* \(ED25519\)$/m);
    }
  });

  it('ssh -G reads the rendered ~/.ssh/config: each host by its service-network address, with every private key', async () => {
    const config = join(folder.path, 'ssh_config');
    await writeFile(config, renderedFile(sample, `Secret/${instance}`, 'ssh_config'));
    const hosts = JSON.parse(renderedFile(sample, `Secret/${instance}`, 'hosts')) as { name: string }[];
    expect(hosts.length).toBeGreaterThan(0);
    for (const { name } of hosts) {
      const { stdout } = await runCommand(SSH, ['-G', '-F', config, name]);
      expect(stdout).toMatch(/^hostname 32\.68\.51\.\d+$/m);
      expect(stdout).toContain('identityfile /etc/opt/sip/ssh-private-keys/id_ed25519\n');
    }
  });

  it('sshd -t accepts a configuration using the rendered authorized_keys, and sshd lets its key in', async () => {
    const authorizedKeys = join(folder.path, 'authorized_keys');
    await writeFile(authorizedKeys, renderedFile(sample, `ConfigMap/${instance}`, 'authorized-keys'), {
      mode: 0o600,
    });
    await runCommand(SSH_KEYGEN, ['-q', '-t', 'ed25519', '-N', '', '-f', join(folder.path, 'host_key')]);
    const port = await freePort();
    const config = join(folder.path, 'sshd_config');
    await writeFile(
      config,
      [
        `ListenAddress 127.0.0.1:${port}`,
        `HostKey ${join(folder.path, 'host_key')}`,
        `AuthorizedKeysFile ${authorizedKeys}`,
        `PidFile ${join(folder.path, 'sshd.pid')}`,
        'PasswordAuthentication no',
        'KbdInteractiveAuthentication no',
        // The temp folder sits in the world-writable /tmp; the pod's own modes are the init
        // container's concern (render-jump-host.ts), not this file's.
        'StrictModes no',
        '',
      ].join('\n'),
    );
    // sshd's privilege separation folder, which Debian's service unit would create.
    await mkdir('/run/sshd', { recursive: true, mode: 0o755 });
    await runCommand(SSHD, ['-t', '-f', config]);
    sshd = startProgram(SSHD, ['-D', '-e', '-f', config]);
    await eventually(
      () =>
        new Promise<void>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.end();
            resolve();
          });
          socket.on('error', reject);
        }),
    );
    const { stdout } = await runCommand(SSH, [
      '-F',
      'none',
      '-i',
      join(folder.path, 'id'),
      '-p',
      String(port),
      '-o',
      'BatchMode=yes',
      '-o',
      'StrictHostKeyChecking=no',
      '-o',
      'UserKnownHostsFile=/dev/null',
      '-o',
      'LogLevel=ERROR',
      `${userInfo().username}@127.0.0.1`,
      'echo logged-in',
    ]);
    expect(stdout.trim()).toBe('logged-in');
  });
});
