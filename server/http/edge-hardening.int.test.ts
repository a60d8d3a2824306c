import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controllerNames } from '../controllers/build-controllers';
import { consoleClient } from '../../tools/testenv/console-client';
import { readOnlyServiceAccount, type RestrictedIdentity } from '../../tools/testenv/restricted-kubeconfig';
import {
  startServerProcess,
  TEST_ADMIN_PASSWORD,
  type ServerProcess,
} from '../../tools/testenv/server-process';

// Browsers reach this console over https (a proxy in front); the test speaks plain HTTP to it directly.
const PUBLIC_URL = 'https://console.rackpilot.test';
const id = randomBytes(3).toString('hex');
let server: ServerProcess;
let identity: RestrictedIdentity;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rackpilot-edge-'));
  identity = await readOnlyServiceAccount(
    process.env.KUBECONFIG ?? '',
    `rp-read-only-${id}`,
    join(dir, 'kubeconfig'),
  );
  server = await startServerProcess(
    { kubeconfig: identity.kubeconfig, databaseUrl: process.env.DATABASE_URL ?? '' },
    {
      extraEnv: {
        RACKPILOT_DISABLED_CONTROLLERS: controllerNames.join(','),
        RACKPILOT_PUBLIC_URL: PUBLIC_URL,
      },
    },
  );
});

afterAll(async () => {
  await server.stop();
  await identity.remove();
  await rm(dir, { recursive: true, force: true });
});

async function login(username: string, password: string): Promise<{ response: Response; cookie: string }> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return { response, cookie: response.headers.getSetCookie()[0]?.split(';')[0] ?? '' };
}

function publicClient(cookie: string) {
  return consoleClient(server.url, cookie, PUBLIC_URL);
}

describe('behind an https public URL', () => {
  it('sends HSTS and keeps the session in a Secure __Host- cookie that a sibling subdomain cannot shadow', async () => {
    const admin = await login('admin', TEST_ADMIN_PASSWORD);
    expect(admin.response.status).toBe(200);
    expect(admin.response.headers.getSetCookie()[0]).toMatch(
      /^__Host-rp_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/,
    );
    expect(admin.response.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const page = await fetch(`${server.url}/login`);
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000');

    const created = await publicClient(admin.cookie).mutate<{ password: string }>('access.createUser', {
      username: `sibling-${id}`,
      role: 'viewer',
    });
    const viewer = await login(`sibling-${id}`, created.data?.password ?? '');
    expect(viewer.response.status).toBe(200);
    const viewerToken = viewer.cookie.split('=')[1] ?? '';
    // A sibling subdomain can set `rp_session` for the parent domain, and the browser sends it first.
    const shadowed = await publicClient(`rp_session=${viewerToken}; ${admin.cookie}`).query<{
      username: string;
    }>('access.me');
    expect(shadowed.data?.username).toBe('admin');
    expect((await publicClient(`rp_session=${viewerToken}`).query('access.me')).status).toBe(401);

    const minted = await publicClient(admin.cookie).mutate<{ token: string }>('access.mintScreenToken', {
      name: `hsts-${id}`,
    });
    const screen = await fetch(`${server.url}/wall?token=${minted.data?.token ?? ''}`, {
      redirect: 'manual',
    });
    expect(screen.headers.getSetCookie()[0]).toMatch(/^__Host-rp_screen=[^;]+; .*; Secure$/);
  });
});

describe('errors from the Kubernetes API server', () => {
  it('reach the caller without the API server address or request paths, and the log has them', async () => {
    const admin = await login('admin', TEST_ADMIN_PASSWORD);
    const refused = await publicClient(admin.cookie).mutate('clusters.delete', {
      namespace: 'default',
      name: `forbidden-${id}`,
    });
    const message = refused.error?.message ?? '';
    expect(message).toMatch(
      /^the Kubernetes API server refused this: .*forbidden.* \(reference [0-9a-f]{8};/,
    );
    expect(message).not.toMatch(/\/apis?\/|https?:|127\.0\.0\.1|:\d{2,5}\b|\/tmp\/|\.ts\b/);
    const reference = /reference ([0-9a-f]{8})/.exec(message)?.[1] ?? '';
    expect(server.output()).toMatch(new RegExp(`reference ${reference}\\): /apis/.*forbidden`));
  });
});
