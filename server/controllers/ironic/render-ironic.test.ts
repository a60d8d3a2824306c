import type { V1Container } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { SPEC_HASH_ANNOTATION } from '../common/content-hash';
import { resolveIronicImages } from './ironic-images';
import { API_SECRET_VERSION_ANNOTATION, TLS_SECRET_VERSION_ANNOTATION } from './ironic-names';
import {
  dhcpRange,
  renderIronicDeployment,
  renderIronicService,
  type IronicRenderInput,
} from './render-ironic';
import { credentialsSecret, databaseSecret, ironic, secret, tlsSecret } from './test-fixtures';
import type { IronicSpec } from '../../types/crds/ironic';

function input(spec: IronicSpec, extra: Partial<IronicRenderInput> = {}): IronicRenderInput {
  const images = resolveIronicImages(spec);
  if (!images.ok) throw new Error(images.error);
  return { ironic: ironic(spec), images: images.value, credentialsSecret, ...extra };
}

function envOf(container: V1Container | undefined): Record<string, string | undefined> {
  return Object.fromEntries(
    (container?.env ?? []).map((e) => [
      e.name,
      e.value ??
        (e.valueFrom?.secretKeyRef
          ? `secret:${e.valueFrom.secretKeyRef.name}/${e.valueFrom.secretKeyRef.key}`
          : 'field'),
    ]),
  );
}

const dhcpSpec: IronicSpec = {
  networking: {
    ipAddress: '10.89.0.1',
    dhcp: { networkCIDR: '10.89.0.1/24', rangeBegin: '10.89.0.10', rangeEnd: '10.89.0.100', serveDNS: true },
  },
  ramdiskSSHKey: 'ssh-ed25519 AAAAC3Nza debug',
  extraConfig: [{ group: 'conductor', name: 'deploy_callback_timeout', value: '4800' }],
};

describe('renderIronicDeployment', () => {
  it('runs ironic, httpd and ramdisk-logs on the host network, without DHCP no dnsmasq', () => {
    const deployment = renderIronicDeployment(input({}));
    const pod = deployment.spec?.template;
    expect(deployment.metadata?.name).toBe('lab-service');
    expect(deployment.metadata?.ownerReferences?.[0]).toMatchObject({
      kind: 'Ironic',
      name: 'lab',
      controller: true,
    });
    expect(deployment.spec?.strategy?.type).toBe('Recreate');
    expect(pod?.metadata?.labels).toMatchObject({ 'metal3.io/ironic-standalone-operator': 'ironic-service' });
    expect(pod?.spec?.hostNetwork).toBe(true);
    expect(pod?.spec?.initContainers?.map((c) => c.name)).toEqual(['ramdisk-downloader']);
    expect(pod?.spec?.containers.map((c) => c.name)).toEqual(['ironic', 'httpd', 'ramdisk-logs']);
    const env = envOf(pod?.spec?.containers[0]);
    expect(env).toMatchObject({
      IRONIC_USE_MARIADB: 'false',
      IRONIC_HTPASSWD: 'secret:lab-credentials/htpasswd',
      IRONIC_LISTEN_PORT: '6385',
      PROVISIONING_IP: 'field',
    });
    expect(pod?.metadata?.annotations?.[TLS_SECRET_VERSION_ANNOTATION]).toBeUndefined();
  });

  it('passes the kernel parameters of either API era, and both when both are given', () => {
    const params = (spec: IronicSpec) =>
      envOf(renderIronicDeployment(input(spec)).spec?.template.spec?.containers[0]).IRONIC_KERNEL_PARAMS;
    expect(params({ ramdiskExtraKernelParams: 'console=ttyS0' })).toBe('console=ttyS0');
    expect(params({ deployRamdisk: { extraKernelParams: 'ipa-debug=1' } })).toBe('ipa-debug=1');
    expect(
      params({
        ramdiskExtraKernelParams: ' console=ttyS0 ',
        deployRamdisk: { extraKernelParams: 'ipa-debug=1' },
      }),
    ).toBe('console=ttyS0 ipa-debug=1');
    expect(params({ ramdiskExtraKernelParams: ' ' })).toBeUndefined();
  });

  it('configures dnsmasq, the provisioning IP, external URLs, the SSH key and extra config', () => {
    const pod = renderIronicDeployment(input(dhcpSpec)).spec?.template.spec;
    expect(pod?.containers.map((c) => c.name)).toEqual(['ironic', 'httpd', 'ramdisk-logs', 'dnsmasq']);
    const ironicEnv = envOf(pod?.containers[0]);
    expect(ironicEnv).toMatchObject({
      PROVISIONING_IP: '10.89.0.1',
      IRONIC_EXTERNAL_CALLBACK_URL: 'http://10.89.0.1:6385',
      IRONIC_EXTERNAL_HTTP_URL: 'http://10.89.0.1:6180',
      IRONIC_RAMDISK_SSH_KEY: 'ssh-ed25519 AAAAC3Nza debug',
      OS_CONDUCTOR__DEPLOY_CALLBACK_TIMEOUT: '4800',
    });
    const dnsmasq = pod?.containers[3];
    expect(envOf(dnsmasq)).toMatchObject({ DHCP_RANGE: '10.89.0.10,10.89.0.100,24', DNS_IP: 'provisioning' });
    expect(dnsmasq?.securityContext?.capabilities?.add).toEqual(['NET_ADMIN', 'NET_BIND_SERVICE', 'NET_RAW']);
  });

  it('lets httpd terminate TLS and points Ironic at the database', () => {
    const deployment = renderIronicDeployment(
      input(dhcpSpec, {
        tlsSecret,
        database: { host: 'db-database.metal.svc:3306', credentialsSecret: databaseSecret },
      }),
    );
    const [ironicContainer, httpd] = deployment.spec?.template.spec?.containers ?? [];
    expect(envOf(ironicContainer)).toMatchObject({
      IRONIC_USE_MARIADB: 'true',
      MARIADB_HOST: 'db-database.metal.svc:3306',
      MARIADB_USER: 'secret:db-database-credentials/username',
      MARIADB_PASSWORD: 'secret:db-database-credentials/password',
      IRONIC_PRIVATE_PORT: 'unix',
      IRONIC_EXTERNAL_CALLBACK_URL: 'https://10.89.0.1:6385',
      IRONIC_EXTERNAL_HTTP_URL: 'https://10.89.0.1:6183',
    });
    expect(envOf(ironicContainer).IRONIC_HTPASSWD).toBeUndefined();
    expect(envOf(httpd).IRONIC_HTPASSWD).toBe('secret:lab-credentials/htpasswd');
    expect(httpd?.ports?.map((p) => p.name)).toEqual(['image-svc', 'ironic-api', 'image-svc-tls']);
    expect(httpd?.volumeMounts?.map((m) => m.mountPath)).toEqual([
      '/shared',
      '/certs/ironic',
      '/certs/vmedia',
    ]);
  });

  it('changes the pod template (so rolls) exactly when a referenced Secret changes', () => {
    const base = renderIronicDeployment(input({}, { tlsSecret }));
    const same = renderIronicDeployment(input({}, { tlsSecret }));
    const newPassword = renderIronicDeployment(
      input(
        {},
        { tlsSecret, credentialsSecret: secret('lab-credentials', { username: 'lab', password: 'other' }) },
      ),
    );
    const newCertificate = renderIronicDeployment(
      input(
        {},
        { tlsSecret: secret('lab-tls', { 'tls.crt': 'renewed', 'tls.key': 'key' }, 'kubernetes.io/tls') },
      ),
    );
    const annotations = (d: typeof base) => d.spec?.template.metadata?.annotations ?? {};
    expect(same).toEqual(base);
    expect(annotations(newPassword)[API_SECRET_VERSION_ANNOTATION]).not.toBe(
      annotations(base)[API_SECRET_VERSION_ANNOTATION],
    );
    expect(annotations(newCertificate)[TLS_SECRET_VERSION_ANNOTATION]).not.toBe(
      annotations(base)[TLS_SECRET_VERSION_ANNOTATION],
    );
    expect(newPassword.metadata?.annotations?.[SPEC_HASH_ANNOTATION]).not.toBe(
      base.metadata?.annotations?.[SPEC_HASH_ANNOTATION],
    );
  });
});

describe('renderIronicService', () => {
  it.each<[string, Partial<IronicRenderInput>, IronicSpec, [string, number, number][]]>([
    [
      'plain HTTP',
      {},
      {},
      [
        ['ironic-api', 80, 6385],
        ['image-svc', 8080, 6180],
      ],
    ],
    [
      'TLS',
      { tlsSecret },
      {},
      [
        ['ironic-api', 443, 6385],
        ['image-svc', 8080, 6180],
        ['image-svc-tls', 8443, 6183],
      ],
    ],
    [
      'TLS without virtual media TLS',
      { tlsSecret },
      { disableVirtualMediaTLS: true },
      [
        ['ironic-api', 443, 6385],
        ['image-svc', 8080, 6180],
      ],
    ],
    [
      'other ports',
      {},
      { networking: { apiPort: 7000, imageServerPort: 7001 } },
      [
        ['ironic-api', 80, 7000],
        ['image-svc', 8080, 7001],
      ],
    ],
  ])('%s', (_, extra, spec, ports) => {
    const service = renderIronicService(input(spec, extra));
    expect(service.metadata?.name).toBe('lab');
    expect(service.spec?.ports?.map((p) => [p.name, p.port, p.targetPort])).toEqual(ports);
    expect(service.spec?.selector).toEqual(
      renderIronicDeployment(input(spec, extra)).spec?.selector.matchLabels,
    );
  });
});

describe('dhcpRange', () => {
  it.each([
    [
      { networkCIDR: '10.89.0.1/24', rangeBegin: '10.89.0.10', rangeEnd: '10.89.0.100' },
      '10.89.0.10,10.89.0.100,24',
    ],
    [{ networkCIDR: '10.89.0.0/24' }, '10.89.0.10,10.89.0.254,24'],
    [{ networkCIDR: 'fd2e::/120' }, 'fd2e::a,fd2e::fe,120'],
  ])('%j → %s', (dhcp, range) => {
    expect(dhcpRange(dhcp)).toBe(range);
  });
});
