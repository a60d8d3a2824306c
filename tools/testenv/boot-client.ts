// A test's side of the boot service: plain HTTP requests, and hosts that ask for their boot script the
// way iPXE does, in a loop, remembering the install or wipe script each MAC was handed.
import { expect } from 'vitest';
import { bootRequest as probeRequest, type BootReply } from '../probe/boot-request';
import { eventually } from './eventually';

export type { BootReply };

/** One request as iPXE sends it (a redirect followed, as the asset route answers one). */
export function bootRequest(url: string, method = 'GET', body?: string): Promise<BootReply> {
  return probeRequest(url, { method, ...(body === undefined ? {} : { body }) });
}

/** The done and failed callback URLs an install or wipe script carries on its kernel command line. */
export function callbackUrls(script: string): { done: string; failed: string } {
  const done = /rackpilot\.done=(\S+)/.exec(script)?.[1];
  const failed = /rackpilot\.failed=(\S+)/.exec(script)?.[1];
  if (!done || !failed) throw new Error(`no callbacks in:\n${script}`);
  return { done, failed };
}

/** Hosts that keep asking, as unleased hardware in its reboot loop does. */
const BUSY_MS = 10_000;

export class BootClient {
  /** The last install or wipe script each MAC was handed, whoever asked (the test or a looping host). */
  private readonly handed = new Map<string, BootReply>();

  constructor(private readonly base: string) {}

  async boot(mac: string, at = this.base): Promise<BootReply> {
    const reply = await bootRequest(`${at}/boot/ipxe?mac=${mac}`);
    if (reply.kind === 'install' || reply.kind === 'wipe') this.handed.set(mac, reply);
    return reply;
  }

  /**
   * Waits until the MAC is handed a script of this kind and takes it. A live token is never replaced by
   * a repeat from the same address, so the script a looping host got first is the one to use.
   */
  script(mac: string, kind: 'install' | 'wipe'): Promise<BootReply> {
    return eventually(async () => {
      await this.boot(mac);
      const reply = this.handed.get(mac);
      expect(reply?.kind).toBe(kind);
      this.handed.delete(mac);
      return reply as BootReply;
    }, 15_000);
  }

  /** Starts the MACs asking every `everyMs`; the returned function stops them. */
  loop(macs: string[], at: () => string, everyMs: number): () => Promise<void> {
    let stopped = false;
    const runs = macs.map(async (mac) => {
      while (!stopped) {
        const reply = await this.boot(mac, at()).catch(() => undefined);
        // A host handed an install or wipe script is busy with it instead of chaining back at once; the test
        // drives that step itself (a request meanwhile would get the loop script: its token stays).
        const busy = reply !== undefined && reply.kind !== 'loop';
        await new Promise((resolve) => setTimeout(resolve, busy ? BUSY_MS : everyMs));
      }
    });
    return async () => {
      stopped = true;
      await Promise.all(runs);
    };
  }
}
