/**
 * What the Ironic planner renders for upstream's README example (and the same with every DHCP option
 * set) in the programs that read it: dnsmasq judges the DHCP settings, openssl the TLS Secret the
 * console generates for the API.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { V1Deployment, V1Secret } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedTlsSecret } from '@/server/api/ironic/create-ironic';
import { planIronic } from '@/server/controllers/ironic/plan-ironic';
import {
  credentialsSecret,
  databaseSecret,
  observed,
  readyDatabase,
  secret,
} from '@/server/controllers/ironic/test-fixtures';
import type { Ironic, IronicDHCP } from '@/server/types/crds/ironic';
import { runCommand } from '@/tools/lib/run-command';
import { DNSMASQ, OPENSSL } from '@/tools/testenv/ensure-test-packages';
import { upstreamFixture } from '@/tools/testenv/upstream-shapes';
import { dnsmasqConf } from './ironic-dnsmasq-conf';
import { tempFolder } from './program';

const readme = upstreamFixture('ironic-standalone-operator/readme-database-example.yaml').objects.find(
  (object) => object.kind === 'Ironic',
) as unknown as Ironic;
const DNS_NAME = 'ironic.test.svc';

/** The dnsmasq container's environment in the planned Deployment of `subject`. */
async function dnsmasqEnv(subject: Ironic) {
  const tls = await selfSignedTlsSecret('test', subject.spec?.tlsRef?.name ?? '', DNS_NAME);
  const plan = planIronic(
    observed(
      { ...subject, spec: { ...subject.spec, credentialsRef: { name: 'lab-credentials' } } },
      {
        secrets: [
          credentialsSecret,
          databaseSecret,
          secret(tls.metadata?.name ?? '', tls.stringData ?? {}, 'kubernetes.io/tls'),
        ],
        databases: [readyDatabase(subject.spec?.databaseRef?.name)],
      },
    ),
    new Date('2026-12-01T00:00:00Z'),
  );
  const deployment = plan.objects.find((object): object is V1Deployment => object.kind === 'Deployment');
  const container = deployment?.spec?.template.spec?.containers.find((c) => c.name === 'dnsmasq');
  if (!container) throw new Error(`no dnsmasq container planned: ${JSON.stringify(plan.status)}`);
  return container.env ?? [];
}

function withDhcp(dhcp: Partial<IronicDHCP>): Ironic {
  const networking = readme.spec?.networking ?? {};
  return {
    ...readme,
    spec: {
      ...readme.spec,
      networking: {
        ...networking,
        interface: 'eth1',
        dhcp: { ...networking.dhcp, networkCIDR: '10.89.0.1/24', ...dhcp },
      },
    },
  };
}

describe('Ironic: the rendered DHCP settings in dnsmasq, the TLS Secret in openssl', () => {
  let folder: Awaited<ReturnType<typeof tempFolder>>;

  beforeAll(async () => {
    folder = await tempFolder('ironic');
  });

  afterAll(async () => {
    await folder.remove();
  });

  it.each<[string, Ironic]>([
    ["upstream's README example", readme],
    [
      'every DHCP option set',
      withDhcp({
        gatewayAddress: '10.89.0.1',
        serveDNS: true,
        hosts: ['52:54:00:aa:bb:01,10.89.0.20', '52:54:00:aa:bb:02,set:worker,node-2'],
        ignore: ['tag:!worker'],
      }),
    ],
    [
      'an open range with a DNS server',
      withDhcp({ rangeBegin: undefined, rangeEnd: undefined, dnsAddress: '10.0.0.53' }),
    ],
  ])('dnsmasq --test accepts the configuration for %s', async (label, subject) => {
    const conf = dnsmasqConf(await dnsmasqEnv(subject));
    const file = join(folder.path, `${label.replace(/\W+/g, '-')}.conf`);
    await writeFile(file, conf);
    const { stderr } = await runCommand(DNSMASQ, ['--test', `--conf-file=${file}`]);
    expect(stderr).toContain('syntax check OK');
  });

  it('the generated TLS Secret: the key belongs to the certificate, which names the host', async () => {
    const tls: V1Secret = await selfSignedTlsSecret('test', 'ironic-tls', DNS_NAME);
    const crt = join(folder.path, 'tls.crt');
    const key = join(folder.path, 'tls.key');
    await writeFile(crt, tls.stringData?.['tls.crt'] ?? '');
    await writeFile(key, tls.stringData?.['tls.key'] ?? '', { mode: 0o600 });
    const fromCertificate = await runCommand(OPENSSL, ['x509', '-in', crt, '-noout', '-pubkey']);
    const fromKey = await runCommand(OPENSSL, ['pkey', '-in', key, '-pubout']);
    expect(fromKey.stdout).toBe(fromCertificate.stdout);
    const host = await runCommand(OPENSSL, ['x509', '-in', crt, '-noout', '-checkhost', DNS_NAME]);
    expect(host.stdout).toContain('does match certificate');
  });
});
