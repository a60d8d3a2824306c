/**
 * A real ZooKeeper ensemble of three from what the Contrail planner renders for upstream's sample
 * Zookeeper with three replicas: each pod's ConfigMap files and main container command, run on
 * loopback by pod-on-loopback.ts with Debian's ZooKeeper, must reach a quorum (one leader, two
 * followers, as each node's `srvr` reports), each answering the readiness probe's `ruok` with `imok`;
 * and started as the StatefulSet starts them, one by one with the files rendered at that moment, the
 * three must all vote: the ensemble keeps its quorum without its first member.
 */
import { access, chmod, mkdir, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { V1ConfigMap, V1Pod, V1StatefulSet } from '@kubernetes/client-node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZOOKEEPER_CONFIG_DIR } from '@/server/controllers/contrail/data-service-config';
import { zookeeperKind } from '@/server/controllers/contrail/data-service-kinds';
import { planDataService } from '@/server/controllers/contrail/plan-data-service';
import type { Zookeeper } from '@/server/types/crds/zookeeper';
import { JAVA, ZOOKEEPER_CLASSPATH } from '@/tools/testenv/ensure-test-packages';
import { eventually } from '@/tools/testenv/eventually';
import { runCommand } from '@/tools/lib/run-command';
import { upstreamFixture } from '@/tools/testenv/upstream-shapes';
import { localPorts, startPod, type LoopbackPod } from './pod-on-loopback';
import { tempFolder, type RunningProgram } from './program';

const POD_IPS = ['10.244.1.11', '10.244.2.12', '10.244.3.13'];
const PORTS = { clientPort: 2181, serverPort: 2888, electionPort: 3888, adminPort: 2182 };

/** The planned ConfigMap data and StatefulSet when the first `count` pods have their IPs. */
function plannedZookeeper(count = POD_IPS.length) {
  const [sample] = upstreamFixture('contrail-operator/cr-zookeeper.yaml').objects as unknown as Zookeeper[];
  if (!sample) throw new Error('the Zookeeper sample is empty');
  const object: Zookeeper = {
    ...sample,
    metadata: Object.assign({}, sample.metadata, { namespace: 'contrail', uid: 'uid-zk' }),
    spec: { commonConfiguration: { replicas: 3 }, serviceConfiguration: {} },
  };
  const pods: V1Pod[] = POD_IPS.slice(0, count).map((ip, ordinal) => ({
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

  async function loopbackPods(run: string): Promise<LoopbackPod[]> {
    const taken = new Set<number>();
    const pods: LoopbackPod[] = [];
    for (const [index, ip] of POD_IPS.entries()) {
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

  it('started one by one as the StatefulSet does, every member votes: the quorum outlives the first', async () => {
    const pods = await loopbackPods('one-by-one');
    for (const [index, pod] of pods.entries()) {
      // OrderedReady: pod n starts once the pods before it are ready, with the files rendered from the
      // pods that have an IP then; ready includes the command's mark of a voting member.
      nodes.push(await start(pod, pods, plannedZookeeper(index + 1)));
      await eventually(
        async () => {
          if (nodes[index]?.exited()) throw new Error(`pod ${index} exited:\n${outputs()}`);
          await expect(
            access(join(pod.root, ZOOKEEPER_CONFIG_DIR, 'voting-member')),
            outputs(),
          ).resolves.toBe(undefined);
        },
        90_000,
        1_000,
      );
    }
    await nodes[0]?.stop();
    const rest = pods.slice(1);
    await eventually(
      async () => expect(await modes(rest, nodes.slice(1)), outputs()).toEqual(['follower', 'leader']),
      90_000,
      1_000,
    );
  });
});
