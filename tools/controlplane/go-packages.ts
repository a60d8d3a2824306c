// What the control-plane builds compile, from their `go list -deps` lists.

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
  /** Packages compiled in all: the standard ones once, every list's others each time. */
  total: number;
}

/**
 * Builds that run at once each compile the standard library they share: Go's cache keeps what one
 * finished, not what another is still compiling. Built once first, it is taken from the cache after.
 */
export function compilePlan(lists: readonly (readonly string[])[]): CompilePlan {
  const standard = new Set(lists.flat().filter(isStandard));
  const others = lists.reduce((sum, list) => sum + list.filter((path) => !isStandard(path)).length, 0);
  return {
    standard: [...standard].filter(isPublicStandard).sort(),
    total: standard.size + others,
  };
}
