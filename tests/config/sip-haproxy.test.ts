/**
 * The SIP load balancers' haproxy.cfg, as the planner renders it for upstream's sample, in a real
 * haproxy: `haproxy -c` on the file as rendered, then haproxy running a loopback copy of it
 * (haproxy-loopback.ts) in front of local listeners standing in for the hosts.
 */
import { createServer as createHttpsServer, get as httpsGet } from 'node:https';
import { connect, createServer, type Server } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedTlsSecret } from '@/server/api/ironic/create-ironic';
import { runCommand } from '@/tools/lib/run-command';
import { HAPROXY } from '@/tools/testenv/ensure-test-packages';
import { eventually } from '@/tools/testenv/eventually';
import { freePort } from '@/tools/testenv/free-port';
import { pointAtLoopback } from './haproxy-loopback';
import { startProgram, tempFolder, type RunningProgram } from './program';
import { renderedFile, renderSipSample } from './sip-sample';

const sample = renderSipSample();
const clusterName = sample.cluster.metadata.name ?? '';
const configs = {
  'control-plane': renderedFile(sample, `Secret/loadbalancer-controlplane-${clusterName}`, 'haproxy.cfg'),
  worker: renderedFile(sample, `Secret/loadbalancer-worker-${clusterName}`, 'haproxy.cfg'),
};

/** `server <name> <address>:<port>` lines of a config, in order. */
function serversOf(config: string): { name: string; port: number }[] {
  return [...config.matchAll(/^\s*server (\S+) \S+:(\d+)$/gm)].map((m) => ({
    name: m[1] ?? '',
    port: Number(m[2]),
  }));
}

function bindPortsOf(config: string): number[] {
  return [...config.matchAll(/^\s*bind \*:(\d+)$/gm)].map((m) => Number(m[1]));
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address && typeof address === 'object') resolve(address.port);
      else reject(new Error('no port'));
    });
  });
}

/** What one TCP connection to a worker frontend reads: the name of the listener that answered. */
function readName(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(port, '127.0.0.1');
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

/** One HTTPS GET through the control-plane frontend, on a connection of its own. */
function getName(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = httpsGet(
      { host: '127.0.0.1', port, path, agent: false, rejectUnauthorized: false },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve(text));
      },
    );
    request.on('error', reject);
  });
}

describe('SIP load balancers: the rendered haproxy.cfg in haproxy', () => {
  const servers: Server[] = [];
  const programs: RunningProgram[] = [];
  let folder: Awaited<ReturnType<typeof tempFolder>>;

  beforeAll(async () => {
    folder = await tempFolder('haproxy');
  });

  afterAll(async () => {
    await Promise.all(programs.map((program) => program.stop()));
    for (const server of servers) server.close();
    await folder.remove();
  });

  /** Starts haproxy on a loopback copy of `config`, with `ports` saying where each server listens. */
  async function startHaproxy(role: string, config: string, ports: Map<string, number>) {
    const binds = new Map<number, number>();
    for (const port of bindPortsOf(config)) {
      // freePort() may hand out a port again once it is closed; haproxy would bind both frontends
      // to it (SO_REUSEPORT) and the kernel would split connections between them.
      let local = await freePort();
      while ([...binds.values()].includes(local)) local = await freePort();
      binds.set(port, local);
    }
    const file = join(folder.path, `${role}-loopback.cfg`);
    await writeFile(
      file,
      pointAtLoopback(config, {
        bind: (port) => binds.get(port) ?? 0,
        server: (name, port) => ports.get(`${name}:${port}`) ?? 0,
      }),
    );
    const haproxy = startProgram(HAPROXY, ['-db', '-f', file]);
    programs.push(haproxy);
    return { haproxy, binds };
  }

  it.each(Object.entries(configs))('haproxy -c accepts the %s config as rendered', async (role, config) => {
    const file = join(folder.path, `${role}.cfg`);
    await writeFile(file, config);
    await runCommand(HAPROXY, ['-c', '-f', file]);
  });

  it('control plane: forwards to every API server and drops one whose /readyz fails', async () => {
    const config = configs['control-plane'];
    const backends = serversOf(config);
    // upstream's sample asks for one active and one standby control-plane host
    expect(backends.map((b) => b.name)).toHaveLength(2);
    const tls = await selfSignedTlsSecret('test', 'api-server', 'localhost');
    const notReady = new Set<string>();
    const ports = new Map<string, number>();
    for (const { name, port } of backends) {
      const server = createHttpsServer(
        { cert: tls.stringData?.['tls.crt'], key: tls.stringData?.['tls.key'] },
        (req, res) => {
          res.statusCode = req.url === '/readyz' && notReady.has(name) ? 500 : 200;
          res.end(name);
        },
      );
      servers.push(server);
      ports.set(`${name}:${port}`, await listen(server));
    }
    const { haproxy, binds } = await startHaproxy('control-plane', config, ports);
    const frontend = binds.get(6443) ?? 0;

    const seen = new Set<string>();
    await eventually(async () => {
      seen.add(await getName(frontend, '/version'));
      expect([...seen].sort()).toEqual(backends.map((b) => b.name).sort());
    }, 60_000);

    const [dead, alive] = backends;
    notReady.add(dead?.name ?? '');
    await eventually(
      () => expect(haproxy.output()).toContain(`Server http-backend/${dead?.name} is DOWN`),
      90_000,
      500,
    );
    const answers = await Promise.all(Array.from({ length: 6 }, () => getName(frontend, '/version')));
    expect(new Set(answers)).toEqual(new Set([alive?.name]));
  });

  it('worker: forwards each NodePort to every worker and drops one that stops listening', async () => {
    const config = configs.worker;
    const backends = serversOf(config);
    const nodePorts = bindPortsOf(config);
    // upstream's sample: NodePorts 30002-30011, one active and one standby worker
    expect(nodePorts).toEqual(Array.from({ length: 10 }, (_, i) => 30002 + i));
    expect(new Set(backends.map((b) => b.name)).size).toBe(2);
    const ports = new Map<string, number>();
    const listeners = new Map<string, Server>();
    for (const { name, port } of backends) {
      const server = createServer((socket) => socket.end(`${name}:${port}`));
      servers.push(server);
      listeners.set(`${name}:${port}`, server);
      ports.set(`${name}:${port}`, await listen(server));
    }
    const { haproxy, binds } = await startHaproxy('worker', config, ports);

    for (const nodePort of nodePorts) {
      const expected = backends.filter((b) => b.port === nodePort).map((b) => `${b.name}:${nodePort}`);
      const seen = new Set<string>();
      await eventually(async () => {
        seen.add(await readName(binds.get(nodePort) ?? 0));
        expect([...seen].sort()).toEqual(expected.sort());
      }, 60_000);
    }

    const first = nodePorts[0] ?? 0;
    const [dead, alive] = backends.filter((b) => b.port === first);
    listeners.get(`${dead?.name}:${first}`)?.close();
    await eventually(
      () => expect(haproxy.output()).toContain(`Server port-${first}-backend/${dead?.name} is DOWN`),
      60_000,
      500,
    );
    const answers = await Promise.all(Array.from({ length: 6 }, () => readName(binds.get(first) ?? 0)));
    expect(new Set(answers)).toEqual(new Set([`${alive?.name}:${first}`]));
  });
});
