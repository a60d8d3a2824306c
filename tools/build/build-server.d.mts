// Types for build-server.mjs, which is plain JavaScript so that bootstrap.mjs can run it before any
// TypeScript loader exists.
export interface BuildTarget {
  /** Output directory, relative to the repository root. */
  dir: string;
  /** Output name (`<name>.mjs`) → source file. */
  entryPoints: Record<string, string>;
}

export const SERVER_BUILD: BuildTarget;

export const RUNTIME_FLAGS: string[];

export const RUNTIME_ENV: Record<string, string>;

/** The file beside a build's bundle that holds Prisma's query compiler (WebAssembly). */
export const QUERY_COMPILER_WASM: string;

export function runtimeEnv<E extends Record<string, string | undefined>>(env: E): E;

export function ensureServerBuild(
  root: string,
  log: (line: string) => void,
  target?: BuildTarget,
): Promise<string>;

export function refuseTestPackages(metafile: {
  inputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
}): void;

export function bundleOptions(root: string, outdir: string): import('esbuild').BuildOptions;
