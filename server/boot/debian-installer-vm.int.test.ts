// Debian's real installer (d-i, from the debian-installer-12-netboot-amd64 package) booted through the
// `preseed` profile in a QEMU VM: iPXE → our script → d-i's kernel and initrd from the asset route →
// d-i fetches our preseed from /boot/config with the one-time token → the preseed's early command
// reports `installer-started`, which the console's timeline shows. The VM is then stopped: this test does
// not run the Debian install to its end, and nothing here claims it would complete. Nothing here POSTs
// a callback itself.
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDebianInstaller, type DebianInstaller } from '../../tools/boot-env/debian-installer';
import { sha256Of } from '../../tools/boot-env/demo-image';
import { openConsoleSocket, subscribe } from '../../tools/probe/console-socket';
import { eventually } from '../../tools/testenv/eventually';
import { startInstallerVmConsole, type InstallerVmConsole } from '../../tools/testenv/installer-vm-console';
import { missingQemu, runQemu } from '../../tools/testenv/qemu-ipxe';
import type { HardwareDetail } from '../api/hardware/hardware-timeline';

const run = randomBytes(3).toString('hex');
const mac = `52:54:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}:d1`;
/**
 * d-i under TCG on a busy two-core machine: the kernel, a 130 MB initrd unpacked, hardware detection,
 * DHCP, then the preseed. Generous; under `npm test`'s stall limit (STALL_MS, 8 min without a finished
 * test), so a d-i that never reports fails here, with its serial console, rather than being killed.
 */
const INSTALLER_STARTED_MS = 6 * 60_000;

let installer: DebianInstaller;
let rp: InstallerVmConsole;
let work: string;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  expect(await missingQemu()).toBeUndefined();
  // A package apt cannot fetch fails here with one line saying so (SetupError), never a skip.
  installer = await ensureDebianInstaller((line) => console.log(`[debian-installer] ${line}`));
  work = await mkdtemp(join(tmpdir(), 'rackpilot-d-i-'));
  cleanups.push(() => rm(work, { recursive: true, force: true }));
  const assets = join(work, 'assets');
  await mkdir(join(assets, 'debian-12'), { recursive: true });
  await copyFile(installer.kernel, join(assets, 'debian-12', 'linux'));
  await copyFile(installer.initrd, join(assets, 'debian-12', 'initrd.gz'));
  rp = await startInstallerVmConsole('debian-installer', assets);
  cleanups.push(() => rp.close());
  // The tests' stand-in `preseed` profile becomes Debian's installer, as an operator would save it.
  const saved = await rp.admin.mutate('bootProfiles.save', {
    name: 'preseed',
    installer: 'preseed',
    kernel: 'debian-12/linux',
    initrds: ['debian-12/initrd.gz'],
    kernelArgs: 'console=ttyS0',
    sha256: {
      'debian-12/linux': await sha256Of(installer.kernel),
      'debian-12/initrd.gz': await sha256Of(installer.initrd),
    },
  });
  expect(saved.error).toBeUndefined();
}, 600_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}, 60_000);

/** The newest view of the `hardware.timeline` subscription, as the host's page gets it. */
function latestDetail(messages: unknown[]): HardwareDetail | undefined {
  for (const message of [...messages].reverse()) {
    const view = (message as { result?: { data?: { view?: HardwareDetail } } }).result?.data?.view;
    if (view) return view;
  }
  return undefined;
}

/**
 * The last lines of d-i's text screen on the serial console: each cursor move starts a line, other
 * terminal control sequences are dropped.
 */
function screenText(output: string): string {
  /* eslint-disable no-control-regex -- the escape character is what is being removed */
  const text = output
    .slice(-20_000)
    .replace(/\x1b\[[0-9;]*H/g, '\n')
    .replace(/\x1b(\[[0-9;?]*[A-Za-z]|[()][0-9A-Za-z])/g, ' ');
  /* eslint-enable no-control-regex */
  const lines = text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim());
  return lines
    .filter((line) => line.length > 1)
    .slice(-30)
    .join('\n');
}

describe("Debian's installer through the preseed profile (up to its first report, not a whole install)", () => {
  it(
    'boots d-i from the asset route, d-i loads our preseed with the token, and its early command reports installer started',
    async () => {
      await rp.provision(mac, 'debian-installer');
      const { socket } = await openConsoleSocket(rp.server.url, rp.admin.cookie);
      if (!socket) throw new Error('the console socket did not open');
      cleanups.push(() => {
        socket.close();
        return Promise.resolve();
      });
      const timeline = subscribe(socket, 1, 'hardware.timeline', { mac });
      expect(await timeline.started).toBe(true);
      const vm = runQemu({ mac, boot: { bootfile: `${rp.bootUrl}/boot.ipxe` }, memoryMiB: 1024 });
      cleanups.push(() => vm.stop());
      try {
        const steps = await eventually(
          () => {
            const events = latestDetail(timeline.messages)?.timeline.events ?? [];
            const stepsSoFar = events.flatMap((event) => (event.step ? [event.step] : []));
            if (!stepsSoFar.includes('installer-started'))
              throw new Error(`no installer-started in the timeline: ${stepsSoFar.join(', ')}`);
            return events;
          },
          INSTALLER_STARTED_MS,
          1_000,
        ).catch((error: unknown) => {
          // Where d-i stopped (a question, an error screen) is on its screen.
          throw new Error(`${String(error)}; d-i's screen:\n${screenText(vm.output())}`);
        });
        expect(steps.flatMap((event) => (event.step ? [event.step] : []))).toEqual([
          'script-served',
          'kernel-fetched',
          'initrd-fetched',
          'installer-started',
        ]);
        expect(steps.at(-1)?.detail).toEqual({ installer: 'debian-installer' });
        expect(latestDetail(timeline.messages)?.row?.state).toBe('provisioning');
      } finally {
        await vm.stop();
      }
    },
    INSTALLER_STARTED_MS + 60_000,
  );
});
