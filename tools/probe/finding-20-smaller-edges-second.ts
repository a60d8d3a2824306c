import type { EdgeProbe } from './edge-probe';
import type { ConsoleClient } from '../testenv/console-client';
import {
  attemptSignInPatiently,
  probeClient,
  signOut,
  throwAwayName,
  wrongPassword,
} from './signin-attempts';

/** One above the largest PostgreSQL bigint, the type of audit entry ids. */
const BEYOND_INT8 = (2n ** 63n).toString();

interface AuditPage {
  rows: { actor: string }[];
}

/** Each check returns what is wrong, or nothing when it held. */
type Check = (client: ConsoleClient, signal: AbortSignal) => Promise<string | undefined>;

/** A failed sign-in as a name no account has must not put that name (maybe a password) in the audit log. */
const unknownNameNotAudited: Check = async (client, signal) => {
  const typed = throwAwayName('rackpilot-probe-typed');
  const answer = await attemptSignInPatiently(client.url, typed, wrongPassword(), signal);
  if (answer.status !== 401) return `sign-in as an unknown name answered ${answer.status}, not 401`;
  const page = await client.query<AuditPage>('access.audit', { actor: typed, action: 'auth.signIn' });
  if (page.status !== 200) return `reading the audit log answered ${page.status}`;
  const rows = page.data?.rows.length ?? 0;
  return rows > 0 ? `the unknown name typed at sign-in is in ${rows} audit rows` : undefined;
};

/** tRPC answers, successes and errors, and the session route must not be kept by a browser or proxy. */
const answersNotStored: Check = async (client, signal) => {
  const answers = {
    'tRPC query': await fetch(`${client.url}/api/trpc/access.me`, {
      headers: { cookie: client.cookie },
      signal,
    }),
    'tRPC error': await fetch(`${client.url}/api/trpc/access.me`, { signal }),
    'session route': await fetch(`${client.url}/api/auth/session`, {
      headers: { cookie: client.cookie },
      signal,
    }),
  };
  const stored = Object.entries(answers)
    .filter(([, response]) => !/\bno-store\b/.test(response.headers.get('cache-control') ?? ''))
    .map(([what, response]) => `${what} (${response.headers.get('cache-control') ?? 'no Cache-Control'})`);
  return stored.length > 0 ? `without Cache-Control: no-store: ${stored.join(', ')}` : undefined;
};

/** An audit page cursor beyond a bigint is the caller's mistake: a 400 that says so, not a 500. */
const auditCursorChecked: Check = async (client) => {
  const answer = await client.query('access.audit', { before: BEYOND_INT8 });
  if (answer.status === 400 && /before/.test(answer.error?.message ?? '')) return undefined;
  return `access.audit with before=${BEYOND_INT8} answered ${answer.status} ${answer.error?.message ?? ''}`;
};

const CHECKS = [unknownNameNotAudited, answersNotStored, auditCursorChecked];

/**
 * The smaller edges of the second probe, one check each. It sends one wrong password for a name no
 * account has; nothing it does lasts beyond one audit row without that name.
 */
export const smallerEdgesSecondProbe: EdgeProbe = {
  finding: 20,
  title: 'Unknown sign-in names not audited; no-store on tRPC; audit cursor checked',
  needsCredentials: true,
  spendsSignInAttempts: true,
  async run(target, signal) {
    const client = await probeClient(target, signal);
    const problems: string[] = [];
    for (const check of CHECKS) {
      const problem = await check(client, signal);
      if (problem) problems.push(problem);
    }
    await signOut(target.url, client.cookie);
    return {
      held: problems.length === 0,
      detail:
        problems.join('; ') ||
        'an unknown sign-in name is not in the audit log; tRPC and session answers are no-store; ' +
          `access.audit before=${BEYOND_INT8} is a 400`,
    };
  },
};
