import { checkReadiness } from '@/server/health';
import { getRuntime } from '@/server/runtime';

export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const readiness = await checkReadiness(getRuntime());
  return Response.json(readiness, {
    status: readiness.ready ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  });
}
