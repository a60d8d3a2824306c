import { describe, expect, it } from 'vitest';
import { IpxeInterpreter, type IpxeNetwork } from './ipxe-interpreter';

function network(pages: Record<string, string | number>) {
  const fetched: string[] = [];
  const slept: number[] = [];
  const net: IpxeNetwork = {
    fetch: (url) => {
      fetched.push(url);
      const page = pages[url];
      if (page === undefined) return Promise.resolve({ status: 404, text: 'not found', bytes: 9 });
      if (typeof page === 'number') return Promise.resolve({ status: page, text: '', bytes: 0 });
      return Promise.resolve({ status: 200, text: page, bytes: page.length });
    },
    sleep: (ms) => {
      slept.push(ms);
      return Promise.resolve();
    },
  };
  return { net, fetched, slept };
}

const settings = new Map([
  ['net0/mac', '52:54:00:12:34:56'],
  ['uuid', 'u-1'],
]);

describe('IpxeInterpreter', () => {
  it('chains relative URIs, expands settings, and boots kernel + initrd with the command line', async () => {
    const { net, fetched } = network({
      'http://boot/boot.ipxe': '#!ipxe\nchain /boot/ipxe?mac=${net0/mac}&uuid=${uuid}\n',
      'http://boot/boot/ipxe?mac=52:54:00:12:34:56&uuid=u-1': [
        '#!ipxe',
        'kernel images/vmlinuz initrd=initrd.img hostname=n1 cb=http://boot/boot/done?mac=${net0/mac:hexhyp}',
        'initrd images/initrd.img',
        'boot',
      ].join('\n'),
      'http://boot/boot/images/vmlinuz': 'k',
      'http://boot/boot/images/initrd.img': 'i',
    });
    const outcome = await new IpxeInterpreter(net, settings).run('http://boot/boot.ipxe');
    expect(outcome).toEqual({
      kind: 'boot',
      kernel: {
        url: 'http://boot/boot/images/vmlinuz',
        cmdline: 'initrd=initrd.img hostname=n1 cb=http://boot/boot/done?mac=52-54-00-12-34-56',
      },
      initrds: ['http://boot/boot/images/initrd.img'],
    });
    expect(fetched).toHaveLength(4);
  });

  it('runs a reboot loop: sleep then reboot, or sleep then chain again without nesting', async () => {
    const reboot = network({ 'http://b/l': '#!ipxe\necho unknown\nsleep 7\nreboot\n' });
    expect(await new IpxeInterpreter(reboot.net, settings).run('http://b/l')).toEqual({ kind: 'reboot' });
    expect(reboot.slept).toEqual([7000]);

    // Chaining itself forever as its last command is a tail call; it ends when the answer changes.
    let calls = 0;
    const net: IpxeNetwork = {
      fetch: () => {
        calls += 1;
        const text = calls < 40 ? '#!ipxe\nsleep 1\nchain /again\n' : '#!ipxe\nexit\n';
        return Promise.resolve({ status: 200, text, bytes: text.length });
      },
      sleep: () => Promise.resolve(),
    };
    expect(await new IpxeInterpreter(net, settings).run('http://b/start')).toEqual({ kind: 'local' });
    expect(calls).toBe(40);
  });

  it('handles failures with || and goto, and reports unhandled ones', async () => {
    const handled = network({
      'http://b/s':
        '#!ipxe\n:again\nchain http://b/missing || goto fallback\n:fallback\nsanboot --drive 0x80\n',
    });
    expect(await new IpxeInterpreter(handled.net, settings).run('http://b/s')).toEqual({ kind: 'local' });

    const failed = network({
      'http://b/s': '#!ipxe\nkernel http://b/k\ninitrd http://b/gone\nboot\n',
      'http://b/k': 'k',
    });
    expect(await new IpxeInterpreter(failed.net, settings).run('http://b/s')).toEqual({
      kind: 'failed',
      message: 'http://b/s line 3: could not fetch http://b/gone: HTTP 404',
    });

    const status400 = network({ 'http://b/s': 400 });
    expect(await new IpxeInterpreter(status400.net, settings).run('http://b/s')).toMatchObject({
      kind: 'failed',
      message: expect.stringContaining('HTTP 400') as unknown,
    });

    const unknown = network({ 'http://b/s': '#!ipxe\nfrobnicate\n' });
    expect(await new IpxeInterpreter(unknown.net, settings).run('http://b/s')).toEqual({
      kind: 'failed',
      message: 'frobnicate: command not found',
    });
  });

  it('skips && after a failure but fails the line; set/isset/iseq drive conditions', async () => {
    const { net } = network({
      'http://b/s': [
        '#!ipxe',
        'isset ${hostname} || set hostname fallback',
        'iseq ${hostname} fallback && poweroff',
        'reboot',
      ].join('\n'),
    });
    expect(await new IpxeInterpreter(net, settings).run('http://b/s')).toEqual({ kind: 'poweroff' });

    const andChain = network({ 'http://b/s': '#!ipxe\niseq a b && reboot\nexit\n' });
    expect(await new IpxeInterpreter(andChain.net, settings).run('http://b/s')).toMatchObject({
      kind: 'failed',
    });
  });

  it('stops a goto loop that never waits', async () => {
    const { net } = network({ 'http://b/s': '#!ipxe\n:top\ngoto top\n' });
    expect(await new IpxeInterpreter(net, settings).run('http://b/s')).toMatchObject({
      kind: 'failed',
      message: expect.stringContaining('commands in one boot') as unknown,
    });
  });

  it('boots a chained non-script image directly and treats a script end as local boot', async () => {
    const direct = network({
      'http://b/s': '#!ipxe\nchain http://b/k console=ttyS0\n',
      'http://b/k': 'MZ\x90',
    });
    expect(await new IpxeInterpreter(direct.net, settings).run('http://b/s')).toEqual({
      kind: 'boot',
      kernel: { url: 'http://b/k', cmdline: 'console=ttyS0' },
      initrds: [],
    });
    const end = network({ 'http://b/s': '#!ipxe\necho nothing to do\n' });
    expect(await new IpxeInterpreter(end.net, settings).run('http://b/s')).toEqual({ kind: 'local' });
  });

  it('treats a network error as a failed command but lets an abort through', async () => {
    const refused: IpxeNetwork = {
      fetch: () => Promise.reject(new Error('connect ECONNREFUSED')),
      sleep: () => Promise.resolve(),
    };
    expect(await new IpxeInterpreter(refused, settings).run('http://b/s')).toEqual({
      kind: 'failed',
      message: 'could not fetch http://b/s: connect ECONNREFUSED',
    });
    const abort = Object.assign(new Error('off'), { name: 'AbortError' });
    const aborted: IpxeNetwork = { fetch: () => Promise.reject(abort), sleep: () => Promise.resolve() };
    await expect(new IpxeInterpreter(aborted, settings).run('http://b/s')).rejects.toBe(abort);
  });
});
