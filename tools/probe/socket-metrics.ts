/** What a console reports of its WebSockets on /api/metrics (server/api/socket-metrics.ts). */
export interface SocketMetrics {
  /** The most one socket has held at once since the server started (bytes). */
  peakQueued: number;
  /** RACKPILOT_SOCKET_QUEUE_BYTES. */
  queueLimit: number;
  closedBehind: number;
  closedUnanswered: number;
}

function value(metrics: string, series: string): number {
  const line = new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(metrics);
  return line?.[1] === undefined ? Number.NaN : Number(line[1]);
}

/** The console's WebSocket series, or undefined when /api/metrics is not reachable (a proxy may keep it in). */
export async function socketMetrics(url: string, signal?: AbortSignal): Promise<SocketMetrics | undefined> {
  const response = await fetch(`${url}/api/metrics`, { signal }).catch(() => undefined);
  if (!response?.ok) return undefined;
  const metrics = await response.text();
  return {
    peakQueued: value(metrics, 'rackpilot_websocket_queued_bytes_peak'),
    queueLimit: value(metrics, 'rackpilot_websocket_queue_limit_bytes'),
    closedBehind: value(metrics, 'rackpilot_websocket_closed_total{reason="behind"}'),
    closedUnanswered: value(metrics, 'rackpilot_websocket_closed_total{reason="unanswered"}'),
  };
}
