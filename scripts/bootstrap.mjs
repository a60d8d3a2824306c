// Entry point for `npm start`, `npm test` and the cluster scripts. Plain Node with no dependencies,
// because on a fresh clone node_modules does not exist yet: it installs them, then hands over to the
// built start script (`npm start`: no TypeScript loader in the server's process) or to tsx.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const commands = {
  start: 'scripts/cli/start.ts',
  test: 'scripts/cli/test.ts',
  'cluster-up': 'scripts/cli/cluster-up.ts',
  'cluster-down': 'scripts/cli/cluster-down.ts',
};

function fail(line) {
  console.error(`rackpilot: ${line}`);
  process.exit(1);
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 9))
  fail(`Node ${process.versions.node} is too old: install Node 20.9 or newer.`);

const script = commands[process.argv[2]];
if (!script)
  fail(`unknown command "${process.argv[2]}"; expected one of ${Object.keys(commands).join(', ')}.`);

const installed = join(root, 'node_modules', '.package-lock.json');
const lock = join(root, 'package-lock.json');
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  // `npm install`, not `npm ci`: the registry serves no metadata for some other platforms' optional
  // packages, which leaves them out of the lock file, and `npm ci` refuses such a lock file.
  console.log('rackpilot: installing npm dependencies (npm install from package-lock.json)');
  const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (npm.status !== 0) fail('npm install failed; see the output above (is the npm registry reachable?).');
}

async function command() {
  if (script !== commands.start) return [join(root, 'node_modules', '.bin', 'tsx'), [script], process.env];
  // Imported only now: building needs esbuild, which the install above provides.
  const { ensureServerBuild, RUNTIME_FLAGS, runtimeEnv } = await import('../tools/build/build-server.mjs');
  try {
    const build = await ensureServerBuild(root, (line) => console.log(`rackpilot: ${line}`));
    return [process.execPath, [...RUNTIME_FLAGS, join(build, 'start.mjs')], runtimeEnv(process.env)];
  } catch (error) {
    fail(`building the server failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const [executable, args, env] = await command();
// The server runs in a process group of its own, so a terminal's Ctrl-C reaches only this process, which
// passes it on: the server then stops in order, its embedded PostgreSQL last. Sharing the terminal's
// group, PostgreSQL got the same Ctrl-C and stopped before the last sightings were written.
const child = spawn(executable, [...args, ...process.argv.slice(3)], {
  cwd: root,
  env,
  stdio: 'inherit',
  detached: script === commands.start,
});
// The child owns clean-up; this process only relays signals and its exit status.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
