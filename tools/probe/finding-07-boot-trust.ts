import { randomBytes } from 'node:crypto';
import { bootRequest, throwAwayMac, type BootReply, type BootRequestOptions } from './boot-request';
import type { EdgeProbe } from './edge-probe';

/** A name no DNS resolves: if it shows up in a script, the script was built from our Host header. */
const FORGED_HOST = 'rackpilot-probe.invalid';
/** Beyond any sane request-target cap, below Node's own 16 KiB header limit. */
const LONG_QUERY = 12 * 1024;
const STEP_TIMEOUT_MS = 10_000;

/**
 * Finding 7: the boot service trusted the caller's Host header for script URLs, let any request re-issue
 * a MAC's install token, and read request targets and bodies of any size. It never asks /boot/ipxe for a
 * MAC: a sighting, even of a random MAC, could be claimed by a PlunderMachine waiting for fresh hardware.
 * What it sends (the entry script, a callback with a made-up token for a random locally administered
 * MAC, an oversized query and body) leaves nothing behind; token binding needs a claimed machine and
 * is proven by the integration test.
 */
export const bootTrustProbe: EdgeProbe = {
  finding: 7,
  title: 'boot service: URLs from configuration, forged tokens refused, requests capped',
  needsCredentials: false,
  async run(target, signal) {
    const mac = throwAwayMac();
    const ask = async (path: string, options: BootRequestOptions = {}): Promise<BootReply | string> => {
      try {
        return await bootRequest(`${target.url}${path}`, {
          ...options,
          signal: AbortSignal.any([signal, AbortSignal.timeout(STEP_TIMEOUT_MS)]),
        });
      } catch (error) {
        if (signal.aborted) throw error;
        return `no answer to ${options.method ?? 'GET'} ${path.slice(0, 40)} within ${STEP_TIMEOUT_MS / 1000} s`;
      }
    };
    const failed = (detail: string) => ({ held: false, detail });

    const entry = await ask('/boot.ipxe', { host: FORGED_HOST });
    if (typeof entry === 'string') return failed(entry);
    if (entry.status !== 200) return failed(`GET /boot.ipxe answered ${entry.status}`);
    if (entry.body.includes(FORGED_HOST))
      return failed('the entry script built its URLs from the Host header');

    const forged = await ask(`/boot/done?mac=${mac}&token=${randomBytes(16).toString('base64url')}`, {
      method: 'POST',
    });
    if (typeof forged === 'string') return failed(forged);
    if (forged.status !== 403)
      return failed(`a callback with a token never issued answered ${forged.status}`);

    // No mac parameter: a server without the cap answers 400 and records nothing either.
    const long = await ask(`/boot/ipxe?pad=${'x'.repeat(LONG_QUERY)}`);
    if (typeof long === 'string') return failed(long);
    if (long.status !== 414 && long.status !== 431)
      return failed(`a ${LONG_QUERY / 1024} KiB query answered ${long.status}`);

    const big = await ask(`/boot/failed?mac=${mac}&token=x`, {
      method: 'POST',
      unfinished: { contentLength: 1024 * 1024 },
    });
    if (typeof big === 'string') return failed(big);
    if (big.status !== 413) return failed(`a 1 MiB callback body answered ${big.status}`);

    return {
      held: true,
      detail: `Host header not echoed, forged token 403, long query ${long.status}, large body 413`,
    };
  },
};
