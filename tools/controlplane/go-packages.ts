// What the control-plane builds compile, from their `go list -deps` lists.

/** One package of a build's list: its import path and the folder its source is in. */
export interface GoPackage {
  path: string;
  dir: string;
}

/** The `go list -f` template that prints a GoPackage per line (parsed by parseGoPackage). */
export const GO_PACKAGE_FORMAT = '{{.ImportPath}}\t{{.Dir}}';

export function parseGoPackage(line: string): GoPackage {
  const [path = '', dir = ''] = line.split('\t');
  return { path, dir };
}

/** In Go's standard library: the import path's first element has no dot. */
export function isStandard(path: string): boolean {
  return !(path.split('/')[0] ?? '').includes('.');
}

/** A standard package a program may name: not internal to the standard library, not vendored in it. */
function isPublicStandard(path: string): boolean {
  return isStandard(path) && !path.startsWith('vendor/') && !/(^|\/)internal(\/|$)/.test(path);
}

export interface CompilePlan {
  /** The public standard packages the lists use, to build first (their internal ones come with them). */
  standard: string[];
  /** Packages compiled in all: each source folder once, whichever builds import it. */
  total: number;
}

/**
 * Builds that run at once each compile the standard library they share: Go's cache keeps what one
 * finished, not what another is still compiling. Built once first, it is taken from the cache after.
 * The others are counted once per source folder: kwok's copies of the Kubernetes libraries are other
 * versions (other folders) and compile again, while a module at the same version in two builds
 * compiles once, the second build finding the first's result in the cache.
 */
export function compilePlan(lists: readonly (readonly GoPackage[])[]): CompilePlan {
  const all = lists.flat();
  const standard = new Set(all.filter(({ path }) => isStandard(path)).map(({ path }) => path));
  const others = new Set(
    all.filter(({ path }) => !isStandard(path)).map(({ path, dir }) => `${path}\t${dir}`),
  );
  return {
    standard: [...standard].filter(isPublicStandard).sort(),
    total: standard.size + others.size,
  };
}
