import type { V1ConfigMap, V1Deployment, V1Secret, V1Service } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { renderAuthorizedKeys, renderHostsFile, renderSshConfig } from './jump-host-files';
import { renderJumpHost, type JumpHostInput } from './render-jump-host';
import { CONFIG_HASH_ANNOTATION } from './sip-names';
import { sampleServices, sipCluster } from './test-fixtures';

const entry = sampleServices().jumpHost?.[0];
if (!entry) throw new Error('fixture has a jump host');

const input: JumpHostInput = {
  cluster: sipCluster(),
  index: 0,
  entry,
  addresses: [
    { name: 'node01', address: '10.23.0.1' },
    { name: 'node03', address: '10.23.0.3' },
  ],
  bmcs: [
    { name: 'node01', bmc: { ip: '192.168.100.1', username: 'root', password: 'pw-node01' } },
    { name: 'node03', bmc: { ip: '192.168.100.3', username: 'admin', password: 'pw-node03' } },
  ],
  bmcMode: 'include',
  privateKeyNames: ['id_ed25519', 'id_rsa'],
};

function parts(objects: readonly unknown[]) {
  const [secret, configMap, service, deployment] = objects as [
    V1Secret,
    V1ConfigMap,
    V1Service,
    V1Deployment,
  ];
  return { secret, configMap, service, deployment };
}

const decode = (value: string | undefined) => Buffer.from(value ?? '', 'base64').toString();

describe('jump host files', () => {
  it('renders ssh_config with every private key and one block per host', () => {
    expect(renderSshConfig(input.privateKeyNames, input.addresses)).toBe(`Host *
  IdentityFile /etc/opt/sip/ssh-private-keys/id_ed25519
  IdentityFile /etc/opt/sip/ssh-private-keys/id_rsa

Host node01
  HostName 10.23.0.1

Host node03
  HostName 10.23.0.3
`);
  });

  it('renders the hosts list as compact JSON in the given order', () => {
    expect(renderHostsFile(input.bmcs, 'include')).toBe(
      '[{"name":"node01","bmc":{"ip":"192.168.100.1","username":"root","password":"pw-node01"}},' +
        '{"name":"node03","bmc":{"ip":"192.168.100.3","username":"admin","password":"pw-node03"}}]',
    );
    expect(renderHostsFile([], 'include')).toBe('[]');
  });

  it('leaves the BMC usernames and passwords out of the hosts list when told to', () => {
    expect(renderHostsFile(input.bmcs, 'omit')).toBe(
      '[{"name":"node01","bmc":{"ip":"192.168.100.1"}},{"name":"node03","bmc":{"ip":"192.168.100.3"}}]',
    );
  });

  it('writes authorized keys one per line', () => {
    expect(renderAuthorizedKeys(['ssh-ed25519 AAAA a', ' ssh-rsa AAAB b \n'])).toBe(
      'ssh-ed25519 AAAA a\nssh-rsa AAAB b\n',
    );
    expect(renderAuthorizedKeys([])).toBe('');
  });
});

describe('renderJumpHost', () => {
  const rendered = renderJumpHost(input);
  const { secret, configMap, service, deployment } = parts(rendered.objects);
  const pod = deployment.spec?.template.spec;
  const container = pod?.containers[0];

  it('creates Secret, ConfigMap, Service and Deployment named jumphost-<crName>', () => {
    expect(rendered.objects.map((o) => `${o.kind ?? ''}/${o.metadata?.name ?? ''}`)).toEqual([
      'Secret/jumphost-sub1',
      'ConfigMap/jumphost-sub1',
      'Service/jumphost-sub1',
      'Deployment/jumphost-sub1',
    ]);
    expect(deployment.metadata?.labels?.['app.kubernetes.io/component']).toBe('jumphost');
    expect(deployment.metadata?.labels?.['app.kubernetes.io/name']).toBe('jumphost');
  });

  it('stores hosts and ssh_config in the Secret and the script and keys in the ConfigMap', () => {
    expect(Object.keys(secret.data ?? {})).toEqual(['hosts', 'ssh_config']);
    expect(decode(secret.data?.ssh_config)).toBe(renderSshConfig(input.privateKeyNames, input.addresses));
    expect(JSON.parse(decode(secret.data?.hosts))).toHaveLength(2);
    expect(configMap.data?.['authorized-keys']).toBe(`${entry.sshAuthorizedKeys?.[0] ?? ''}\n`);
    expect(configMap.data?.host).toMatch(/^#!\/bin\/sh\n/);
    expect(configMap.data?.host).toContain('hosts_file="/etc/opt/sip/hosts"');
    expect(configMap.data?.host).toContain('Systems reset GracefulRestart');
  });

  it('exposes ssh 22 on the spec nodePort', () => {
    expect(service.spec?.type).toBe('NodePort');
    expect(service.spec?.ports).toEqual([
      { name: 'ssh', protocol: 'TCP', port: 22, targetPort: 22, nodePort: 30000 },
    ]);
  });

  it('runs the jump host as upstream describes, without node pinning', () => {
    expect(pod?.nodeSelector).toBeUndefined();
    expect(pod?.securityContext).toEqual({ fsGroup: 1000 });
    expect(pod?.hostAliases).toEqual([
      { ip: '10.23.0.1', hostnames: ['node01'] },
      { ip: '10.23.0.3', hostnames: ['node03'] },
    ]);
    expect(pod?.initContainers?.[0]?.command).toEqual([
      'sh',
      '-c',
      'chown 1000:1000 /home/ubuntu/.ssh && chmod 700 /home/ubuntu/.ssh',
    ]);
    expect(container?.image).toBe('quay.io/airshipit/jump-host:latest');
    expect(container?.ports).toEqual([{ name: 'ssh', containerPort: 22, protocol: 'TCP' }]);
    expect(container?.livenessProbe?.tcpSocket?.port).toBe(22);
    expect(container?.readinessProbe?.tcpSocket?.port).toBe(22);
    expect(
      container?.volumeMounts?.map((m) => `${m.mountPath} ← ${m.name}${m.subPath ? `/${m.subPath}` : ''}`),
    ).toEqual([
      '/home/ubuntu/.ssh ← ssh-dir',
      '/home/ubuntu/.ssh/config ← files/ssh_config',
      '/home/ubuntu/.ssh/authorized_keys ← authorized-keys/authorized_keys',
      '/etc/opt/sip/hosts ← files/hosts',
      '/opt/sip/bin ← scripts',
      '/etc/opt/sip/ssh-private-keys ← ssh-private-keys',
    ]);
    expect(pod?.volumes?.find((v) => v.name === 'ssh-private-keys')?.secret?.secretName).toBe(
      'ssh-private-keys',
    );
    expect(pod?.volumes?.find((v) => v.name === 'authorized-keys')?.configMap?.items).toEqual([
      { key: 'authorized-keys', path: 'authorized_keys', mode: 0o600 },
    ]);
  });

  it('really sets NO_PROXY=* when bmc.proxy is false or absent, and nothing when true', () => {
    const noProxy = [
      { name: 'NO_PROXY', value: '*' },
      { name: 'no_proxy', value: '*' },
    ];
    expect(container?.env).toEqual(noProxy);
    const envFor = (proxy: boolean | undefined) =>
      parts(
        renderJumpHost({ ...input, entry: { ...entry, bmc: proxy === undefined ? undefined : { proxy } } })
          .objects,
      ).deployment.spec?.template.spec?.containers[0]?.env;
    expect(envFor(false)).toEqual(noProxy);
    expect(envFor(undefined)).toEqual(noProxy);
    expect(envFor(true)).toBeUndefined();
  });

  it('merges hosts that share an address into one hostAliases entry (a list map keyed by ip)', () => {
    const addresses = [
      { name: 'a', address: '10.0.0.5' },
      { name: 'b', address: '10.0.0.6' },
      { name: 'c', address: '10.0.0.5' },
    ];
    const { deployment } = parts(renderJumpHost({ ...input, addresses }).objects);
    expect(deployment.spec?.template.spec?.hostAliases).toEqual([
      { ip: '10.0.0.5', hostnames: ['a', 'c'] },
      { ip: '10.0.0.6', hostnames: ['b'] },
    ]);
  });

  it('leaves out hostAliases when no host has an address', () => {
    const { deployment: empty } = parts(renderJumpHost({ ...input, addresses: [], bmcs: [] }).objects);
    expect(empty.spec?.template.spec && 'hostAliases' in empty.spec.template.spec).toBe(false);
  });

  it('rolls the pod when the hosts, keys or authorized keys change', () => {
    const hash = (changed: Partial<JumpHostInput>) =>
      parts(renderJumpHost({ ...input, ...changed }).objects).deployment.spec?.template.metadata
        ?.annotations?.[CONFIG_HASH_ANNOTATION];
    const base = hash({});
    expect(hash({})).toBe(base);
    expect(hash({ addresses: input.addresses.slice(0, 1) })).not.toBe(base);
    expect(hash({ privateKeyNames: ['id_rsa'] })).not.toBe(base);
    expect(hash({ entry: { ...entry, sshAuthorizedKeys: [] } })).not.toBe(base);
  });
});
