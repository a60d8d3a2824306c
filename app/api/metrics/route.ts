import { getRuntime } from '@/server/runtime';

export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const runtime = getRuntime();
  if (!runtime) return new Response('server is starting\n', { status: 503 });
  const { registry } = runtime.metrics;
  return new Response(await registry.metrics(), { headers: { 'content-type': registry.contentType } });
}
