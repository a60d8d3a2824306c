import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vitestTier } from './vitest-tier';

const repo = fileURLToPath(new URL('../..', import.meta.url));
let root = '';

/**
 * A project of its own in a temporary folder, run by the real Vitest through `npm test`'s tier runner:
 * `sticks-once` blocks its worker's event loop on its first run only (as a stuck worker does: no timeout
 * fires), `sticks-always` on every run.
 */
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rackpilot-tier-'));
  await symlink(join(repo, 'node_modules'), join(root, 'node_modules'));
  await mkdir(join(root, 'tools/testenv'), { recursive: true });
  for (const file of ['progress-reporter.ts', 'test-progress.ts'])
    await symlink(join(repo, 'tools/testenv', file), join(root, 'tools/testenv', file));
  await writeFile(
    join(root, 'vitest.config.mts'),
    `import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { projects: [
  { test: { name: 'once', include: ['once/*.test.ts'], fileParallelism: false } },
  { test: { name: 'always', include: ['always/*.test.ts'], fileParallelism: false } },
  { test: { name: 'retried', include: ['retried/*.test.ts'], fileParallelism: false, retry: 1 } },
] } });
`,
  );
  const passing = `import { it, expect } from 'vitest';
it('passes', () => { expect(1).toBe(1); });
it.skip('is skipped', () => undefined);
`;
  const stuck = (marker: string) => `import { existsSync, writeFileSync } from 'node:fs';
import { it } from 'vitest';
it('passes unless stuck', () => {
  ${marker ? `if (existsSync(${JSON.stringify(marker)})) return;\n  writeFileSync(${JSON.stringify(marker)}, '');` : ''}
  for (;;) { /* a worker that never reports back */ }
});
`;
  for (const project of ['once', 'always']) {
    await mkdir(join(root, project));
    await writeFile(join(root, project, 'a-passing.test.ts'), passing);
  }
  await writeFile(join(root, 'once/sticks-once.test.ts'), stuck(join(root, 'once/.stuck-before')));
  await writeFile(join(root, 'always/sticks-always.test.ts'), stuck(''));
  await mkdir(join(root, 'retried'));
  const marker = JSON.stringify(join(root, 'retried/.failed-before'));
  await writeFile(
    join(root, 'retried/outcomes.test.ts'),
    `import { existsSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
it('fails once', () => {
  if (!existsSync(${marker})) { writeFileSync(${marker}, ''); expect('first').toBe('second'); }
});
it('fails always', () => { expect('mine').toBe('theirs'); });
`,
  );
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

const run = (project: string) =>
  vitestTier(project, project, {
    root,
    reports: root,
    env: process.env,
    stop: new AbortController().signal,
    // Longer than Vitest takes to start and report its first file on a loaded machine.
    stallMs: 10_000,
    pollMs: 500,
  });

describe("npm test's Vitest tiers", () => {
  it('stop a run whose worker is stuck and resume with the files it did not finish', async () => {
    const result = await run('once');
    expect(existsSync(join(root, 'once/.stuck-before'))).toBe(true);
    expect(result).toEqual({
      tier: 'once',
      passed: 2,
      failed: 0,
      skipped: ['once/a-passing.test.ts > is skipped'],
      failures: [],
      flaky: [],
    });
  }, 180_000);

  it('count a file stuck on every attempt as failed, and still count the rest', async () => {
    const result = await run('always');
    expect(result).toEqual({
      tier: 'always',
      passed: 1,
      failed: 1,
      skipped: ['always/a-passing.test.ts > is skipped'],
      failures: ['always/sticks-always.test.ts: stuck on two attempts'],
      flaky: [],
    });
  }, 180_000);

  it('name each failed test with its error, and count one that passed on its retry as passed, named flaky', async () => {
    const result = await run('retried');
    expect(result).toEqual({
      tier: 'retried',
      passed: 1,
      failed: 1,
      skipped: [],
      failures: [
        `retried/outcomes.test.ts > fails always: expected 'mine' to be 'theirs' // Object.is equality`,
      ],
      flaky: ['retried/outcomes.test.ts > fails once'],
    });
  }, 180_000);
});
