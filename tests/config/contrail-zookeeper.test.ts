/**
 * A real ZooKeeper ensemble of three from what the Contrail planner renders for upstream's sample
 * Zookeeper with three replicas: each pod's ConfigMap files and main container command, run on
 * loopback by pod-on-loopback.ts with Debian's ZooKeeper, must reach a quorum (one leader, two
 * followers, as each node's `srvr` reports), each answering the readiness probe's `ruok` with `imok`;
 * and started as the StatefulSet starts them, one by one with the files rendered at that moment, the
 * three must all vote: the ensemble keeps its quorum without its first member. Five started so and
 * scaled to three through the live size in their mounts (the planner's first phase) must remove
 * servers 4 and 5 from the ensemble and fail their readiness, so that once they are gone, the three
 * left keep a quorum without one of them.
 */
import { access, chmod, mkdir, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { V1ConfigMap, V1Pod, V1StatefulSet } from '@kubernetes/client-node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERS_KEY, ZOOKEEPER_CONFIG_DIR } from '@/server/controllers/contrail/data-service-config';
import { zookeeperKind } from '@/server/controllers/contrail/data-service-kinds';
import { planDataService } from '@/server/controllers/contrail/plan-data-service';
import type { Zookeeper } from '@/server/types/crds/zookeeper';
import { JAVA, ZOOKEEPER_CLASSPATH } from '@/tools/testenv/ensure-test-packages';
import { eventually } from '@/tools/testenv/eventually';
import { runCommand } from '@/tools/lib/run-command';
import { upstreamFixture } from '@/tools/testenv/upstream-shapes';
import { localPorts, startPod, underRoot, type LoopbackPod } from './pod-on-loopback';
import { tempFolder, type RunningProgram } from './program';

const POD_IPS = ['10.244.1.11', '10.244.2.12', '10.244.3.13'];
const FIVE_POD_IPS = [...POD_IPS, '10.244.4.14', '10.244.5.15'];
const PORTS = { clientPort: 2181, serverPort: 2888, electionPort: 3888, adminPort: 2182 };

/** The planned ConfigMap data and StatefulSet of `ips.length` replicas when the first `count` pods have their IPs. */
function plannedZookeeper(count = POD_IPS.length, ips = POD_IPS) {
  const [sample] = upstreamFixture('contrail-operator/cr-zookeeper.yaml').objects as unknown as Zookeeper[];
  if (!sample) throw new Error('the Zookeeper sample is empty');
  const object: Zookeeper = {
    ...sample,
    metadata: Object.assign({}, sample.metadata, { namespace: 'contrail', uid: 'uid-zk' }),
    spec: { commonConfiguration: { replicas: ips.length }, serviceConfiguration: {} },
  };
  const pods: V1Pod[] = ips.slice(0, count).map((ip, ordinal) => ({
    metadata: { name: `zookeeper-${object.metadata.name ?? ''}-statefulset-${ordinal}` },
    status: { podIP: ip },
  }));
  const plan = planDataService(
    zookeeperKind,
    { object, pods, statefulSet: undefined, service: undefined, secret: undefined, certificates: undefined },
    new Date('2026-12-01T00:00:00Z'),
  );
  const configMap = plan.objects.find((o): o is V1ConfigMap => o.kind === 'ConfigMap');
  const statefulSet = plan.objects.find((o): o is V1StatefulSet => o.kind === 'StatefulSet');
  if (!configMap?.data || !statefulSet) throw new Error('no ConfigMap or StatefulSet planned');
  return { files: configMap.data, statefulSet };
}

/** ZooKeeper's answer to a four-letter word on its client port. */
function fourLetterWord(port: number, word: 'srvr' | 'ruok'): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(port, '127.0.0.1', () => socket.end(word));
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

/** The `Mode:` line of ZooKeeper's `srvr` command on its client port (leader, follower, ...). */
async function serverMode(port: number): Promise<string> {
  return /^Mode: (\w+)/m.exec(await fourLetterWord(port, 'srvr'))?.[1] ?? 'no mode';
}

/** The image's programs the command runs, as shims in `bin`: zkServer.sh and zkCli.sh on Debian's jars. */
async function writeShims(bin: string): Promise<void> {
  await mkdir(bin, { recursive: true });
  // Debian ships the server classes, not the scripts' layout; it leaves out the admin server's
  // servlet classes and a logger binding; srvr on the client port reports the state, and maven's
  // simple logger prints to stderr.
  const java = `${JAVA} -Xmx128m -Dzookeeper.admin.enableServer=false`;
  await writeFile(
    join(bin, 'zkServer.sh'),
    [
      '#!/bin/sh',
      '[ "$1" = --config ] || { echo "expected --config <dir>" >&2; exit 2; }',
      `exec ${java} -cp "$2:${ZOOKEEPER_CLASSPATH}" org.apache.zookeeper.server.quorum.QuorumPeerMain "$2/zoo.cfg"`,
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  await writeFile(
    join(bin, 'zkCli.sh'),
    [
      '#!/bin/sh',
      `exec ${JAVA} -Xmx64m -cp "${ZOOKEEPER_CLASSPATH}" org.apache.zookeeper.ZooKeeperMain "$@"`,
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
}

describe('Contrail ZooKeeper: rendered pods form an ensemble', () => {
  let folder: Awaited<ReturnType<typeof tempFolder>>;
  let bin: string;
  let zookeeperUser: { uid: number; gid: number };
  const nodes: RunningProgram[] = [];

  beforeAll(async () => {
    folder = await tempFolder('zookeeper');
    // The pods run as the zookeeper user, which must reach their folders.
    await chmod(folder.path, 0o755);
    bin = join(folder.path, 'bin');
    await writeShims(bin);
    // The user Debian's package made: as root the pods would write to the read-only mount regardless.
    const id = async (flag: string) => Number((await runCommand('id', [flag, 'zookeeper'])).stdout.trim());
    zookeeperUser = { uid: await id('-u'), gid: await id('-g') };
  });

  afterEach(async () => {
    await Promise.all(nodes.splice(0).map((node) => node.stop()));
  });

  afterAll(async () => {
    await folder.remove();
  });

  async function loopbackPods(run: string, ips = POD_IPS): Promise<LoopbackPod[]> {
    const taken = new Set<number>();
    const pods: LoopbackPod[] = [];
    for (const [index, ip] of ips.entries()) {
      pods.push({
        ip,
        root: join(folder.path, run, `pod-${index}`),
        ports: await localPorts(Object.values(PORTS), taken),
      });
    }
    return pods;
  }

  function start(pod: LoopbackPod, pods: LoopbackPod[], planned: ReturnType<typeof plannedZookeeper>) {
    return startPod(pod, pods, {
      ...planned,
      imageFolders: ['/data'],
      env: { PATH: `${bin}:${process.env.PATH ?? ''}` },
      portKeys: (p, text) =>
        text.replace(
          /^admin\.serverPort=(\d+)$/m,
          (_, port: string) => `admin.serverPort=${p.ports.get(Number(port)) ?? ''}`,
        ),
      runAs: zookeeperUser,
    });
  }

  const outputs = () => nodes.map((node, index) => `pod ${index}:\n${node.output().slice(-3000)}`).join('\n');

  /** Each running pod's `srvr` mode, sorted; a pod that exited fails the wait with its output. */
  async function modes(pods: LoopbackPod[], running: RunningProgram[] = nodes): Promise<string[]> {
    const states = await Promise.all(
      pods.map(async (pod, index) => {
        const node = running[index];
        if (node?.exited()) throw new Error(`pod ${index} exited:\n${node.output()}`);
        try {
          return await serverMode(pod.ports.get(PORTS.clientPort) ?? 0);
        } catch {
          return 'not answering';
        }
      }),
    );
    return states.sort();
  }

  it('reaches a quorum: one leader and two followers', async () => {
    const pods = await loopbackPods('together');
    const planned = plannedZookeeper();
    for (const pod of pods) nodes.push(await start(pod, pods, planned));
    await eventually(
      async () => expect(await modes(pods), outputs()).toEqual(['follower', 'follower', 'leader']),
      90_000,
      1_000,
    );
    // What the readiness probe asks: zoo.cfg allows ruok, and each member of the quorum answers imok.
    const answers = await Promise.all(
      pods.map((pod) => fourLetterWord(pod.ports.get(PORTS.clientPort) ?? 0, 'ruok')),
    );
    expect(answers).toEqual(['imok', 'imok', 'imok']);
  });

  /** Starts the pods as the StatefulSet does: OrderedReady, each with the files rendered from the pods that have an IP then. */
  async function startOneByOne(pods: LoopbackPod[], ips: string[]): Promise<void> {
    for (const [index, pod] of pods.entries()) {
      // Pod n starts once the pods before it are ready, which includes the command's mark of a voting member.
      nodes.push(await start(pod, pods, plannedZookeeper(index + 1, ips)));
      await eventually(
        async () => {
          if (nodes[index]?.exited()) throw new Error(`pod ${index} exited:\n${outputs()}`);
          await expect(
            access(join(pod.root, ZOOKEEPER_CONFIG_DIR, 'voting-member')),
            outputs(),
          ).resolves.toBe(undefined);
        },
        90_000,
        500,
      );
    }
  }

  /** zkCli.sh (the test's shim) against the client ports of `pods`; its output, whatever its exit. */
  async function zkCli(pods: LoopbackPod[], ...args: string[]): Promise<string> {
    const servers = pods.map((pod) => `127.0.0.1:${pod.ports.get(PORTS.clientPort) ?? 0}`).join(',');
    try {
      return (await runCommand(join(bin, 'zkCli.sh'), ['-server', servers, ...args])).stdout;
    } catch (error) {
      return String(error);
    }
  }

  /** Whether the rendered readiness probe passes in `pod`: its paths in the pod's folder, its port local. */
  async function probeReady(pod: LoopbackPod, statefulSet: V1StatefulSet): Promise<boolean> {
    const script = statefulSet.spec?.template.spec?.containers[0]?.readinessProbe?.exec?.command?.at(-1);
    if (!script) throw new Error('no readiness probe rendered');
    const local = underRoot(script, pod.root).replace(
      `$POD_IP/${PORTS.clientPort}`,
      `127.0.0.1/${pod.ports.get(PORTS.clientPort) ?? 0}`,
    );
    try {
      await runCommand('bash', ['-c', local]);
      return true;
    } catch {
      return false;
    }
  }

  it('started one by one as the StatefulSet does, every member votes: the quorum outlives the first', async () => {
    const pods = await loopbackPods('one-by-one');
    await startOneByOne(pods, POD_IPS);
    await nodes[0]?.stop();
    const rest = pods.slice(1);
    await eventually(
      async () => expect(await modes(rest, nodes.slice(1)), outputs()).toEqual(['follower', 'leader']),
      90_000,
      1_000,
    );
  });

  it('scaled 5 → 3 through the live size, servers 4 and 5 leave the ensemble: 2 of the 3 left keep a quorum', async () => {
    const pods = await loopbackPods('scale-down', FIVE_POD_IPS);
    await startOneByOne(pods, FIVE_POD_IPS);
    const { statefulSet } = plannedZookeeper(FIVE_POD_IPS.length, FIVE_POD_IPS);
    // As the planner does it, one pod at a time from the top: the ConfigMap's size drops to its
    // ordinal (the kubelet updates every running pod's mount), it leaves and fails its probe, and the
    // StatefulSet deletes it.
    for (const size of [4, 3]) {
      for (const pod of pods.slice(0, size + 1)) {
        const mount = join(pod.root, zookeeperKind.mountPath);
        await chmod(mount, 0o755);
        await writeFile(join(mount, MEMBERS_KEY), `${size}`, { mode: 0o444 });
        await chmod(mount, 0o555);
      }
      await eventually(
        async () => {
          const config = await zkCli(pods.slice(0, size), 'config');
          expect(config.match(/^server\.\d+=/gm), `${config}\n${outputs()}`).toEqual(
            Array.from({ length: size }, (_, n) => `server.${n + 1}=`),
          );
          const ready = await Promise.all(pods.slice(0, size + 1).map((pod) => probeReady(pod, statefulSet)));
          expect(ready).toEqual([...Array.from({ length: size }, () => true), false]);
        },
        60_000,
        1_000,
      );
      await nodes[size]?.stop();
    }
    // Then one of the three left is lost too.
    await nodes[0]?.stop();
    await eventually(
      async () =>
        expect(await zkCli(pods.slice(1, 3), 'create', '/after-scale-down', 'kept'), outputs()).toMatch(
          /Created \/after-scale-down|Node already exists/,
        ),
      60_000,
      1_000,
    );
    expect(await zkCli(pods.slice(1, 3), 'get', '/after-scale-down')).toMatch(/^kept$/m);
  });
});
