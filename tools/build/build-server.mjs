// Builds what `npm start` runs: the start script and the server as plain ES modules with source maps
// (node --enable-source-maps names the .ts lines in stack traces), so no TypeScript loader is in the
// running process. Plain Node like bootstrap.mjs, which calls it before handing over. The build is
// reused while every file it was made from is unchanged (docs/decisions.md, "Compiled server").
import { spawnSync } from 'node:child_process';
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire, isBuiltin } from 'node:module';
import { join, relative, sep } from 'node:path';

/**
 * How Node runs a build: source maps so that stack traces name the .ts files and lines, and V8's heap
 * held small without `--optimize-for-size`, which made every console request slower: a young
 * generation of at most 2 MiB a semi-space and an old generation that grows by half (docs/decisions.md,
 * "V8 tuned for memory").
 */
export const RUNTIME_FLAGS = ['--enable-source-maps', '--max-semi-space-size=2', '--heap-growing-percent=50'];

/**
 * The environment a build runs in besides the caller's: glibc's allocator keeps one arena rather than
 * one per thread (V8's and libuv's threads each took one). Peak RSS of the SIP controller at 2,500 hosts:
 * 123–126 MiB with glibc's limit, 119–123 with two arenas, 114–118 with one, no slower (docs/benchmarks.md,
 * 2026-11-27). The container image sets it too.
 */
export const RUNTIME_ENV = { MALLOC_ARENA_MAX: '1' };

/** `env` over RUNTIME_ENV: what the caller sets wins, so an operator (or a benchmark) can tune it. */
export function runtimeEnv(env) {
  return { ...RUNTIME_ENV, ...env };
}

/**
 * What `npm start` runs. Output name → source: `start` brings up the local cluster and the server,
 * `serve` is the server alone (benchmarks, images).
 */
export const SERVER_BUILD = {
  dir: '.build/server',
  entryPoints: { start: 'scripts/cli/start.ts', serve: 'server/serve.ts' },
};

// Bundled rather than loaded from node_modules. The Kubernetes client: its index loads its whole
// generated API client (about 75 MiB and 0.4 s at start) though the server uses only KubeConfig from
// it; bundled, only what that reaches is kept (docs/benchmarks.md, "What the Kubernetes client costs").
// The CommonJS packages the server imports: the first `import` of a CommonJS package from an ES module
// starts Node's CommonJS export lexer (WebAssembly, about 6 MiB resident for the process's life), and
// bundled they are plain functions (docs/benchmarks.md, "Where our fixed memory goes").
const bundledPackages = ['@kubernetes/client-node', 'ipaddr.js', 'prom-client', 'yaml', 'p-limit'];

// Besides the modules the bundle reports: what decides how they are compiled and what they import.
const buildInputs = [
  'tools/build/build-server.mjs',
  'tsconfig.json',
  'package-lock.json',
  'prisma/schema.prisma',
];

function fingerprint(root, files) {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    const path = join(root, file);
    hash.update(file);
    hash.update(existsSync(path) ? readFileSync(path) : 'missing');
  }
  return hash.digest('hex');
}

/** The package an import names: `@scope/name` or `name`, without a path inside it. */
export function packageOf(specifier) {
  const parts = specifier.split('/');
  return parts.slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
}

/** The packages the outputs load from node_modules at run time (what the container image must carry). */
function runtimePackages(metafile) {
  const names = Object.values(metafile.outputs)
    .flatMap((output) => output.imports)
    .filter((imported) => imported.external && /^[^./]/.test(imported.path) && !isBuiltin(imported.path))
    .map((imported) => packageOf(imported.path));
  return [...new Set(names)].sort();
}

/** Packages of the test suite: where the server runs they are not installed, and they cost memory. */
const TEST_PACKAGES = ['vitest', '@vitest', '@playwright', 'playwright'];

/** Throws naming the module of a build that imports a test package (a test helper leaking in). */
export function refuseTestPackages(metafile) {
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    for (const imported of imports) {
      if (imported.external && TEST_PACKAGES.includes(packageOf(imported.path).split('/')[0]))
        throw new Error(
          `${input} imports ${imported.path}: a build must not import the test suite's packages`,
        );
    }
  }
}

function isBundled(specifier) {
  return bundledPackages.some((name) => specifier === name || specifier.startsWith(`${name}/`));
}

/** Packages stay in node_modules, except the bundled ones and whatever they import themselves. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (
        args.path.startsWith('node:') ||
        !(isBundled(args.path) || args.importer.includes(`${sep}node_modules${sep}`))
      )
        return { path: args.path, external: true };
      return undefined;
    });
  },
};

/**
 * The bundled packages' modules count as free of side effects, so esbuild keeps only what the server's
 * imports reach. The Kubernetes client's index re-exports every module of the package (the generated
 * models and their serializer, exec/attach/cp with ws and tar, the node-fetch stack with tr46's tables)
 * and its package.json does not say they may be dropped; the server needs KubeConfig alone from it.
 */
const sideEffectFreePackages = {
  name: 'side-effect-free-packages',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === sideEffectFreePackages || !isBundledModule(args)) return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: sideEffectFreePackages,
      });
      if (resolved.errors.length > 0 || resolved.external) return undefined;
      return { ...resolved, sideEffects: false };
    });
  },
};

/** Whether an import names a bundled package or comes from inside one. */
function isBundledModule({ path, importer }) {
  return (
    isBundled(path) ||
    bundledPackages.some((name) =>
      importer.includes(`${sep}node_modules${sep}${name.split('/').join(sep)}${sep}`),
    )
  );
}

/**
 * node-fetch (the Kubernetes client's, for its Headers) takes `URL` from node:url and falls back to the
 * whatwg-url package only where node:url has none, which no Node the server runs on lacks. Bundled as
 * is, whatwg-url and tr46's Unicode tables (290 KiB) were parsed and kept at every start; the fallback
 * is given Node's own URL instead.
 */
const nodeUrlForNodeFetch = {
  name: 'node-url-for-node-fetch',
  setup(build) {
    build.onResolve({ filter: /^whatwg-url$/ }, (args) =>
      args.importer.includes(`${sep}node_modules${sep}node-fetch${sep}`)
        ? { path: 'whatwg-url', namespace: 'node-url' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'node-url' }, () => ({
      contents: "import { URL } from 'node:url'; export { URL }; export default { URL };",
      loader: 'js',
    }));
  },
};

/**
 * Each module keeps its own `import.meta.url`: modules find files next to them (the CRDs, the
 * repository root, binaries), and in one bundle they would all get the bundle's address instead.
 */
function sourceLocations(outdir) {
  return {
    name: 'source-locations',
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const fromBundle = relative(outdir, args.path).split(sep).join('/');
        return {
          contents: source.replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
          ),
          loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
        };
      });
    },
  };
}

/** The file, next to the bundle, that holds Prisma's query compiler as WebAssembly bytes. */
export const QUERY_COMPILER_WASM = 'query_compiler_bg.postgresql.wasm';

/**
 * Prisma's generated client imports its query compiler as a module exporting the WebAssembly as one
 * base64 string (2.6 MB), which V8 then held twice, as the module's source and as the string (5 MiB of
 * heap, 6 MiB of RSS, docs/benchmarks.md "Where the boot service's memory goes"). The build decodes it
 * once into a file beside the bundle and gives the client that file's bytes instead: the client passes
 * them to `Buffer.from(wasm, 'base64')`, which copies a Buffer whatever the encoding.
 */
function queryCompilerFromFile(outdir) {
  return {
    name: 'query-compiler-from-file',
    setup(build) {
      build.onResolve(
        { filter: /^@prisma\/client\/runtime\/query_compiler_bg\.postgresql\.wasm-base64\.mjs$/ },
        (args) => ({
          path: args.path,
          namespace: 'query-compiler-from-file',
        }),
      );
      build.onLoad({ filter: /.*/, namespace: 'query-compiler-from-file' }, async (args) => {
        const { wasm } = await import(
          createRequire(join(build.initialOptions.absWorkingDir, 'package.json')).resolve(args.path)
        );
        mkdirSync(outdir, { recursive: true });
        writeFileSync(join(outdir, QUERY_COMPILER_WASM), Buffer.from(wasm, 'base64'));
        return {
          contents: `import { readFileSync } from 'node:fs'; export const wasm = readFileSync(new URL(${JSON.stringify(`./${QUERY_COMPILER_WASM}`)}, import.meta.url));`,
          loader: 'js',
        };
      });
    },
  };
}

function generatePrismaClient(root) {
  const run = spawnSync(join(root, 'node_modules', '.bin', 'prisma'), ['generate'], {
    cwd: root,
    env: { ...process.env, CHECKPOINT_DISABLE: '1', PRISMA_HIDE_UPDATE_MESSAGE: '1', NO_COLOR: '1' },
    encoding: 'utf8',
  });
  if (run.status !== 0) {
    process.stderr.write(`${run.stdout}${run.stderr}`);
    throw new Error('prisma generate failed; see the output above');
  }
}

/** esbuild's options for a build into `outdir`, everything but what to build. */
export function bundleOptions(root, outdir) {
  return {
    absWorkingDir: root,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    sourcesContent: false,
    // No keepNames: identifiers are not minified, so functions keep their names anyway, and its helper
    // ran on every closure the server created (5 % of its busy time under bench:console's writes).
    // Drops the comments too: a single non-Latin-1 character in one would make V8 hold the whole
    // bundle's source as a two-byte string (4 MiB instead of 1.5). Stack traces go through the maps.
    minifyWhitespace: true,
    metafile: true,
    logLevel: 'warning',
    // Bundled CommonJS dependencies call require(); an ES module has none unless it makes one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // First: externalPackages would leave the query compiler's module in node_modules.
    plugins: [
      queryCompilerFromFile(outdir),
      externalPackages,
      nodeUrlForNodeFetch,
      sideEffectFreePackages,
      sourceLocations(outdir),
    ],
  };
}

/**
 * Builds `target` (default: the server) unless its last build was made from exactly the current files;
 * returns the output directory, which holds `<name>.mjs` for each entry point and `packages.json`, the
 * packages they import from node_modules.
 */
export async function ensureServerBuild(root, log, target = SERVER_BUILD) {
  const { entryPoints } = target;
  const outdir = join(root, target.dir);
  const stampPath = join(outdir, 'inputs.json');
  const outputs = Object.keys(entryPoints).map((name) => join(outdir, `${name}.mjs`));
  if (existsSync(stampPath) && outputs.every((output) => existsSync(output))) {
    const stamp = JSON.parse(readFileSync(stampPath, 'utf8'));
    if (stamp.fingerprint === fingerprint(root, stamp.inputs)) return outdir;
  }
  log(`building ${target.dir} (esbuild)`);
  // The generated database client is compiled into the bundle, so it is made from the schema first.
  generatePrismaClient(root);
  const esbuild = await import('esbuild');
  // esbuild's service process would otherwise live on beside the server for nothing.
  const result = await esbuild
    .build({ ...bundleOptions(root, outdir), entryPoints, outExtension: { '.js': '.mjs' } })
    .finally(() => esbuild.stop());
  refuseTestPackages(result.metafile);
  const modules = Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/'));
  const inputs = [...new Set([...modules, ...buildInputs])];
  mkdirSync(outdir, { recursive: true });
  writeFileSync(join(outdir, 'packages.json'), JSON.stringify(runtimePackages(result.metafile)));
  writeFileSync(stampPath, JSON.stringify({ fingerprint: fingerprint(root, inputs), inputs }));
  return outdir;
}
