import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '../db/client';
import { signInAsAdmin, type ConsoleClient } from '../../tools/testenv/console-client';
import { eventually } from '../../tools/testenv/eventually';
import { type ServerProcess, startConsoleServer } from '../../tools/testenv/server-process';
import { signinRaceProbe } from '../../tools/probe/finding-03-signin-race';
import { signinLockoutProbe } from '../../tools/probe/finding-04-signin-lockout';
import { openRedirectProbe } from '../../tools/probe/finding-09-open-redirect';
import { changePasswordLimitProbe } from '../../tools/probe/finding-13-change-password-limit';
import type { UserView } from './accounts';

const id = randomBytes(3).toString('hex');
// Five free failures, then 10 s doubling to 20 s: long enough that a burst of attempts is judged
// entirely inside one delay on a slow machine. Address buckets refill fast so the probes do not wait long.
const FREE_FAILURES = 5;
const ADDRESS_BURST = 10;
const ADDRESS_REFILL_S = 0.5;
let server: ServerProcess;
/** A second replica on the same database: the limits must hold across both. */
let replica: ServerProcess | undefined;
let admin: ConsoleClient;

beforeAll(async () => {
  const start = () =>
    startConsoleServer({
      RACKPILOT_SIGNIN_ACCOUNT_DELAY: `${FREE_FAILURES}:10:20`,
      RACKPILOT_SIGNIN_ADDRESS_LIMIT: `${ADDRESS_BURST}:${ADDRESS_REFILL_S}`,
    });
  server = await start();
  replica = await start();
  admin = await signInAsAdmin(server.url);
});

afterAll(async () => {
  await replica?.stop();
  await server.stop();
  // The probes spend 127.0.0.1's failures, and the limit lives in the database that later test files share.
  const db = createDbClient(process.env.DATABASE_URL ?? '');
  await db.signinAddressLimit.deleteMany({ where: { address: { startsWith: '127.' } } });
  await db.$disconnect();
});

interface Answer {
  status: number;
  error: string;
  retryAfter: string | undefined;
  cookie: string | undefined;
}

/** A request sent from one loopback address, as a separate client machine would send it. */
function requestFrom(
  address: string,
  path: string,
  body: unknown,
  { headers = {}, to = server }: { headers?: Record<string, string>; to?: ServerProcess | undefined } = {},
): Promise<Answer> {
  const { port } = new URL(to.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress: address,
        headers: { 'content-type': 'application/json', origin: to.url, ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          const parsed = JSON.parse(text) as { error?: string | { message?: string } };
          resolve({
            status: res.statusCode ?? 0,
            error: typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? ''),
            retryAfter: res.headers['retry-after'],
            cookie: res.headers['set-cookie']?.[0]?.split(';')[0],
          });
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

function signInFrom(address: string, username: string, password: string, to = server): Promise<Answer> {
  return requestFrom(address, '/api/auth/login', { username, password }, { to });
}

async function newUser(username: string): Promise<{ id: string; password: string }> {
  const created = await admin.mutate<{ user: UserView; password: string }>('access.createUser', {
    username,
    role: 'viewer',
  });
  if (!created.data) throw new Error(`creating ${username} failed: ${created.error?.message}`);
  return { id: created.data.user.id, password: created.data.password };
}

const checked = (answers: Answer[]) => answers.filter((answer) => answer.status !== 429).length;
const withoutNumbers = (answer: Answer) => `${answer.status} ${answer.error.replace(/\d+/g, 'N')}`;

describe('sign-in limits hold under concurrency (finding 3)', () => {
  it('22 attempts at once for one account from 22 addresses on two replicas, one right: no more than five wrong ones are checked', async () => {
    const username = `race-${id}`;
    const { password } = await newUser(username);
    const answers = await Promise.all(
      Array.from({ length: 22 }, (_, i) =>
        signInFrom(
          `127.0.1.${i + 1}`,
          username,
          i === 11 ? password : 'wrong-password-here',
          i % 2 === 0 ? server : replica,
        ),
      ),
    );
    expect(answers.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(FREE_FAILURES);
    expect(checked(answers)).toBeLessThanOrEqual(FREE_FAILURES);
    expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(
      22 - FREE_FAILURES,
    );
    // The right password is still refused from a new address while the delay runs.
    expect((await signInFrom('127.0.1.99', username, password)).status).toBe(429);
  });

  it('22 attempts at once from one address for 22 names on two replicas: no more than the address allows are checked', async () => {
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 22 }, (_, i) =>
        signInFrom('127.0.2.1', `spray-${id}-${i}`, 'wrong-password-here'),
      ),
    );
    // Tokens refill while the burst is being answered; that many more may be checked, never all.
    const refilled = Math.ceil((Date.now() - started) / 1000 / ADDRESS_REFILL_S);
    expect(checked(answers)).toBeLessThanOrEqual(ADDRESS_BURST + refilled);
    expect(
      answers.some((answer) => answer.status === 429 && answer.error.includes('from this address')),
    ).toBe(true);
  });

  it('the probe holds', async () => {
    const outcome = await signinRaceProbe.run({ url: server.url }, AbortSignal.timeout(50_000));
    expect(outcome, outcome.detail).toMatchObject({ held: true });
  });
});

describe('no lock-out and no enumeration (finding 4)', () => {
  it('an outsider delays an account but cannot keep its owner out, and the answers do not tell which accounts exist', async () => {
    const username = `victim-${id}`;
    const { id: userId, password } = await newUser(username);
    // The owner's usual address: signed in before any failure.
    expect((await signInFrom('127.0.3.1', username, password)).status).toBe(200);
    // Unknown user and wrong password: the same answer.
    const wrong = await signInFrom('127.0.3.4', username, 'guess-123456');
    const unknown = await signInFrom('127.0.3.4', `nobody-${id}`, 'guess-123456');
    expect(wrong.status).toBe(401);
    expect(withoutNumbers(unknown)).toBe(withoutNumbers(wrong));

    const attack: Answer[] = [];
    // The wrong password above was the first failure of the run.
    for (let i = 1; i <= FREE_FAILURES; i++)
      attack.push(await signInFrom('127.0.3.2', username, 'guess-123456'));
    expect(attack.map((answer) => answer.status)).toEqual([
      ...Array.from({ length: FREE_FAILURES - 1 }, () => 401),
      429,
    ]);
    expect(Number(attack.at(-1)?.retryAfter)).toBeGreaterThan(0);
    expect(Number(attack.at(-1)?.retryAfter)).toBeLessThanOrEqual(20);

    // The admin page shows the delay while it runs.
    const delayed = await admin.query<UserView[]>('access.users');
    expect(delayed.data?.find((user) => user.id === userId)?.signInDelayedUntil).not.toBeNull();

    // From the usual address the owner gets in at once; from a new one, once the delay is over.
    expect((await signInFrom('127.0.3.1', username, password)).status).toBe(200);
    expect((await signInFrom('127.0.3.3', username, password)).status).toBe(429);
    await eventually(
      async () => {
        expect((await signInFrom('127.0.3.3', username, password)).status).toBe(200);
      },
      30_000,
      1_000,
    );

    // A delayed real account and a delayed unknown name: the same answer too.
    for (let i = 1; i < FREE_FAILURES; i++) await signInFrom('127.0.3.5', `nobody-${id}`, 'guess-123456');
    const delayedUnknown = await signInFrom('127.0.3.5', `nobody-${id}`, 'guess-123456');
    const delayedReal = await signInFrom('127.0.3.6', username, 'guess-123456');
    expect(delayedReal.status).toBe(429);
    expect(withoutNumbers(delayedUnknown)).toBe(withoutNumbers(delayedReal));

    // An admin's password reset ends the delay.
    expect((await admin.mutate('access.resetPassword', { id: userId })).status).toBe(200);
    const reset = await admin.query<UserView[]>('access.users');
    expect(reset.data?.find((user) => user.id === userId)?.signInDelayedUntil).toBeNull();
  });

  it('the probe holds, with and without credentials', async () => {
    const username = `probe4-${id}`;
    const { password } = await newUser(username);
    for (const credentials of [undefined, { username, password }]) {
      const outcome = await signinLockoutProbe.run(
        { url: server.url, credentials },
        AbortSignal.timeout(50_000),
      );
      expect(outcome, outcome.detail).toMatchObject({ held: true });
    }
  });
});

describe('the sign-in page never sends the browser off-site (finding 9)', () => {
  it('the probe holds', async () => {
    const outcome = await openRedirectProbe.run({ url: server.url }, AbortSignal.timeout(50_000));
    expect(outcome, outcome.detail).toMatchObject({ held: true });
  });

  it('a signed-in user asking for the sign-in page is sent to a path on this site only', async () => {
    const go = (next: string) =>
      fetch(`${server.url}/login?next=${encodeURIComponent(next)}`, {
        headers: { cookie: admin.cookie },
        redirect: 'manual',
      });
    expect((await go('/%09/evil.example')).headers.get('location')).toBe('/');
    expect((await go('/clusters?page=2')).headers.get('location')).toBe('/clusters?page=2');
  });
});

describe('changePassword is limited like sign-in (finding 13)', () => {
  it('wrong current passwords are refused with 429 after five, even with the right one next', async () => {
    const username = `change-${id}`;
    const { password } = await newUser(username);
    const { cookie = '' } = await signInFrom('127.0.4.1', username, password);
    // From another address than the sign-in: a stolen session is used elsewhere.
    const change = (currentPassword: string) =>
      requestFrom(
        '127.0.4.2',
        '/api/trpc/access.changePassword',
        { currentPassword, newPassword: 'a-new-password-for-this' },
        { headers: { cookie } },
      );
    for (let i = 0; i < FREE_FAILURES; i++) expect((await change('guess-123456')).status).toBe(400);
    expect((await change('guess-123456')).status).toBe(429);
    expect((await change(password)).status).toBe(429);
  });

  it('the probe holds', async () => {
    const username = `probe13-${id}`;
    const { password } = await newUser(username);
    const outcome = await changePasswordLimitProbe.run(
      { url: server.url, credentials: { username, password } },
      AbortSignal.timeout(50_000),
    );
    expect(outcome, outcome.detail).toMatchObject({ held: true });
  });
});
