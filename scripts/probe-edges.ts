import { parseArgs } from 'node:util';
import { edgeProbes } from '../tools/probe/edge-probes';

const USAGE =
  'usage: npm run probe:edges -- <console URL> [--user NAME --password PASSWORD] [--admin-user NAME --admin-password PASSWORD] [--replica URL]... [--timeout SECONDS per probe, default 180]';

function fail(line: string): never {
  console.error(line);
  process.exit(2);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    user: { type: 'string', default: process.env.RACKPILOT_PROBE_USER },
    password: { type: 'string', default: process.env.RACKPILOT_PROBE_PASSWORD },
    'admin-user': { type: 'string', default: process.env.RACKPILOT_PROBE_ADMIN_USER },
    'admin-password': { type: 'string', default: process.env.RACKPILOT_PROBE_ADMIN_PASSWORD },
    replica: { type: 'string', multiple: true, default: [] },
    timeout: { type: 'string', default: '180' },
  },
});
const [rawUrl] = positionals;
if (!rawUrl) fail(USAGE);
let url: string;
try {
  url = new URL(rawUrl).origin;
} catch {
  fail(`not a URL: ${rawUrl}\n${USAGE}`);
}
const timeoutMs = Number(values.timeout) * 1000;
if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) fail(`--timeout must be a positive number of seconds`);
const credentials =
  values.user && values.password ? { username: values.user, password: values.password } : undefined;
const adminUser = values['admin-user'];
const adminPassword = values['admin-password'];
const admin = adminUser && adminPassword ? { username: adminUser, password: adminPassword } : undefined;
const replicas = values.replica.map((raw) => {
  try {
    return new URL(raw).origin;
  } catch {
    fail(`--replica is not a URL: ${raw}\n${USAGE}`);
  }
});

let failed = 0;
let notRun = 0;
// Probes that send wrong passwords run last: they use up this address's sign-in allowance for a while.
const ordered = [...edgeProbes].sort(
  (a, b) => Number(a.spendsSignInAttempts ?? false) - Number(b.spendsSignInAttempts ?? false),
);
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
for (const probe of ordered) {
  const label = `${String(probe.finding).padStart(2)}  ${probe.title}`;
  if (probe.needsCredentials && !credentials) {
    notRun++;
    console.log(`${label}: not run (needs --user and --password of an operator or admin)`);
    continue;
  }
  if (probe.needsAdmin && !admin) {
    notRun++;
    console.log(`${label}: not run (needs --admin-user and --admin-password of an admin)`);
    continue;
  }
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const outcome = await probe.run({ url, credentials, admin, replicas }, signal);
    if (!outcome.held) failed++;
    console.log(`${label}: ${outcome.held ? 'held' : 'FAILED'} (${oneLine(outcome.detail)})`);
  } catch (error) {
    failed++;
    console.log(
      `${label}: FAILED (probe error: ${oneLine(error instanceof Error ? error.message : String(error))})`,
    );
  }
}
console.log(
  `${edgeProbes.length - failed - notRun} held, ${failed} failed${notRun ? `, ${notRun} not run` : ''}`,
);
process.exitCode = failed > 0 ? 1 : 0;
