import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  buildStaged,
  cacheRoot,
  digestOf,
  ensureBuilt,
  goEnv,
  packageCount,
  readModule,
} from './control-plane-binaries';

/**
 * A small Go program built on first use into the cache: one of this repository, or one from the Go
 * module proxy required by a wrapper module of this repository (`target` names its main package).
 */
export interface GoProgram {
  /** The module directory, holding go.mod, go.sum (when it has dependencies) and the .go files. */
  module: string;
  /** The main package to build, inside the module or a module it requires; the module itself if unset. */
  target?: string;
  /** The binary's name, and its folder's in the cache. */
  name: string;
  /** What the logs and a missing Go call it. */
  what: string;
  /** Follows "install Go" in the error when Go is missing: what else the user may do. */
  advice: string;
  /** Names the build's folder in front of the digest (e.g. the version of its main dependency). */
  label: (mod: string) => string;
}

/** Where the program's build is cached: keyed by its module and source, so an edit builds it anew. */
export async function goProgramBuild(program: GoProgram): Promise<{ dir: string; mod: string }> {
  const mod = await readFile(join(program.module, 'go.mod'), 'utf8');
  const files = await readdir(program.module);
  const sum = files.includes('go.sum') ? (await readModule(program.module)).sum : '';
  const goFiles = files.filter((name) => name.endsWith('.go')).sort();
  const source = (
    await Promise.all(
      goFiles.map(async (name) => `${name}\n${await readFile(join(program.module, name), 'utf8')}`),
    )
  ).join('\n');
  return {
    dir: join(cacheRoot(), program.name, `${program.label(mod)}-${digestOf(mod, sum, source)}`),
    mod,
  };
}

/** Builds the program once per machine (seconds: it is small) and returns its binary's path. */
export async function ensureGoProgram(
  program: GoProgram,
  log: (line: string) => void,
  signal?: AbortSignal,
): Promise<string> {
  const { dir, mod } = await goProgramBuild(program);
  const env = goEnv();
  const target = program.target ?? '.';
  await ensureBuilt(
    dir,
    mod,
    program.what,
    async () =>
      buildStaged(
        dir,
        await packageCount(program.module, [target], env, signal),
        log,
        (go, staging) =>
          go('-s -w', ['-o', join(staging, program.name), target], { cwd: program.module, env }),
        signal,
      ),
    log,
    signal,
    program.advice,
  );
  return join(dir, program.name);
}
