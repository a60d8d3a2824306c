import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually } from '../testenv/eventually';
import { startLabBmcServer } from './virtual-bmc-server';
import { startVirtualLab, virtualHostIdentity, type VirtualLab } from './virtual-lab';

/**
 * A stand-in boot service speaking the protocol of server/boot/README.md, so the lab's client side is
 * tested on its own (the real service is exercised in virtual-lab.int.test.ts). Its scripts are
 * deliberately worded differently from the real ones: the lab must follow the commands, not the text.
 */
interface Stub {
  base: string;
  assigned: Map<string, string>;
  installed: Set<string>;
  requests: { path: string; mac: string | null; from: string; body: string }[];
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      resolve(body);
    });
  });
}

let server: Server;
const stub: Stub = { base: '', assigned: new Map(), installed: new Set(), requests: [] };

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const url = new URL(req.url ?? '/', stub.base);
      const mac = url.searchParams.get('mac');
      stub.requests.push({ path: url.pathname, mac, from: req.socket.remoteAddress ?? '', body });
      const send = (status: number, text: string) => {
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(text);
      };
      if (url.pathname === '/boot.ipxe') {
        send(
          200,
          '#!ipxe\n# stub\ndhcp || echo no dhcp\nchain --autofree boot/ipxe?mac=${net0/mac:hexhyp}&u=${uuid}\n',
        );
      } else if (url.pathname === '/boot/ipxe' && mac) {
        const token = stub.assigned.get(mac);
        if (stub.installed.has(mac)) send(200, '#!ipxe\nsanboot --no-describe --drive 0x80\n');
        else if (!token) send(200, '#!ipxe\n:wait\necho "not leased"\nsleep 0.05\nreboot\n');
        else {
          send(
            200,
            [
              '#!ipxe',
              'set base ${filename}',
              `kernel assets/k rackpilot.done=http://\${next-server}/ignored url=${stub.base}/cfg?mac=${mac}&token=${token}`,
              'initrd assets/i || goto fail',
              'boot',
              ':fail',
              'reboot',
            ].join('\n'),
          );
        }
      } else if (url.pathname === '/cfg' && mac) {
        const token = url.searchParams.get('token');
        send(200, `late_command: curl -X POST '${stub.base}/boot/done?mac=${mac}&token=${token ?? ''}'\n`);
      } else if (url.pathname.startsWith('/boot/assets/')) {
        send(200, 'x'.repeat(4096));
      } else if (
        url.pathname === '/boot/done' &&
        mac &&
        url.searchParams.get('token') === stub.assigned.get(mac)
      ) {
        stub.installed.add(mac);
        send(204, '');
      } else if (
        url.pathname === '/boot/failed' &&
        mac &&
        url.searchParams.get('token') === stub.assigned.get(mac)
      ) {
        stub.assigned.delete(mac);
        send(204, '');
      } else {
        send(404, '');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

let lab: VirtualLab | undefined;
afterEach(async () => {
  await lab?.stop();
  stub.assigned.clear();
  stub.installed.clear();
  stub.requests.length = 0;
});

vi.setConfig({ testTimeout: 20_000 });

const timing = { postMs: 10, installMs: 50, retryMs: 50, jitter: 0.2 };

function hyphen(mac: string): string {
  return mac.replace(/:/g, '-');
}

describe('virtual lab hosts against a boot service', () => {
  it('gives each machine a stable identity of its own', () => {
    const a = virtualHostIdentity('s', 0);
    expect(virtualHostIdentity('s', 0)).toEqual(a);
    expect(a.mac).toMatch(/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/);
    expect(virtualHostIdentity('s', 1).mac).not.toBe(a.mac);
    expect(virtualHostIdentity('other', 0).mac).not.toBe(a.mac);
    expect(a.ip).toMatch(/^127\.\d+\.0\.2$/);
  });

  it('loops while unassigned, each machine from its own address', async () => {
    lab = startVirtualLab({ bootUrl: `${stub.base}/boot.ipxe`, hosts: 5, seed: 'loop', timing });
    await eventually(() => {
      for (const host of lab?.hosts ?? []) {
        const seen = stub.requests.filter(
          (r) => r.path === '/boot/ipxe' && r.mac === hyphen(host.identity.mac),
        );
        expect(seen.length).toBeGreaterThanOrEqual(3);
        expect(new Set(seen.map((r) => r.from))).toEqual(new Set([host.identity.ip]));
      }
    }, 10_000);
    expect(lab.stats().installsDone).toBe(0);
  });

  it('installs when assigned: fetches kernel and initrd, reports done from its config, then boots from disk', async () => {
    lab = startVirtualLab({ bootUrl: `${stub.base}/boot.ipxe`, hosts: 2, seed: 'install', timing });
    const [target, other] = lab.hosts;
    if (!target || !other) throw new Error('two hosts expected');
    stub.assigned.set(hyphen(target.identity.mac), 'tok-1');
    await eventually(() => {
      expect(target.phase).toBe('running');
    }, 10_000);
    const mine = stub.requests.filter((r) => r.from === target.identity.ip).map((r) => r.path);
    expect(mine).toContain('/boot/assets/k');
    expect(mine).toContain('/boot/assets/i');
    expect(mine).toContain('/boot/done');
    expect(target.installsDone).toBe(1);
    expect(target.lastKernel).toBe(`${stub.base}/boot/assets/k`);

    // Running from disk: no more requests until the BMC resets it, while the other one goes round its
    // loop twice (the second turn starts a whole loop after the count, long enough for the target's).
    const count = stub.requests.filter((r) => r.from === target.identity.ip).length;
    const otherLoops = () =>
      stub.requests.filter((r) => r.path === '/boot/ipxe' && r.from === other.identity.ip).length;
    const otherSeen = otherLoops();
    await eventually(() => {
      expect(otherLoops()).toBeGreaterThanOrEqual(otherSeen + 2);
    }, 5_000);
    expect(stub.requests.filter((r) => r.from === target.identity.ip)).toHaveLength(count);
    expect(other.phase).not.toBe('running');

    await target.reset();
    await eventually(() => {
      expect(stub.requests.filter((r) => r.from === target.identity.ip).length).toBeGreaterThan(count);
    }, 5_000);
  });

  it('reports an injected install failure with its reason', async () => {
    lab = startVirtualLab({ bootUrl: `${stub.base}/boot.ipxe`, hosts: 1, seed: 'fail', timing });
    const [host] = lab.hosts;
    if (!host) throw new Error('one host expected');
    host.failNextInstalls('disk /dev/sda not found');
    stub.assigned.set(hyphen(host.identity.mac), 'tok-2');
    await eventually(() => {
      expect(host.installsFailed).toBe(1);
    }, 10_000);
    const failed = stub.requests.find((r) => r.path === '/boot/failed');
    expect(failed).toMatchObject({ body: 'disk /dev/sda not found', mac: hyphen(host.identity.mac) });
    // Unassigned again by the failure: back in the loop, not running.
    await eventually(() => {
      expect(stub.requests.filter((r) => r.path === '/boot/ipxe').length).toBeGreaterThan(3);
    });
    expect(host.installsDone).toBe(0);
  });

  it('goes silent when it vanishes, and every machine stops with the lab', async () => {
    lab = startVirtualLab({ bootUrl: `${stub.base}/boot.ipxe`, hosts: 3, seed: 'vanish', timing });
    const [gone] = lab.hosts;
    if (!gone) throw new Error('hosts expected');
    await eventually(() => {
      expect(stub.requests.filter((r) => r.from === gone.identity.ip).length).toBeGreaterThan(1);
    });
    // A request written just before the power went off still reaches the server a little later, so
    // each count is taken after a pause and compared with a later one.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
    await gone.vanish();
    await settle();
    const count = stub.requests.filter((r) => r.from === gone.identity.ip).length;
    await lab.stop();
    await settle();
    const total = stub.requests.length;
    await settle();
    expect(stub.requests.filter((r) => r.from === gone.identity.ip)).toHaveLength(count);
    expect(stub.requests).toHaveLength(total);
    expect(lab.stats().phases.off).toBe(3);
  });

  it('retries after a boot failure such as an unreachable service', async () => {
    lab = startVirtualLab({ bootUrl: 'http://127.0.0.1:1/boot.ipxe', hosts: 1, seed: 'down', timing });
    const [host] = lab.hosts;
    await eventually(() => {
      expect(host?.boots).toBeGreaterThanOrEqual(2);
    });
    expect(host?.lastError).toMatch(/could not fetch http:\/\/127\.0\.0\.1:1\/boot\.ipxe/);
  });

  it('is power-cycled through its BMC over Redfish, which wants credentials', async () => {
    lab = startVirtualLab({ bootUrl: `${stub.base}/boot.ipxe`, hosts: 2, seed: 'bmc', timing });
    const bmc = await startLabBmcServer(lab, { password: 'lab-secret' });
    try {
      const [host] = lab.hosts;
      if (!host) throw new Error('hosts expected');
      stub.installed.add(hyphen(host.identity.mac));
      await eventually(() => {
        expect(host.phase).toBe('running');
      });
      const auth = { authorization: `Basic ${Buffer.from('admin:lab-secret').toString('base64')}` };
      expect((await fetch(bmc.systemUrl(host))).status).toBe(401);
      const list = (await (await fetch(`${bmc.url}/redfish/v1/Systems`, { headers: auth })).json()) as {
        Members: unknown[];
      };
      expect(list.Members).toHaveLength(2);
      const before = host.boots;
      const reset = await fetch(`${bmc.systemUrl(host)}/Actions/ComputerSystem.Reset`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ ResetType: 'ForceRestart' }),
      });
      expect(reset.status).toBe(204);
      await eventually(() => {
        expect(host.boots).toBe(before + 1);
      });
      const off = await fetch(`${bmc.systemUrl(host)}/Actions/ComputerSystem.Reset`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ ResetType: 'ForceOff' }),
      });
      expect(off.status).toBe(204);
      const state = (await (await fetch(bmc.systemUrl(host), { headers: auth })).json()) as {
        PowerState: string;
      };
      expect(state.PowerState).toBe('Off');
      const bad = await fetch(`${bmc.systemUrl(host)}/Actions/ComputerSystem.Reset`, {
        method: 'POST',
        headers: auth,
        body: '{"ResetType":"Explode"}',
      });
      expect(bad.status).toBe(400);
    } finally {
      await bmc.stop();
    }
  });
});
