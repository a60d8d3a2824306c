import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signInAsAdmin } from './console-client';

/**
 * Signs in as the test admin and writes a Playwright storage state holding the session cookie, so every
 * spec's page starts signed in (playwright.config.ts `storageState`). Returns the file's path.
 */
export async function writeAdminStorageState(url: string): Promise<string> {
  const admin = await signInAsAdmin(url);
  const [name, ...value] = admin.cookie.split('=');
  const state = {
    cookies: [
      {
        name,
        value: value.join('='),
        domain: new URL(url).hostname,
        path: '/',
        expires: -1,
        httpOnly: true,
        secure: false,
        sameSite: 'Lax',
      },
    ],
    origins: [],
  };
  const file = join(await mkdtemp(join(tmpdir(), 'rackpilot-e2e-state-')), 'admin.json');
  await writeFile(file, JSON.stringify(state));
  return file;
}
