import { appRouter } from './root-router';

const subscriptionPaths = new Set(
  Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)
    .filter(([, procedure]) => procedure._def.type === 'subscription')
    .map(([path]) => path),
);

/** Whether a tRPC HTTP call (`<prefix>a.b` or a batch `<prefix>a.b,c.d`) names a subscription. */
export function callsSubscription(pathname: string, prefix: string): boolean {
  if (!pathname.startsWith(prefix)) return false;
  let paths: string[];
  try {
    paths = decodeURIComponent(pathname.slice(prefix.length)).split(',');
  } catch {
    return false;
  }
  return paths.some((path) => subscriptionPaths.has(path));
}
