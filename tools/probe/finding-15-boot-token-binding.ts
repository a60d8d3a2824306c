import { randomBytes, randomInt } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { HardwarePage, HardwareRow } from '../../server/schemas/hardware-list';
import { bootRequest, throwAwayMac } from './boot-request';
import type { EdgeProbe } from './edge-probe';
import { probeClient } from './signin-attempts';

/** How long the console's list may take to show the sightings (another replica may have answered them). */
const LIST_WAIT_MS = 15_000;

/**
 * Two source addresses of this host that reach the console: a loopback pair when it listens on loopback
 * (any 127.x.y.z is this host), otherwise two of this host's own IPv4 addresses.
 */
export function sourceAddresses(url: string): [string, string] {
  const host = new URL(url).hostname;
  if (host === 'localhost' || host.startsWith('127.')) {
    const net = `127.${randomInt(16, 250)}.${randomInt(1, 250)}`;
    return [`${net}.1`, `${net}.2`];
  }
  const own = Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && !address.internal && address.family === 'IPv4')
    .map((address) => address?.address ?? '');
  const [machine, attacker] = own;
  if (!machine || !attacker)
    throw new Error('needs two IPv4 addresses on this host (or a console on loopback) to play two hosts');
  return [machine, attacker];
}

function facts(tag: string) {
  const value = `${tag}-${randomBytes(4).toString('hex')}`;
  return { uuid: value, serial: value, hostname: value };
}

/**
 * Finding 15: the first address to ask got a claimed MAC's install or wipe token, and any address could
 * overwrite what a MAC reported. The probe boots a random locally administered MAC from one address (the
 * machine) and at once from a second (the attacker) with other facts, then reads the console's hardware
 * list as the operator: the row must keep the machine's address and facts and name the attacker's address
 * as a conflict (or, when another replica flushed the attacker's request first, the reverse: one address
 * holds the MAC with its own facts, the other is named). Both requests fall within one flush, so the row is conflicted from its first write and
 * no waiting machine claims it; it stays as an inert sighting until the sighting age evicts it. Winning a
 * token needs a claimed machine, which the integration test (boot-binding.int.test.ts) races for.
 */
export const bootTokenBindingProbe: EdgeProbe = {
  finding: 15,
  title: 'boot: a MAC stays bound to its first address; another address is a named conflict',
  needsCredentials: true,
  async run(target, signal) {
    if (!target.credentials) throw new Error('needs credentials');
    const mac = throwAwayMac();
    const [machine, attacker] = sourceAddresses(target.url);
    const real = facts('machine');
    const forged = facts('forged');
    const boot = (from: string, reported: ReturnType<typeof facts>) =>
      bootRequest(`${target.url}/boot/ipxe?mac=${mac}&${new URLSearchParams(reported).toString()}`, {
        localAddress: from,
        signal,
      });
    await boot(machine, real);
    const forgedReply = await boot(attacker, forged);
    const client = await probeClient(target, signal);
    let row: HardwareRow | undefined;
    const deadline = Date.now() + LIST_WAIT_MS;
    for (;;) {
      const page = await client.query<HardwarePage>('hardware.page', { search: mac });
      row = page.data?.rows.find((candidate) => candidate.mac === mac);
      if ((row?.addressConflict && row.uuid) || Date.now() > deadline) break;
      await sleep(500, undefined, { signal });
    }
    if (!row) return { held: false, detail: `${mac} booted from ${machine} is not in hardware.page` };
    // Behind several replicas the two requests may reach different ones, and the attacker's may be flushed
    // first: then it holds the binding and the machine is the conflict, which is the control too.
    const keptBy = (address: string, reported: ReturnType<typeof facts>, other: string) =>
      row.ip === address &&
      row.uuid === reported.uuid &&
      row.serial === reported.serial &&
      row.addressConflict?.ip === other;
    return {
      held:
        (keptBy(machine, real, attacker) || keptBy(attacker, forged, machine)) &&
        forgedReply.kind !== 'install',
      detail:
        `${mac} from ${machine}, then from ${attacker} with other facts (answered ${forgedReply.kind ?? forgedReply.status}): ` +
        `listed with address ${row.ip ?? 'none'}, ${row.uuid === real.uuid ? "the machine's" : row.uuid === forged.uuid ? "the attacker's" : 'no'} uuid, ` +
        `conflict ${row.addressConflict ? `with ${row.addressConflict.ip}` : 'not shown'}`,
    };
  },
};
