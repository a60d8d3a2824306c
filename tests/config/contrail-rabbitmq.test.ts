/**
 * A real RabbitMQ node (Debian's rabbitmq-server) started the way the Contrail planner's StatefulSet
 * starts it, with the rendered config file and the Secret's values as its environment, for upstream's
 * Rabbitmq sample with one replica (a cluster of three Erlang nodes is too heavy for the shared
 * machine). The pod's IP is 127.0.0.1 and its AMQP and AMQPS ports free ones, all planner inputs;
 * Erlang's own ports (epmd, distribution) and the management port become free loopback ports
 * (pod-on-loopback.ts moves the paths). Its certificate Secret is the issuer's, signed by a new CA.
 */
import { chmod, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { connect as connectTls, type ConnectionOptions } from 'node:tls';
import type { V1ConfigMap, V1Pod, V1Secret, V1StatefulSet } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  certificateKey,
  certificatesSecretName,
  privateKeyKey,
} from '@/server/controllers/contrail/component-certificates';
import { rabbitmqKind } from '@/server/controllers/contrail/data-service-kinds';
import {
  createCa,
  issueCertificate,
  type KeyAndCertificate,
} from '@/server/controllers/contrail/issue-certificates';
import { planDataService } from '@/server/controllers/contrail/plan-data-service';
import type { Rabbitmq } from '@/server/types/crds/rabbitmq';
import { runCommand } from '@/tools/lib/run-command';
import { RABBITMQ_BIN } from '@/tools/testenv/ensure-test-packages';
import { eventually } from '@/tools/testenv/eventually';
import { freePort } from '@/tools/testenv/free-port';
import { upstreamFixture } from '@/tools/testenv/upstream-shapes';
import { startPod, underRoot } from './pod-on-loopback';
import { startProgram, tempFolder, type RunningProgram } from './program';

const POD_IP = '127.0.0.1';
const MANAGEMENT_PORT = 15671;

const NOW = new Date();
const base64 = (text: string) => Buffer.from(text).toString('base64');

/** The pod's certificate Secret as the issuer fills it, and a client certificate of the same CA. */
async function certificates() {
  const ca = await createCa(NOW);
  const subject = (ip: string) => ({ ip, dnsNames: ['localhost'], otherIps: [] });
  const pod = await issueCertificate(ca, subject(POD_IP), NOW, 3_600_000);
  const client = await issueCertificate(ca, subject('127.0.0.2'), NOW, 3_600_000);
  const data = {
    'ca-bundle.crt': base64(ca.certificate),
    [certificateKey(POD_IP)]: base64(pod.certificate),
    [privateKeyKey(POD_IP)]: base64(pod.key),
  };
  return { ca, data, client };
}

function plannedRabbitmq(amqpPort: number, sslPort: number, certificateData: Record<string, string>) {
  const [sample] = upstreamFixture('contrail-operator/cr-rabbitmq.yaml').objects as unknown as Rabbitmq[];
  if (!sample) throw new Error('the Rabbitmq sample is empty');
  const object: Rabbitmq = {
    ...sample,
    metadata: Object.assign({}, sample.metadata, { namespace: 'contrail', uid: 'uid-rabbit' }),
    spec: { commonConfiguration: { replicas: 1 }, serviceConfiguration: { port: amqpPort, sslPort } },
  };
  const pods: V1Pod[] = [
    { metadata: { name: `rabbitmq-${object.metadata.name ?? ''}-statefulset-0` }, status: { podIP: POD_IP } },
  ];
  const plan = planDataService(
    rabbitmqKind,
    {
      object,
      pods,
      statefulSet: undefined,
      service: undefined,
      secret: undefined,
      certificates: { data: certificateData, issued: 1 },
    },
    NOW,
  );
  const configMap = plan.objects.find((o): o is V1ConfigMap => o.kind === 'ConfigMap');
  const statefulSet = plan.objects.find((o): o is V1StatefulSet => o.kind === 'StatefulSet');
  const secret: V1Secret | undefined = plan.createSecret;
  if (!configMap?.data || !statefulSet || !secret?.stringData)
    throw new Error('no ConfigMap, StatefulSet or Secret planned');
  const certificateSecret = certificatesSecretName(object.metadata.name ?? '');
  return { files: configMap.data, statefulSet, secret: secret.stringData, certificateSecret };
}

/** The frame type of AMQP's answer over TLS, presenting `client` (or no certificate). */
function amqpsGreeting(port: number, ca: KeyAndCertificate, client?: KeyAndCertificate): Promise<string> {
  const options: ConnectionOptions = {
    host: '127.0.0.1',
    port,
    ca: ca.certificate,
    servername: 'localhost',
    ...(client ? { cert: client.certificate, key: client.key } : {}),
  };
  return new Promise((resolve, reject) => {
    const socket = connectTls(options, () => socket.write('AMQP\x00\x00\x09\x01'));
    socket.once('data', (chunk: Buffer) => {
      socket.destroy();
      resolve(chunk.subarray(0, 1).toString('hex'));
    });
    socket.once('end', () => reject(new Error('the server closed the connection')));
    socket.on('error', reject);
  });
}

function amqpGreeting(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write('AMQP\x00\x00\x09\x01'));
    socket.once('data', (chunk: Buffer) => {
      socket.destroy();
      resolve(chunk.subarray(0, 1).toString('hex'));
    });
    socket.on('error', reject);
  });
}

describe('Contrail RabbitMQ: a node started from the rendered pod', () => {
  let folder: Awaited<ReturnType<typeof tempFolder>>;
  let node: RunningProgram | undefined;
  let epmd: RunningProgram | undefined;

  beforeAll(async () => {
    folder = await tempFolder('rabbitmq');
    await chmod(folder.path, 0o755);
  });

  afterAll(async () => {
    await node?.stop();
    await epmd?.stop();
    await folder.remove();
  });

  it('listens where rendered, in TLS with its certificate for clients of the CA, and accepts the rendered user', async () => {
    const amqpPort = await freePort();
    const sslPort = await freePort();
    const tls = await certificates();
    const { files, statefulSet, secret, certificateSecret } = plannedRabbitmq(amqpPort, sslPort, tls.data);
    const management = await freePort();
    const root = join(folder.path, 'pod-0');
    // Erlang's port mapper and distribution port, kept on loopback and off the machine's defaults.
    const erlang = {
      ERL_EPMD_ADDRESS: '127.0.0.1',
      ERL_EPMD_PORT: String(await freePort()),
      RABBITMQ_DIST_PORT: String(await freePort()),
      HOME: join(root, 'home'),
      RABBITMQ_MNESIA_BASE: join(root, 'mnesia'),
      RABBITMQ_LOG_BASE: join(root, 'log'),
      RABBITMQ_LOGS: '-',
      // The pod mounts plugins.conf beside the config, where the image does not look for it.
      RABBITMQ_ENABLED_PLUGINS_FILE: join(root, 'enabled_plugins'),
    };
    // Our own epmd in the foreground, so none outlives the test as a daemon.
    epmd = startProgram('/usr/bin/epmd', ['-address', '127.0.0.1', '-port', erlang.ERL_EPMD_PORT]);
    const env = { ...secret, ...erlang, PATH: `${RABBITMQ_BIN}:${process.env.PATH ?? ''}` };
    const ports = new Map([
      [amqpPort, amqpPort],
      [sslPort, sslPort],
    ]);
    node = await startPod({ ip: POD_IP, root, ports }, [], {
      statefulSet,
      files,
      secrets: { [certificateSecret]: tls.data },
      imageFolders: ['/home', '/mnesia', '/log'],
      env,
      portKeys: (_pod, text) =>
        text.replace(
          `management.tcp.port = ${MANAGEMENT_PORT}`,
          `management.tcp.port = ${management}\nmanagement.tcp.ip = 127.0.0.1`,
        ),
    });
    const ctl = (...args: string[]) =>
      runCommand(join(RABBITMQ_BIN, 'rabbitmqctl'), ['-n', `rabbit@${POD_IP}`, '--longnames', ...args], {
        env: { ...process.env, ...erlang, RABBITMQ_ERLANG_COOKIE: secret.RABBITMQ_ERLANG_COOKIE },
      });
    await eventually(
      async () => {
        if (node?.exited()) throw new Error(`rabbitmq-server exited:\n${node.output()}`);
        await ctl('await_startup', '--timeout', '5');
      },
      90_000,
      1_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${node?.output().slice(-4000) ?? ''}`);
    });
    // AMQP 0-9-1 answers a protocol header with its Connection.Start frame (type 1).
    expect(await amqpGreeting(amqpPort)).toBe('01');
    // Its TLS listener serves the pod's certificate (trusted through the CA, named for the host) to a
    // client presenting one of the CA's, as Contrail's programs do, and refuses one presenting none.
    expect(await amqpsGreeting(sslPort, tls.ca, tls.client)).toBe('01');
    await expect(amqpsGreeting(sslPort, tls.ca)).rejects.toThrow();
    // The pod makes the user once the node runs, a moment after startup.
    await eventually(
      async () => {
        await ctl('authenticate_user', secret.user ?? '', secret.password ?? '');
        const permissions = await ctl('list_user_permissions', secret.user ?? '');
        expect(permissions.stdout).toMatch(
          new RegExp(`^${secret.vhost ?? '/'}\\s+\\.\\*\\s+\\.\\*\\s+\\.\\*$`, 'm'),
        );
      },
      60_000,
      1_000,
    );
    // The readiness probe, run as the pod would (its environment, not the command's exports): this
    // node is the one node rabbitmq.nodes expects, so it is ready; a node expected but absent is not.
    const script = underRoot(
      statefulSet.spec?.template.spec?.containers[0]?.readinessProbe?.exec?.command?.at(-1) ?? 'exit 2',
      root,
    );
    const probe = (bash: string) =>
      runCommand('bash', ['-c', bash], { env: { ...process.env, ...env, POD_IP } });
    await expect(probe(script)).resolves.toBeDefined();
    const moreNodes = join(root, 'more-nodes');
    await writeFile(moreNodes, `${POD_IP}\n127.0.0.2\n`);
    await expect(
      probe(script.replace(join(root, 'etc/rabbitmq-configmap/rabbitmq.nodes'), moreNodes)),
    ).rejects.toThrow();
    // The preStop hook takes the node out of its cluster: it runs no RabbitMQ, so it is not ready.
    const preStop = statefulSet.spec?.template.spec?.containers[0]?.lifecycle?.preStop?.exec?.command?.at(-1);
    await probe(preStop ?? 'exit 2');
    await expect(probe(script)).rejects.toThrow();
  }, 180_000);
});
