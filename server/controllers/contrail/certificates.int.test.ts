import { createPrivateKey, X509Certificate } from 'node:crypto';
import type {
  V1ConfigMap,
  V1Container,
  V1DaemonSet,
  V1Pod,
  V1Secret,
  V1StatefulSet,
} from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../tools/testenv/eventually';
import { controllerCluster, createManager, service } from '../../../tools/testenv/contrail-manager-test';
import { kc } from '../../../tools/testenv/contrail-test-cluster';
import { ordinal, recordRoll } from '../../../tools/testenv/pod-roll';
import {
  configMapResource,
  daemonSetResource,
  secretResource,
  statefulSetResource,
} from '../../kube/resource';
import { CA_SECRET } from './component-certificates';
import { createCa } from './issue-certificates';

// A minute's lifetime: renewed with 20 s left, so the test sees a rotation without waiting long.
const LIFETIME_MS = 60_000;
const t = controllerCluster('ct-tls', { contrailCertificateLifetimeMs: LIFETIME_MS });
const db = { cassandraInstance: 'cassandra1', zookeeperInstance: 'zookeeper1' };

const text = (secret: V1Secret | undefined, key: string) =>
  Buffer.from(secret?.data?.[key] ?? '', 'base64').toString();

/** Each pod of the component with its certificate from the component's Secret. */
async function podCertificates(type: string, name: string) {
  const pods = await t.podsOf(type, name);
  const secret = await t.get<V1Secret>(secretResource, `${name}-secret-certificates`);
  return pods.map((pod: V1Pod) => {
    const ip = pod.status?.podIP ?? '';
    const pem = text(secret, `server-${ip}.crt`);
    expect(pem, `${pod.metadata?.name ?? ''} has no certificate`).not.toBe('');
    return {
      pod,
      certificate: new X509Certificate(pem),
      key: createPrivateKey(text(secret, `server-key-${ip}.pem`)),
      caBundle: text(secret, 'ca-bundle.crt'),
    };
  });
}

/** Every pod's certificate chains to `ca`, names the pod's IP and DNS names and goes with its key. */
async function expectSignedBy(ca: X509Certificate, type: string, name: string, serviceName?: string) {
  const certificates = await podCertificates(type, name);
  expect(certificates.length).toBeGreaterThan(0);
  for (const { pod, certificate, key, caBundle } of certificates) {
    const podName = pod.metadata?.name ?? '';
    expect(certificate.checkIssued(ca)).toBe(true);
    expect(certificate.verify(ca.publicKey)).toBe(true);
    expect(certificate.checkPrivateKey(key)).toBe(true);
    expect(certificate.checkIP(pod.status?.podIP ?? '')).toBe(pod.status?.podIP);
    expect(certificate.checkHost(podName)).toBe(podName);
    if (serviceName) {
      const podDns = `${podName}.${serviceName}.${t.namespace}.svc`;
      expect(certificate.checkHost(podDns)).toBe(podDns);
    }
    expect(new X509Certificate(caBundle).fingerprint256).toBe(ca.fingerprint256);
  }
  return certificates;
}

/**
 * For each pod of the service, every certificate, key and CA path that `named` (the pod's rendered
 * file, or a command of its pod) gives under a Secret mount of the pod is a key the mounted Secret
 * holds, at the path the mount puts it: the programs find the files their configuration names.
 */
async function expectNamedFilesMounted(
  type: string,
  name: string,
  named: (ip: string, data: Record<string, string>, containers: V1Container[]) => string,
) {
  const sts = await t.get<V1StatefulSet>(statefulSetResource, `${name}-${type}-statefulset`);
  const spec = sts?.spec?.template.spec;
  const containers = [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])];
  const mounts = containers.flatMap((container) =>
    (container.volumeMounts ?? []).flatMap((mount) => {
      const secret = spec?.volumes?.find((volume) => volume.name === mount.name)?.secret;
      return secret ? [{ path: `${mount.mountPath}/`, secret }] : [];
    }),
  );
  expect(mounts.length).toBeGreaterThan(0);
  const data = (await t.get<V1ConfigMap>(configMapResource, `${name}-${type}-configmap`))?.data ?? {};
  let checked = 0;
  for (const pod of await t.podsOf(type, name)) {
    const ip = pod.status?.podIP ?? '';
    for (const path of named(ip, data, containers).match(/\/etc\/[\w./-]+/g) ?? []) {
      const mount = mounts.find((m) => path.startsWith(m.path));
      if (!mount) continue;
      const file = path.slice(mount.path.length);
      const key = mount.secret.items ? mount.secret.items.find((item) => item.path === file)?.key : file;
      const secret = await t.get<V1Secret>(secretResource, mount.secret.secretName ?? '');
      expect(Object.keys(secret?.data ?? {}), `${type} ${name}: ${path}`).toContain(key);
      checked += 1;
    }
  }
  expect(checked, `${type} ${name} names no mounted file`).toBeGreaterThan(0);
}

async function clusterCa(): Promise<X509Certificate> {
  const secret = await t.get<V1Secret>(secretResource, CA_SECRET);
  expect(secret?.metadata?.ownerReferences ?? []).toEqual([]);
  expect(text(secret, 'ca-priv-key.pem')).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
  return new X509Certificate(text(secret, 'ca-bundle.crt'));
}

describe('Contrail certificates', () => {
  it("gives every component and data service pod its own certificate from the cluster's CA, whose files their configuration names, renews it before it expires, and follows a CA the user puts in place", async () => {
    await createManager(t, {
      cassandras: [service('cassandra1')],
      zookeepers: [service('zookeeper1')],
      rabbitmq: service('rabbitmq1'),
      config: service('config1', db),
      controls: [service('control1', { cassandraInstance: 'cassandra1' })],
      provisionManager: service('provmanager1'),
      vrouters: [service('vr1', { controlInstance: 'control1' })],
    });

    // The operator made the CA (none existed); Config's three pods and the provisioner's each have a
    // certificate it signed, naming the pod's IP and DNS names.
    const first = await eventually(
      async () => {
        const ca = await clusterCa();
        const config = await expectSignedBy(ca, 'config', 'config1', 'config1-config');
        expect(config).toHaveLength(3);
        await expectSignedBy(ca, 'provisionmanager', 'provmanager1');
        await expectSignedBy(ca, 'rabbitmq', 'rabbitmq1', 'rabbitmq1-rabbitmq');
        await expectSignedBy(ca, 'cassandra', 'cassandra1', 'cassandra1-cassandra');
        // The vRouter agents (once their Control is active), reached by their address alone.
        await expectSignedBy(ca, 'vrouter', 'vr1');
        return { ca, config };
      },
      240_000,
      1000,
    );
    const sts = await t.get<V1StatefulSet>(statefulSetResource, 'config1-config-statefulset');
    const ds = await t.get<V1DaemonSet>(daemonSetResource, 'vr1-vrouter-daemonset');
    for (const container of [
      sts?.spec?.template.spec?.containers.find((c) => c.name === 'api'),
      ds?.spec?.template.spec?.containers.find((c) => c.name === 'vrouteragent'),
    ])
      expect(container?.volumeMounts).toEqual(
        expect.arrayContaining([
          { name: 'certificates', mountPath: '/etc/certificates', readOnly: true },
          { name: 'ca-certificate', mountPath: '/etc/ssl/certs/kubernetes', readOnly: true },
        ]),
      );

    // What each pod's configuration names of its certificate, key and CA is in the Secret it mounts.
    await expectNamedFilesMounted('config', 'config1', (ip, data) =>
      [`api.${ip}`, `collector.${ip}`, `vnc.${ip}`].map((key) => data[key] ?? '').join('\n'),
    );
    await expectNamedFilesMounted('rabbitmq', 'rabbitmq1', (ip, data) => data[`rabbitmq-${ip}.conf`] ?? '');
    await expectNamedFilesMounted(
      'provisionmanager',
      'provmanager1',
      (ip, data) => data[`apiserver-${ip}.yaml`] ?? '',
    );
    // Cassandra's key stores are made from the files its init2 command names.
    await expectNamedFilesMounted('cassandra', 'cassandra1', (ip, _data, containers) =>
      (containers.find((c) => c.name === 'init2')?.command?.at(-1) ?? '').replaceAll('${POD_IP}', ip),
    );

    // Each certificate is re-issued before it expires: a new serial, still signed by the same CA.
    const roll = recordRoll(kc, t.namespace, 'config', 'config1');
    const before = new Map(first.config.map((c) => [c.pod.metadata?.name, c.certificate]));
    try {
      await eventually(
        async () => {
          const renewed = await expectSignedBy(first.ca, 'config', 'config1', 'config1-config');
          for (const { pod, certificate } of renewed) {
            const old = before.get(pod.metadata?.name);
            expect(old).toBeDefined();
            expect(certificate.serialNumber).not.toBe(old?.serialNumber);
            expect(new Date(certificate.validFrom).getTime()).toBeLessThan(
              new Date(old?.validTo ?? 0).getTime(),
            );
          }
        },
        4 * LIFETIME_MS,
        1000,
      );
      // The programs read their files at start: the renewal names a new generation in the pod template,
      // and the StatefulSet replaces the pods one at a time, highest ordinal first, the others ready.
      await eventually(
        async () => {
          const template = (await t.get<V1StatefulSet>(statefulSetResource, 'config1-config-statefulset'))
            ?.spec?.template.metadata;
          expect(Number(template?.annotations?.['rackpilot.io/certificate-generation'])).toBeGreaterThan(0);
          expect(roll.steps.filter((s) => s.change === 'deleting').length).toBeGreaterThanOrEqual(3);
        },
        2 * LIFETIME_MS,
        500,
      );
      const deletions = roll.steps.filter((s) => s.change === 'deleting').slice(0, 3);
      expect(deletions.map((s) => ordinal(s.pod))).toEqual([2, 1, 0]);
      for (const step of deletions) {
        expect(step.others).toHaveLength(2);
        expect(step.ready).toEqual(step.others);
      }
      expect(roll.mostNotReady()).toBe(1);
    } finally {
      await roll.stop();
    }

    // The user puts a CA of their own in place: every certificate is issued anew from it.
    const userCa = await createCa(new Date());
    await t.merge(secretResource, CA_SECRET, {
      data: {
        'ca-bundle.crt': Buffer.from(userCa.certificate).toString('base64'),
        'ca-priv-key.pem': Buffer.from(userCa.key).toString('base64'),
      },
    });
    const user = new X509Certificate(userCa.certificate);
    // Each component on its own: with a minute's lifetime one or another is always rolling, and a
    // pod just replaced has no certificate for a moment.
    for (const [type, name, serviceName] of [
      ['config', 'config1', 'config1-config'],
      ['provisionmanager', 'provmanager1', undefined],
      ['rabbitmq', 'rabbitmq1', 'rabbitmq1-rabbitmq'],
      ['vrouter', 'vr1', undefined],
    ] as const)
      await eventually(() => expectSignedBy(user, type, name, serviceName), 120_000, 1000);
    expect((await clusterCa()).fingerprint256).toBe(user.fingerprint256);
  }, 600_000);
});
