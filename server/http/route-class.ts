/** What a request path is, for deciding who may reach it. */
export type RouteClass = 'public' | 'auth' | 'trpc' | 'api' | 'login' | 'wall' | 'page';

const PUBLIC_PATHS = new Set(['/api/healthz', '/api/readyz', '/api/metrics', '/icon.svg']);

export function classifyPath(pathname: string): RouteClass {
  if (PUBLIC_PATHS.has(pathname) || pathname.startsWith('/_next/')) return 'public';
  if (pathname.startsWith('/api/auth/')) return 'auth';
  if (pathname.startsWith('/api/trpc/')) return 'trpc';
  if (pathname === '/api' || pathname.startsWith('/api/')) return 'api';
  if (pathname === '/login') return 'login';
  if (pathname === '/wall') return 'wall';
  return 'page';
}
