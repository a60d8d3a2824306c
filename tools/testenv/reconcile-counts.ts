export interface ReconcileCount {
  controller: string;
  result: string;
  count: number;
}

/** A running server's `rackpilot_reconcile_total` series, read from its /api/metrics. */
export async function reconcileCounts(serverUrl: string): Promise<ReconcileCount[]> {
  const metrics = await (await fetch(`${serverUrl}/api/metrics`)).text();
  return [
    ...metrics.matchAll(/^rackpilot_reconcile_total\{controller="([^"]+)",result="([^"]+)"\} (\d+)/gm),
  ].map(([, controller = '', result = '', count = '0']) => ({ controller, result, count: Number(count) }));
}
