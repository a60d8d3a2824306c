// Which installed packages the image carries: the ones the server and the Prisma CLI load, and everything
// those depend on, found the way Node resolves them (nearest node_modules first, then each parent's).
import { posix } from 'node:path';

export interface PackageManifest {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

export interface InstalledPackages {
  /** The manifest of the package installed at `dir` (relative to the project), or undefined if none. */
  manifest(dir: string): PackageManifest | undefined;
}

export interface ClosureOptions {
  /** Packages the image gets elsewhere or must not hold (Next's own trace, compilers, embedded databases). */
  excluded: (name: string) => boolean;
}

/** Where `name`, required from the package at `fromDir`, is installed; undefined when nowhere. */
export function resolvePackage(
  packages: InstalledPackages,
  fromDir: string,
  name: string,
): string | undefined {
  let dir = fromDir;
  for (;;) {
    const candidate = posix.join(dir, 'node_modules', name);
    if (packages.manifest(candidate)) return candidate;
    const parent = parentPackageDir(dir);
    if (parent === undefined) return undefined;
    dir = parent;
  }
}

// node_modules/a/node_modules/@s/b → node_modules/a → '' (the project); '' has no parent.
function parentPackageDir(dir: string): string | undefined {
  if (dir === '') return undefined;
  const at = dir.lastIndexOf('node_modules/');
  return at <= 0 ? '' : dir.slice(0, at - 1);
}

/**
 * The directories of every package reachable from `roots` through dependencies and installed optional
 * dependencies (native builds such as @node-rs/argon2's are optional ones), sorted. Peer and dev
 * dependencies are not followed: a peer the code really loads is a root itself. A required dependency
 * that is not installed is an error, since the image would fail when it is loaded; a root that is not is
 * skipped, as the bundle holds imports guarded by try (ws asks for bufferutil, which is optional).
 */
export function packageClosure(
  packages: InstalledPackages,
  roots: string[],
  options: ClosureOptions,
): string[] {
  const found = new Set<string>();
  const visit = (fromDir: string, name: string, required: boolean, by: string) => {
    if (options.excluded(name)) return;
    const dir = resolvePackage(packages, fromDir, name);
    if (dir === undefined) {
      if (required) throw new Error(`${name} (needed by ${by}) is not installed: run npm ci first`);
      return;
    }
    if (found.has(dir)) return;
    found.add(dir);
    const manifest = packages.manifest(dir) ?? {};
    for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dir, dependency, true, name);
    for (const dependency of Object.keys(manifest.optionalDependencies ?? {}))
      visit(dir, dependency, false, name);
  };
  for (const root of roots) visit('', root, false, 'the server');
  return [...found].sort();
}
