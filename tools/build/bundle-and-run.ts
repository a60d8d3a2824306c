// Builds a snippet with the server's esbuild options and runs it in a Node process of its own:
// what the bundle keeps of the packages it imports, and what the snippet printed.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { bundleOptions } from './build-server.mjs';

const execFileAsync = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

export interface BundledRun {
  /** The modules the output holds (esbuild lists those it read and then dropped as well). */
  inputs: string[];
  externals: string[];
  stderr: string;
  printed: unknown;
  /** What the build wrote into its output directory. */
  files: string[];
}

export async function bundleAndRun(entry: string): Promise<BundledRun> {
  const outdir = await mkdtemp(join(tmpdir(), 'bundle-options-'));
  try {
    const result = await build({
      ...bundleOptions(root, outdir),
      stdin: { contents: entry, resolveDir: root, sourcefile: 'entry.ts', loader: 'ts' },
      outfile: join(outdir, 'entry.mjs'),
      outdir: undefined,
    });
    const outputs = Object.values(result.metafile?.outputs ?? {});
    const run = await execFileAsync(process.execPath, [join(outdir, 'entry.mjs')], { encoding: 'utf8' });
    return {
      inputs: outputs.flatMap((output) =>
        Object.entries(output.inputs)
          .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
          .map(([input]) => input),
      ),
      externals: outputs.flatMap((output) =>
        output.imports.filter((imported) => imported.external).map((imported) => imported.path),
      ),
      stderr: run.stderr,
      printed: JSON.parse(run.stdout) as unknown,
      files: await readdir(outdir),
    };
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}
