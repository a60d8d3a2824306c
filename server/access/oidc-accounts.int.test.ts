// Accounts of the provider's users against the real database: what two sign-ins at once leave behind.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient, type DbClient } from '../db/client';
import { upsertOidcAccount } from './oidc-accounts';
import { parseBinding } from './role-bindings';
import { Revocations } from './revocations';
import { SessionStore } from './sessions';

const id = randomBytes(3).toString('hex');
const issuer = `https://idp-${id}.example/`;
let db: DbClient;
let sessions: SessionStore;

beforeAll(() => {
  db = createDbClient(process.env.DATABASE_URL ?? '');
  sessions = new SessionStore(db, new Revocations());
});

afterAll(async () => {
  await db.user.deleteMany({ where: { oidcIssuer: issuer } });
  await db.$disconnect();
});

describe('upsertOidcAccount', () => {
  it('gives simultaneous first sign-ins of one user the same account', async () => {
    const identity = { issuer, subject: `sub-${id}`, name: `olga-${id}` };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => upsertOidcAccount(db, sessions, identity, [parseBinding('operator')])),
    );
    expect(new Set(results.map((result) => result.userId)).size).toBe(1);
    expect(await db.user.count({ where: { oidcIssuer: issuer, oidcSubject: identity.subject } })).toBe(1);
  });

  it('sets the role the groups give at each sign-in', async () => {
    const identity = { issuer, subject: `sub2-${id}`, name: `ada-${id}` };
    const first = await upsertOidcAccount(db, sessions, identity, [parseBinding('viewer')]);
    const again = await upsertOidcAccount(db, sessions, identity, [parseBinding('admin')]);
    expect(again.userId).toBe(first.userId);
    expect((await db.user.findUniqueOrThrow({ where: { id: first.userId } })).role).toBe('admin');
  });

  it('keeps namespace-scoped bindings, and none once the groups grant the role everywhere', async () => {
    const identity = { issuer, subject: `sub3-${id}`, name: `tess-${id}` };
    const scoped = ['viewer', 'operator@team-a|team-b'].map(parseBinding);
    const first = await upsertOidcAccount(db, sessions, identity, scoped);
    const stored = await db.user.findUniqueOrThrow({ where: { id: first.userId } });
    expect([stored.role, stored.bindings]).toEqual(['operator', ['viewer', 'operator@team-a|team-b']]);
    await upsertOidcAccount(db, sessions, identity, [parseBinding('operator')]);
    const global = await db.user.findUniqueOrThrow({ where: { id: first.userId } });
    expect([global.role, global.bindings]).toEqual(['operator', null]);
  });
});
