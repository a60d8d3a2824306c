import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clusterPorts, freeLoopbackPorts, takenClusterPorts } from './cluster-ports';

const kwokYaml = `apiVersion: config.kwok.x-k8s.io/v1alpha1
kind: KwokctlConfiguration
components:
- name: etcd
  ports:
  - name: http
    port: 32741
options:
  etcdPeerPort: 32742
  etcdPort: 32741
  kubeApiserverPort: 32740
  kubeApiserverInsecurePort: 0
  securePort: true
  kwokControllerPort: 32739
---
apiVersion: kwok.x-k8s.io/v1alpha1
kind: Stage
metadata:
  name: pod-ready
spec:
  resourceRef:
    kind: Pod
`;

describe('clusterPorts', () => {
  it('reads the ports kwokctl chose from the cluster configuration, not from other documents', () => {
    expect(clusterPorts(kwokYaml)).toEqual([
      { option: 'etcdPeerPort', port: 32742 },
      { option: 'etcdPort', port: 32741 },
      { option: 'kubeApiserverPort', port: 32740 },
      { option: 'kwokControllerPort', port: 32739 },
    ]);
  });

  it('finds none in a file without a cluster configuration', () => {
    expect(clusterPorts('kind: Stage\n')).toEqual([]);
  });
});

describe('takenClusterPorts', () => {
  it('names the ports of the configuration that another program listens on', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cluster-ports-'));
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const taken = (holder.address() as AddressInfo).port;
    const spare = createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const free = (spare.address() as AddressInfo).port;
    await new Promise((resolve) => spare.close(resolve));
    try {
      const path = join(dir, 'kwok.yaml');
      await writeFile(
        path,
        `kind: KwokctlConfiguration\noptions:\n  kubeApiserverPort: ${taken}\n  etcdPort: ${free}\n`,
      );
      expect(await takenClusterPorts(path)).toEqual([{ option: 'kubeApiserverPort', port: taken }]);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('freeLoopbackPorts', () => {
  it('hands out distinct ports below the ephemeral range that can be listened on', async () => {
    const ports = await freeLoopbackPorts(6);
    expect(new Set(ports).size).toBe(6);
    for (const port of ports) expect(port).toBeGreaterThanOrEqual(20_000);
    for (const port of ports) expect(port).toBeLessThan(30_000);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(ports[0], '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
  });

  it('passes over a port that is taken or already chosen', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(25_000, '127.0.0.1', resolve));
    try {
      // 25,000 (taken), 25,000 again, then 25,001.
      const draws = [0.5, 0.5, 0.5001];
      const ports = await freeLoopbackPorts(1, () => draws.shift() ?? 0.9);
      expect(ports).toEqual([25_001]);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
