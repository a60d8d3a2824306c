/**
 * A real ZooKeeper ensemble of three from what the Contrail planner renders for upstream's sample
 * Zookeeper with three replicas: each pod's ConfigMap files and main container command, run on
 * loopback by pod-on-loopback.ts with Debian's ZooKeeper, must reach a quorum (one leader, two
 * followers, as each node's `srvr` reports), each answering the readiness probe's `ruok` with `imok`.
 */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { V1ConfigMap, V1Pod, V1StatefulSet } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

function plannedZookeeper() {
  const [sample] = upstreamFixture('contrail-operator/cr-zookeeper.yaml').objects as unknown as Zookeeper[];
  if (!sample) throw new Error('the Zookeeper sample is empty');
  const object: Zookeeper = {
    ...sample,
    metadata: Object.assign({}, sample.metadata, { namespace: 'contrail', uid: 'uid-zk' }),
    spec: { commonConfiguration: { replicas: 3 }, serviceConfiguration: {} },
  };
  const pods: V1Pod[] = POD_IPS.map((ip, ordinal) => ({
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

describe('Contrail ZooKeeper: three rendered pods form an ensemble', () => {
  let folder: Awaited<ReturnType<typeof tempFolder>>;
  const nodes: RunningProgram[] = [];

  beforeAll(async () => {
    folder = await tempFolder('zookeeper');
    // The pods run as the zookeeper user, which must reach their folders.
    await chmod(folder.path, 0o755);
  });

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await folder.remove();
  });

  it('reaches a quorum: one leader and two followers', async () => {
    const { files, statefulSet } = plannedZookeeper();
    const taken = new Set<number>();
    const pods: LoopbackPod[] = [];
    for (const [index, ip] of POD_IPS.entries()) {
      pods.push({
        ip,
        root: join(folder.path, `pod-${index}`),
        ports: await localPorts(Object.values(PORTS), taken),
      });
    }
    // The image's zkServer.sh, for `--config <dir> start-foreground` as the command uses it: the
    // quorum peer on <dir>/zoo.cfg (Debian ships the server classes, not that script's layout).
    const bin = join(folder.path, 'bin');
    await mkdir(bin, { recursive: true });
    await writeFile(
      join(bin, 'zkServer.sh'),
      [
        '#!/bin/sh',
        '[ "$1" = --config ] || { echo "expected --config <dir>" >&2; exit 2; }',
        // Debian leaves out the admin server's servlet classes and a logger binding; srvr on the
        // client port reports the state, and maven's simple logger prints to stderr.
        `exec ${JAVA} -Xmx128m -Dzookeeper.admin.enableServer=false -cp "$2:${ZOOKEEPER_CLASSPATH}" org.apache.zookeeper.server.quorum.QuorumPeerMain "$2/zoo.cfg"`,
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    // The user Debian's package made: as root the pods would write to the read-only mount regardless.
    const id = async (flag: string) => Number((await runCommand('id', [flag, 'zookeeper'])).stdout.trim());
    const zookeeperUser = { uid: await id('-u'), gid: await id('-g') };
    for (const pod of pods) {
      nodes.push(
        await startPod(pod, pods, {
          statefulSet,
          files,
          imageFolders: ['/data'],
          env: { PATH: `${bin}:${process.env.PATH ?? ''}` },
          portKeys: (p, text) =>
            text.replace(
              /^admin\.serverPort=(\d+)$/m,
              (_, port: string) => `admin.serverPort=${p.ports.get(Number(port)) ?? ''}`,
            ),
          runAs: zookeeperUser,
        }),
      );
    }

    const outputs = () =>
      nodes.map((node, index) => `pod ${index}:\n${node.output().slice(-3000)}`).join('\n');
    await eventually(
      async () => {
        const states = await Promise.all(
          pods.map(async (pod, index) => {
            const node = nodes[index];
            if (node?.exited()) throw new Error(`pod ${index} exited:\n${node.output()}`);
            try {
              return await serverMode(pod.ports.get(PORTS.clientPort) ?? 0);
            } catch {
              return 'not answering';
            }
          }),
        );
        expect(states.sort(), outputs()).toEqual(['follower', 'follower', 'leader']);
      },
      90_000,
      1_000,
    );
    // What the readiness probe asks: zoo.cfg allows ruok, and each member of the quorum answers imok.
    const answers = await Promise.all(
      pods.map((pod) => fourLetterWord(pod.ports.get(PORTS.clientPort) ?? 0, 'ruok')),
    );
    expect(answers).toEqual(['imok', 'imok', 'imok']);
  });
});
