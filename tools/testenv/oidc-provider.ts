import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureOidcProviderBinary } from '../controlplane/oidc-provider-binary';
import { freePort } from './free-port';

export interface OidcTestUser {
  id: string;
  username: string;
  password: string;
  groups: string[];
}

/** The provider's users: one per Rackpilot role through a mapped group, and one in no mapped group. */
export const OIDC_TEST_USERS = {
  admin: { id: 'oidc-ada', username: 'ada', password: 'ada-test-pass', groups: ['fleet-admins', 'staff'] },
  operator: { id: 'oidc-olga', username: 'olga', password: 'olga-test-pass', groups: ['fleet-operators'] },
  viewer: { id: 'oidc-vik', username: 'vik', password: 'vik-test-pass', groups: ['staff'] },
  outsider: { id: 'oidc-nils', username: 'nils', password: 'nils-test-pass', groups: ['accounting'] },
  /** An operator of one tenant namespace only (RACKPILOT_E2E_TEAM_NAMESPACE in the e2e run). */
  teamA: { id: 'oidc-tia', username: 'tia', password: 'tia-test-pass', groups: ['team-a'] },
  /** Removed at the provider by the back-channel logout test; no other test signs in as them. */
  leaver: { id: 'oidc-lea', username: 'lea', password: 'lea-test-pass', groups: ['fleet-operators'] },
} satisfies Record<string, OidcTestUser>;

/** RACKPILOT_OIDC_GROUP_ROLES for the users above (the e2e run adds `team-a`, bound to its namespace). */
export const OIDC_TEST_GROUP_ROLES = 'fleet-admins=admin,fleet-operators=operator,staff=viewer';

/** The provider's name on the sign-in page of the test servers. */
export const OIDC_TEST_NAME = 'Test IdP';

/** Client IDs the provider knows; `other` is a second relying party, for tokens meant for someone else. */
export const OIDC_TEST_CLIENTS = {
  rackpilot: { id: 'rackpilot', secret: 'rackpilot-test-secret' },
  other: { id: 'other-app', secret: 'other-test-secret' },
};

/** What the provider's post of a logout token to one client's back-channel URI got back. */
export interface LogoutDelivery {
  client: string;
  /** The logout token it sent: tests replay and alter it. */
  token: string;
  status: number;
  error?: string;
}

export interface OidcTestProvider {
  issuer: string;
  output(): string;
  /**
   * Removes the user at the provider (their sign-ins there fail from now on) and posts a signed logout
   * token to the back-channel URI of each client that has one; what each answered.
   */
  removeUser(user: OidcTestUser): Promise<LogoutDelivery[]>;
  stop(): Promise<void>;
}

async function waitForDiscovery(issuer: string, exited: () => boolean, output: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`the OpenID provider exited:\n${output()}`);
    const answered = await fetch(new URL('.well-known/openid-configuration', issuer)).catch(() => undefined);
    if (answered?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the OpenID provider did not answer within 30 s:\n${output()}`);
}

/**
 * Builds (first use only) and starts the test OpenID provider on 127.0.0.1 with the users above and both
 * clients allowed to come back to `redirectUris`; its signing key is made at start, so each start is a
 * key rotation. With `backchannelLogoutUri`, the console's client is registered for back-channel logout.
 */
export async function startOidcProvider(
  redirectUris: string[],
  log: (line: string) => void = () => undefined,
  options: { backchannelLogoutUri?: string } = {},
): Promise<OidcTestProvider> {
  const binary = await ensureOidcProviderBinary(log);
  const dir = await mkdtemp(join(tmpdir(), 'rackpilot-oidc-'));
  const usersFile = join(dir, 'users.json');
  const clientsFile = join(dir, 'clients.json');
  await writeFile(usersFile, JSON.stringify(Object.values(OIDC_TEST_USERS)));
  const clients = Object.values(OIDC_TEST_CLIENTS).map((client) => ({
    ...client,
    redirectUris,
    backchannelLogoutUri: client === OIDC_TEST_CLIENTS.rackpilot ? options.backchannelLogoutUri : undefined,
  }));
  await writeFile(clientsFile, JSON.stringify(clients));
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}/`;
  const child = spawn(binary, [], {
    env: {
      ...process.env,
      OIDC_LISTEN: `127.0.0.1:${port}`,
      OIDC_ISSUER: issuer,
      OIDC_USERS_FILE: usersFile,
      OIDC_CLIENTS_FILE: clientsFile,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  // Its request log is long; the tail is what explains a failure.
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (!exited()) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitForDiscovery(issuer, exited, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  const removeUser = async (user: OidcTestUser) => {
    const response = await fetch(new URL('test/remove-user', issuer), {
      method: 'POST',
      body: new URLSearchParams({ id: user.id }),
    });
    if (!response.ok)
      throw new Error(`removing ${user.username}: ${response.status} ${await response.text()}`);
    return (await response.json()) as LogoutDelivery[];
  };
  return { issuer, output: () => stderr, removeUser, stop };
}

const formField = (html: string, name: string) =>
  new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? '';

/**
 * Goes through the provider's own sign-in as a browser would: follows its redirects to the login form,
 * posts the user's name and password to the form's action, and follows on until the provider sends the
 * browser away from itself. Returns that URL: the client's callback with `code` and `state`.
 */
export async function loginAtProvider(authorizationUrl: string, user: OidcTestUser): Promise<URL> {
  const provider = new URL(authorizationUrl).origin;
  let url = new URL(authorizationUrl);
  let init: RequestInit = {};
  for (let hop = 0; hop < 10; hop++) {
    if (url.origin !== provider) return url;
    const response = await fetch(url, { ...init, redirect: 'manual' });
    init = {};
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!response.ok || !action)
      throw new Error(`the provider answered ${response.status}: ${html.slice(0, 300)}`);
    url = new URL(action, url);
    init = {
      method: 'POST',
      body: new URLSearchParams({
        id: formField(html, 'id'),
        username: user.username,
        password: user.password,
      }),
    };
  }
  throw new Error('the provider redirected more than 10 times');
}
