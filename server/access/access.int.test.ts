import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { appRouter } from '../api/root-router';
import { createDbClient, type DbClient } from '../db/client';
import {
  consoleClient,
  signIn,
  signInAsAdmin,
  signInAsNew,
  type ConsoleClient,
} from '../../tools/testenv/console-client';
import { type ServerProcess, startConsoleServer } from '../../tools/testenv/server-process';
import { Revocations } from './revocations';
import { hashSecretToken } from './secret-token';
import { DEFAULT_SESSION_POLICY } from './session-policy';
import { SESSION_MEMORY_MS, SessionStore } from './sessions';

const mutations = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
)
  .filter(([, procedure]) => procedure._def.type === 'mutation')
  .map(([path]) => path);
const queries = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
)
  .filter(([, procedure]) => procedure._def.type === 'query')
  .map(([path]) => path);

const id = randomBytes(3).toString('hex');
let server: ServerProcess;
let db: DbClient;
let admin: ConsoleClient;

beforeAll(async () => {
  // One viewer is refused every mutation: the per-principal refused-call limit must not drop any here.
  server = await startConsoleServer({ RACKPILOT_AUDIT_SIGNED_IN_PER_MINUTE: '1000' });
  db = createDbClient(process.env.DATABASE_URL ?? '');
  admin = await signInAsAdmin(server.url);
});

afterAll(async () => {
  await db.$disconnect();
  await server.stop();
});

function auditRows(action: string, actor: string) {
  return db.auditEntry.findMany({ where: { action, actor }, orderBy: { id: 'desc' } });
}

/** Opens a WebSocket to /ws and resolves with how it ended up: open, or the HTTP status that refused it. */
function openSocket(headers: Record<string, string>): Promise<{ status: number; socket?: WebSocket }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { headers });
    socket.once('open', () => resolve({ status: 101, socket }));
    socket.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      socket.terminate();
    });
    socket.once('error', () => resolve({ status: 0 }));
  });
}

describe('anonymous requests', () => {
  it('pages redirect to the sign-in page, API calls get 401', async () => {
    const page = await fetch(`${server.url}/clusters?ready=True`, { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/login?next=%2Fclusters%3Fready%3DTrue');
    const anonymous = await fetch(`${server.url}/api/trpc/overview.get`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text(), 'no stack traces for callers').not.toContain('    at ');
    expect((await fetch(`${server.url}/api/other`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/healthz`)).status).toBe(200);
  });

  it('pages carry CSP with a nonce, nosniff and a framing restriction', async () => {
    const login = await fetch(`${server.url}/login`);
    expect(login.status).toBe(200);
    const csp = login.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(login.headers.get('x-content-type-options')).toBe('nosniff');
    expect(login.headers.get('x-frame-options')).toBe('DENY');
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
    const html = await login.text();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).not.toMatch(/<script(?![^>]*nonce=)(?![^>]*src=)[^>]*>/);
  });

  it('refuses cross-origin and origin-less changes, and oversized bodies', async () => {
    const post = (headers: Record<string, string>, body = '{}') =>
      fetch(`${server.url}/api/trpc/access.setAuditRetention`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: admin.cookie, ...headers },
        body,
      });
    expect((await post({ origin: 'http://evil.example' })).status).toBe(403);
    expect((await post({})).status).toBe(403);
    expect(
      (await post({ origin: server.url }, JSON.stringify({ days: 30, pad: 'x'.repeat(2 * 1024 * 1024) })))
        .status,
    ).toBe(413);
  });
});

describe('sign-in', () => {
  it('signing out revokes the session on the server, not only the cookie', async () => {
    const viewer = await signInAsNew(admin, `out-${id}`, 'viewer');
    expect((await viewer.query('overview.get')).status).toBe(200);
    await fetch(`${server.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: viewer.cookie, origin: server.url },
    });
    expect((await viewer.query('overview.get')).status).toBe(401);
  });

  it('an admin revoking a session closes its WebSocket', async () => {
    const viewer = await signInAsNew(admin, `ws-${id}`, 'viewer');
    const opened = await openSocket({ origin: server.url, cookie: viewer.cookie });
    expect(opened.status).toBe(101);
    const closed = new Promise<number>((resolve) => opened.socket?.once('close', (code) => resolve(code)));
    const sessions = await admin.query<{ id: string; username: string }[]>('access.sessions');
    const session = sessions.data?.find((entry) => entry.username === `ws-${id}`);
    expect((await admin.mutate('access.revokeSession', { id: session?.id })).status).toBe(200);
    expect(await closed).toBe(4401);
    expect((await openSocket({ origin: server.url, cookie: viewer.cookie })).status).toBe(401);
  });
});

describe('WebSocket upgrades', () => {
  it('are refused from another origin and without a session', async () => {
    expect((await openSocket({ origin: 'http://evil.example', cookie: admin.cookie })).status).toBe(403);
    expect((await openSocket({ origin: server.url })).status).toBe(401);
    const ok = await openSocket({ origin: server.url, cookie: admin.cookie });
    expect(ok.status).toBe(101);
    ok.socket?.close();
  });
});

describe('roles', () => {
  it('a viewer reads but every mutation but its own password change is refused and audited', async () => {
    const username = `viewer-${id}`;
    const viewer = await signInAsNew(admin, username, 'viewer');
    expect((await viewer.query('clusters.formOptions')).status).toBe(200);
    for (const path of mutations.filter((path) => path !== 'access.changePassword')) {
      const result = await viewer.mutate(path, {});
      expect(result.status, path).toBe(403);
    }
    const rows = await db.auditEntry.findMany({
      where: { actor: username, NOT: { action: { startsWith: 'auth.' } } },
    });
    expect(new Set(rows.map((row) => row.action))).toEqual(
      new Set(mutations.filter((path) => path !== 'access.changePassword')),
    );
    expect(rows.every((row) => row.result === 'denied' && row.role === 'viewer')).toBe(true);
  });

  it('audits a password change without the passwords', async () => {
    const username = `pw-${id}`;
    const created = await admin.mutate<{ password: string }>('access.createUser', {
      username,
      role: 'operator',
    });
    const user = await signIn(server.url, username, created.data?.password ?? '');
    const newPassword = `new-${randomBytes(8).toString('hex')}`;
    const changed = await user.mutate('access.changePassword', {
      currentPassword: created.data?.password,
      newPassword,
    });
    expect(changed.status).toBe(200);
    const [row] = await auditRows('access.changePassword', username);
    expect(row?.result).toBe('ok');
    expect(JSON.stringify(row?.input)).not.toContain(newPassword);
    expect(JSON.stringify(row?.input)).not.toContain(created.data?.password ?? '?');
    await expect(signIn(server.url, username, newPassword)).resolves.toBeDefined();
  });

  it('records failed mutations with their error', async () => {
    const result = await admin.mutate('access.setAuditRetention', { days: 1 });
    expect(result.status).toBe(400);
    const [row] = await auditRows('access.setAuditRetention', 'admin');
    expect(row?.result).toBe('error');
    expect(row?.error).toContain('keep at least 7 days');
  });
});

describe('screen tokens', () => {
  it('give the wall and nothing else, and stop working when revoked', async () => {
    const minted = await admin.mutate<{ id: string; token: string }>('access.mintScreenToken', {
      name: `tv-${id}`,
    });
    const token = minted.data?.token ?? '';
    const bad = await fetch(`${server.url}/wall?token=not-a-token`, { redirect: 'manual' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('set-cookie')).toBeNull();

    // The wall's own settings survive the trade; the token does not stay in the address bar.
    const exchange = await fetch(`${server.url}/wall?rotate=30&token=${token}`, { redirect: 'manual' });
    expect(exchange.status).toBe(302);
    expect(exchange.headers.get('location')).toBe('/wall?rotate=30');
    const cookie = exchange.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    expect(exchange.headers.getSetCookie()[0]).toMatch(/HttpOnly; SameSite=Lax; Max-Age=34560000/);
    const screen = consoleClient(server.url, cookie);
    // The session route renews the same cookie for another 400 days: the wall asks it daily.
    const renewed = await fetch(`${server.url}/api/auth/session`, { headers: { cookie } });
    expect(await renewed.json()).toEqual({ kind: 'screen', name: `tv-${id}` });
    expect(renewed.headers.getSetCookie()).toEqual([
      `${cookie}; Path=/; HttpOnly; SameSite=Lax; Max-Age=34560000`,
    ]);

    expect((await fetch(`${server.url}/wall`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${server.url}/`, { headers: { cookie }, redirect: 'manual' })).status).toBe(403);
    expect((await fetch(`${server.url}/clusters`, { headers: { cookie }, redirect: 'manual' })).status).toBe(
      403,
    );
    for (const path of mutations) expect((await screen.mutate(path, {})).status, path).toBe(403);
    for (const path of queries.filter((path) => path !== 'access.me')) {
      expect((await screen.query(path, {})).status, path).toBe(403);
    }
    const socket = await openSocket({ origin: server.url, cookie });
    expect(socket.status).toBe(101);
    const closed = new Promise<number>((resolve) => socket.socket?.once('close', (code) => resolve(code)));

    expect((await admin.mutate('access.revokeScreenToken', { id: minted.data?.id })).status).toBe(200);
    expect(await closed).toBe(4401);
    const after = await fetch(`${server.url}/wall`, { headers: { cookie }, redirect: 'manual' });
    expect(after.status).toBe(302);
    expect((await fetch(`${server.url}/wall?token=${token}`, { redirect: 'manual' })).status).toBe(401);
  });
});

describe('session expiry (store against the real database)', () => {
  it('ends a session after the idle time and after the absolute time, whatever the activity', async () => {
    const user = await db.user.create({
      data: { username: `clock-${id}`, passwordHash: 'x', role: 'viewer' },
    });
    let now = new Date('2026-11-22T00:00:00Z');
    const store = new SessionStore(
      db,
      new Revocations(),
      { idleMs: 10 * 60_000, absoluteMs: 60 * 60_000 },
      () => now,
    );
    const idle = await store.create(user.id, { clientIp: '127.0.0.1', userAgent: 'test' });
    const active = await store.create(user.id, { clientIp: '127.0.0.1', userAgent: 'test' });
    for (let minute = 5; minute <= 55; minute += 5) {
      now = new Date(Date.parse('2026-11-22T00:00:00Z') + minute * 60_000);
      expect(await store.resolve(active.token), `active at ${minute} min`).not.toBeNull();
    }
    expect(await store.resolve(idle.token)).toBeNull();
    now = new Date(Date.parse('2026-11-22T01:00:00Z'));
    expect(await store.resolve(active.token)).toBeNull();
    expect(await store.purgeDead()).toBeGreaterThanOrEqual(2);
  });
});

describe('sessions answered from memory (store against the real database)', () => {
  const meta = { clientIp: '127.0.0.1', userAgent: 'test' };

  async function storeWithUser(name: string) {
    const user = await db.user.create({
      data: { username: `${name}-${id}`, passwordHash: 'x', role: 'viewer' },
    });
    const clock = { now: new Date() };
    const revocations = new Revocations();
    const store = new SessionStore(db, revocations, DEFAULT_SESSION_POLICY, () => clock.now);
    return { user, clock, revocations, store };
  }

  it('sees a revocation made elsewhere once its memory of the session ends', async () => {
    const { user, clock, store } = await storeWithUser('memory');
    const session = await store.create(user.id, meta);
    expect(await store.resolve(session.token)).toMatchObject({ username: user.username });
    // Another replica, or an admin in SQL, ends the session: this store learns it from the database only.
    await db.session.updateMany({ where: { userId: user.id }, data: { revokedAt: new Date() } });
    clock.now = new Date(clock.now.getTime() + SESSION_MEMORY_MS - 1);
    expect(await store.resolve(session.token)).not.toBeNull();
    clock.now = new Date(clock.now.getTime() + 1);
    expect(await store.resolve(session.token)).toBeNull();
  });

  it('forgets a session at once when it is revoked or its rights change in this process', async () => {
    const { user, store } = await storeWithUser('revoked-here');
    const ended = await store.create(user.id, meta);
    const changed = await store.create(user.id, meta);
    const principal = await store.resolve(ended.token);
    expect(await store.resolve(changed.token)).toMatchObject({ role: 'viewer' });
    await store.revoke(principal?.kind === 'user' ? principal.sessionId : '');
    expect(await store.resolve(ended.token)).toBeNull();
    await db.user.update({ where: { id: user.id }, data: { role: 'operator' } });
    await store.revokeSockets(user.id);
    expect(await store.resolve(changed.token)).toMatchObject({ role: 'operator' });
  });

  it('does not keep what a lookup read when a revocation overtook it', async () => {
    const { user, revocations, store } = await storeWithUser('overtaken');
    const session = await store.create(user.id, meta);
    const lookup = store.resolve(session.token);
    revocations.reconnect([hashSecretToken(session.token)]);
    expect(await lookup).toMatchObject({ role: 'viewer' });
    await db.user.update({ where: { id: user.id }, data: { role: 'admin' } });
    expect(await store.resolve(session.token)).toMatchObject({ role: 'admin' });
  });

  it('answers from memory no longer than until lastSeenAt is due to be written', async () => {
    const { user, clock, store } = await storeWithUser('touch');
    const session = await store.create(user.id, meta);
    const sessionId = hashSecretToken(session.token);
    // Created now, so its lastSeenAt is written again a minute on; the memory must not outlive that.
    clock.now = new Date(clock.now.getTime() + 60_000 - 1_000);
    expect(await store.resolve(session.token)).not.toBeNull();
    clock.now = new Date(clock.now.getTime() + 1_000);
    expect(await store.resolve(session.token)).not.toBeNull();
    const row = await db.session.findUniqueOrThrow({ where: { id: sessionId } });
    expect(row.lastSeenAt.getTime()).toBe(clock.now.getTime());
  });
});
