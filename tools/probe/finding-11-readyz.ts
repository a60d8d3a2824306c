import type { EdgeProbe } from './edge-probe';

const ASKS = 10;
const STEP_TIMEOUT_MS = 5_000;
const STATES = new Set(['ok', 'starting', 'failing', 'timeout', 'not-synced', 'backing-off', 'stale']);
/** What an anonymous answer must never carry: addresses, URLs, paths. */
const SENSITIVE = /\b\d{1,3}(\.\d{1,3}){3}\b|\[[0-9a-f:]+\]|[a-z]+:\/\/|\/[a-z0-9_-]+\/[a-z0-9_-]+/i;

interface ReadyzBody {
  ready?: unknown;
  checkedAt?: unknown;
  checks?: Record<string, unknown>;
}

/**
 * Finding 11: /api/readyz listed every CRD per call, hung with the API server and leaked error texts.
 * Asks it a few times in a row (read-only, anonymous): every answer comes within a bound, holds check
 * names and states only, and comes from one background check rather than one check per request.
 */
export const readyzProbe: EdgeProbe = {
  finding: 11,
  title: 'readyz: fast, cached, reveals nothing',
  needsCredentials: false,
  async run(target, signal) {
    const checkedAt = new Set<unknown>();
    for (let ask = 0; ask < ASKS; ask++) {
      let response: Response;
      try {
        response = await fetch(`${target.url}/api/readyz`, {
          signal: AbortSignal.any([signal, AbortSignal.timeout(STEP_TIMEOUT_MS)]),
        });
      } catch (error) {
        if (signal.aborted) throw error;
        return { held: false, detail: `no answer within ${STEP_TIMEOUT_MS / 1000} s` };
      }
      const text = await response.text();
      if (SENSITIVE.test(text))
        return { held: false, detail: `the answer reveals ${SENSITIVE.exec(text)?.[0] ?? ''}` };
      let body: ReadyzBody;
      try {
        body = JSON.parse(text) as ReadyzBody;
      } catch {
        return { held: false, detail: `answer ${response.status} is not JSON` };
      }
      const keys = Object.keys(body).sort().join(',');
      if (keys !== 'checkedAt,checks,ready') return { held: false, detail: `unexpected fields ${keys}` };
      const states = Object.values(body.checks ?? {});
      if (!states.every((state) => typeof state === 'string' && STATES.has(state)))
        return { held: false, detail: `checks hold more than states: ${JSON.stringify(body.checks)}` };
      if ((response.status === 200) !== (body.ready === true))
        return {
          held: false,
          detail: `status ${response.status} disagrees with ready=${String(body.ready)}`,
        };
      checkedAt.add(body.checkedAt);
    }
    // Asked back to back, a cached answer changes at most at an interval boundary or two.
    if (checkedAt.size > 3)
      return {
        held: false,
        detail: `${checkedAt.size} different results in ${ASKS} requests: checked per request`,
      };
    return { held: true, detail: `${ASKS} answers, ${checkedAt.size} distinct check result(s), states only` };
  },
};
