import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { log, runCli, stopSignal } from '../../server/cli';
import { generatePrismaClient } from '../../server/db/migrate';
import { ensureNextBuild } from '../../tools/build/ensure-next-build';
import { ensureControlPlaneBinaries, ensureKubectl } from '../../tools/controlplane/control-plane-binaries';
import {
  COVERAGE_FLOORS,
  coverageByFolder,
  coverageTable,
  judgeCoverage,
  readCoverageFloors,
  type CoverageSummary,
} from '../../tools/testenv/coverage-floors';
import { judgeSkips, readSkipAllowlist, SKIP_ALLOWLIST } from '../../tools/testenv/skip-allowlist';
import { ensureTestPackages } from '../../tools/testenv/ensure-test-packages';
import { environmentVariables, startTestEnvironment } from '../../tools/testenv/test-environment';
import { playwrightResult, type PlaywrightReport } from './playwright-result';
import { runTool } from './run-tool';
import { tierFailed, tierPassed, type TierResult } from './tier-result';
import { vitestTier } from './vitest-tier';

const root = process.cwd();
// On SIGINT/SIGTERM the running tool is stopped and the finally blocks below remove the test environment.
const stopping = stopSignal();
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

async function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const outcome = await runTool(command, args, { cwd: root, env, stop: stopping });
  return outcome === 'stalled' ? 1 : outcome;
}

/** A check without its own test count (lint, format, types) counts as one test. */
async function check(tier: string, command: string, args: string[]): Promise<TierResult> {
  log(`── ${tier}`);
  const code = await run(command, args);
  return code === 0 ? tierPassed(tier, 1) : tierFailed(tier, [`exited with ${code}`]);
}

/** Prints line coverage per folder; one check, with a failure for each folder below its floor (or without one). */
async function coverage(summaryFile: string): Promise<TierResult> {
  const tier = 'coverage';
  log(`── ${tier} (unit tier, lines)`);
  if (!existsSync(summaryFile)) return tierFailed(tier, ['no coverage summary was written']);
  const folders = coverageByFolder(JSON.parse(await readFile(summaryFile, 'utf8')) as CoverageSummary, root);
  const floors = await readCoverageFloors(join(root, COVERAGE_FLOORS));
  for (const line of coverageTable(folders, floors)) console.log(line);
  const problems = judgeCoverage(folders, floors);
  return problems.length === 0 ? tierPassed(tier, 1) : tierFailed(tier, problems);
}

async function playwright(reports: string, env: NodeJS.ProcessEnv): Promise<TierResult> {
  const tier = 'e2e';
  log(`── ${tier}`);
  const output = join(reports, 'e2e.json');
  const code = await run(bin('playwright'), ['test', '--reporter=list,json'], {
    ...env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: output,
  });
  if (!existsSync(output)) return tierFailed(tier, [`playwright exited with ${code} and wrote no report`]);
  return playwrightResult(tier, JSON.parse(await readFile(output, 'utf8')) as PlaywrightReport, code);
}

runCli(async () => {
  const started = Date.now();
  // CI mode in Vitest and Playwright: a stray `.only` fails the run instead of hiding every other test.
  process.env.CI ??= '1';
  await ensureTestPackages(log);
  await ensureControlPlaneBinaries(log, stopping);
  await ensureKubectl(log, stopping);
  await generatePrismaClient();

  const reports = await mkdtemp(join(tmpdir(), 'rackpilot-reports-'));
  const results: TierResult[] = [];
  results.push(await check('lint', bin('eslint'), ['--max-warnings', '0', '.']));
  results.push(await check('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']));
  results.push(await check('typecheck', bin('tsc'), ['--noEmit']));
  results.push(await check('migrations', bin('tsx'), ['server/db/new-migration.ts', '--check']));
  const coverageDir = join(reports, 'coverage');
  results.push(
    await vitestTier('unit', 'unit', {
      root,
      reports,
      env: process.env,
      stop: stopping,
      extraArgs: ['--coverage.enabled', `--coverage.reportsDirectory=${coverageDir}`],
    }),
  );
  results.push(await coverage(join(coverageDir, 'coverage-summary.json')));
  results.push(await vitestTier('config', 'config', { root, reports, env: process.env, stop: stopping }));

  try {
    await ensureNextBuild(root, log, stopping);
    log('starting the test control plane and PostgreSQL');
    const environment = await startTestEnvironment(log);
    try {
      const env = { ...process.env, ...environmentVariables(environment) };
      results.push(await vitestTier('integration', 'integration', { root, reports, env, stop: stopping }));
      results.push(await playwright(reports, env));
    } finally {
      await environment.stop();
    }
  } catch (error) {
    const why = `could not run: ${error instanceof Error ? error.message : String(error)}`;
    results.push(tierFailed('integration', [why]), tierFailed('e2e', [why]));
  } finally {
    await rm(reports, { recursive: true, force: true });
  }

  // A skip is allowed only with a reason in the allowlist; any other skip fails the run.
  const { allowed, unlisted } = judgeSkips(
    results.flatMap((r) => r.skipped),
    await readSkipAllowlist(join(root, SKIP_ALLOWLIST)),
  );
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0) + unlisted.length;
  console.log('');
  for (const r of results)
    console.log(`  ${r.tier.padEnd(12)} ${r.passed} passed, ${r.failed} failed, ${r.skipped.length} skipped`);
  for (const skip of allowed) console.log(`  skipped (allowed: ${skip.reason}): ${skip.test}`);
  for (const r of results) for (const test of r.flaky) console.log(`  flaky (passed on its retry): ${test}`);
  for (const r of results) for (const failure of r.failures) console.log(`  FAILED: ${r.tier}: ${failure}`);
  for (const test of unlisted)
    console.log(`  FAILED: skipped without an entry in ${SKIP_ALLOWLIST}: ${test}`);
  console.log(`  took ${Math.round((Date.now() - started) / 1000)} s`);
  console.log(`${passed} passed, ${failed} failed, ${allowed.length} skipped`);
  if (failed > 0) process.exitCode = 1;
});
