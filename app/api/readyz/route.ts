import { startingReadiness } from '@/server/health';
import { getRuntime } from '@/server/runtime';

export const dynamic = 'force-dynamic';

export function GET(): Response {
  const readiness = getRuntime()?.readiness.current() ?? startingReadiness();
  return Response.json(readiness, {
    status: readiness.ready ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  });
}
