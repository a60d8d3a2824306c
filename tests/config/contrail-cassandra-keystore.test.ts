/**
 * Cassandra's TLS as its pod starts it: the planned `init2` command run by bash with the real keytool
 * and openssl, on the pod's files laid out under a temp folder (pod-on-loopback.ts moves the paths):
 * the certificate Secret as the issuer fills it for a new CA, the ConfigMap's cassandra.yaml and the
 * generated Secret's passwords in the environment, as the StatefulSet gives them. Cassandra itself is
 * not in Debian; what it would open is checked instead: the key store holds the pod's certificate and
 * key under the keystore password, the trust store the CA under the truststore password, and the file
 * it runs on names them with those passwords.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import type { V1ConfigMap, V1Pod, V1StatefulSet } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { certificateKey, privateKeyKey } from '@/server/controllers/contrail/component-certificates';
import {
  CASSANDRA_KEYSTORE,
  CASSANDRA_RUN_CONFIG,
  CASSANDRA_TRUSTSTORE,
} from '@/server/controllers/contrail/data-service-config';
import { cassandraKind } from '@/server/controllers/contrail/data-service-kinds';
import { createCa, issueCertificate } from '@/server/controllers/contrail/issue-certificates';
import { planDataService } from '@/server/controllers/contrail/plan-data-service';
import type { Cassandra } from '@/server/types/crds/cassandra';
import { runCommand } from '@/tools/lib/run-command';
import { KEYTOOL } from '@/tools/testenv/ensure-test-packages';
import { underRoot } from './pod-on-loopback';
import { tempFolder } from './program';

const POD_IP = '10.244.1.31';
const NOW = new Date();
const base64 = (text: string) => Buffer.from(text).toString('base64');

async function plannedPod() {
  const ca = await createCa(NOW);
  const pod = await issueCertificate(ca, { ip: POD_IP, dnsNames: ['db-0'], otherIps: [] }, NOW, 3_600_000);
  const certificates = {
    'ca-bundle.crt': base64(ca.certificate),
    [certificateKey(POD_IP)]: base64(pod.certificate),
    [privateKeyKey(POD_IP)]: base64(pod.key),
  };
  const object: Cassandra = {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Cassandra',
    metadata: { name: 'db', namespace: 'contrail', uid: 'uid-db' },
    spec: { commonConfiguration: { replicas: 1 }, serviceConfiguration: {} },
  };
  const pods: V1Pod[] = [{ metadata: { name: 'db-cassandra-statefulset-0' }, status: { podIP: POD_IP } }];
  const plan = planDataService(
    cassandraKind,
    {
      object,
      pods,
      statefulSet: undefined,
      service: undefined,
      secret: undefined,
      certificates: { data: certificates, issued: 1 },
    },
    NOW,
  );
  const configMap = plan.objects.find((o): o is V1ConfigMap => o.kind === 'ConfigMap');
  const statefulSet = plan.objects.find((o): o is V1StatefulSet => o.kind === 'StatefulSet');
  const init2 = statefulSet?.spec?.template.spec?.initContainers?.find((c) => c.name === 'init2');
  const passwords = plan.createSecret?.stringData;
  if (!configMap?.data || !init2?.command || !passwords)
    throw new Error('no ConfigMap, init2 or Secret planned');
  return { ca, pod, certificates, files: configMap.data, init2, passwords };
}

/** The certificate keytool stores under `alias`, as PEM, opened with `password`. */
async function stored(store: string, password: string, alias: string): Promise<X509Certificate> {
  const { stdout } = await runCommand(KEYTOOL, [
    '-exportcert',
    '-rfc',
    '-keystore',
    store,
    '-storepass',
    password,
    '-alias',
    alias,
  ]);
  return new X509Certificate(stdout);
}

describe("Contrail Cassandra: the pod's key stores made by its init2 command", () => {
  let folder: Awaited<ReturnType<typeof tempFolder>>;

  beforeAll(async () => {
    folder = await tempFolder('cassandra-tls');
  });

  afterAll(async () => {
    await folder.remove();
  });

  it('holds the pod’s certificate and key and the CA under the Secret’s passwords, named by the file Cassandra runs on', async () => {
    const { ca, pod, certificates, files, init2, passwords } = await plannedPod();
    const root = folder.path;
    for (const mount of init2.volumeMounts ?? [])
      await mkdir(join(root, mount.mountPath), { recursive: true });
    for (const [name, text] of Object.entries(files)) await writeFile(join(root, '/mydata', name), text);
    for (const [key, value] of Object.entries(certificates))
      await writeFile(join(root, '/etc/certificates', key), Buffer.from(value, 'base64'));
    await writeFile(
      join(root, '/etc/ssl/certs/kubernetes/ca-bundle.crt'),
      Buffer.from(certificates['ca-bundle.crt'], 'base64'),
    );
    const script = underRoot(init2.command?.at(-1) ?? 'exit 2', root);
    await runCommand('bash', ['-c', script], { env: { ...process.env, ...passwords, POD_IP } });

    const keystorePassword = passwords.keystorePassword ?? '';
    const truststorePassword = passwords.truststorePassword ?? '';
    const own = await stored(join(root, CASSANDRA_KEYSTORE), keystorePassword, POD_IP);
    expect(own.fingerprint256).toBe(new X509Certificate(pod.certificate).fingerprint256);
    const listing = await runCommand(KEYTOOL, [
      '-list',
      '-keystore',
      join(root, CASSANDRA_KEYSTORE),
      '-storepass',
      keystorePassword,
    ]);
    expect(listing.stdout).toMatch(/PrivateKeyEntry/);
    const trusted = await stored(join(root, CASSANDRA_TRUSTSTORE), truststorePassword, 'caroot');
    expect(trusted.fingerprint256).toBe(new X509Certificate(ca.certificate).fingerprint256);
    // A wrong password does not open the store: the passwords are the ones that matter.
    await expect(stored(join(root, CASSANDRA_TRUSTSTORE), 'wrong-password', 'caroot')).rejects.toThrow();

    const run = parse(await readFile(join(root, CASSANDRA_RUN_CONFIG), 'utf8')) as Record<
      string,
      Record<string, unknown>
    >;
    expect(run.client_encryption_options).toMatchObject({
      enabled: true,
      keystore: CASSANDRA_KEYSTORE,
      keystore_password: keystorePassword,
    });
    expect(run.server_encryption_options).toMatchObject({
      keystore: CASSANDRA_KEYSTORE,
      keystore_password: keystorePassword,
      truststore: CASSANDRA_TRUSTSTORE,
      truststore_password: truststorePassword,
    });
    expect(run.listen_address).toBe(POD_IP);
  }, 120_000);
});
