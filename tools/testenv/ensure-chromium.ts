import { existsSync } from 'node:fs';
import { runCommand } from '../lib/run-command';
import { SetupError } from '../../server/setup-error';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Installs Debian's Chromium when it is missing and we may (root with apt); otherwise says what to do. */
export async function ensureChromium(log: (line: string) => void): Promise<string> {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && !process.env.CHROMIUM_PATH;
  if (!canInstall) {
    throw new SetupError(
      `Chromium not found at ${CHROMIUM}: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH`,
    );
  }
  log('installing Debian chromium for the browser tests (apt-get)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await runCommand('apt-get', ['update'], { env });
  await runCommand('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env });
  if (!existsSync(CHROMIUM))
    throw new SetupError(`apt-get installed chromium but ${CHROMIUM} is still missing`);
  return CHROMIUM;
}
