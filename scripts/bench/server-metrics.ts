/** How many objects of `resource` (plural, e.g. baremetalhosts) the server's informer caches hold. */
export async function cachedObjects(url: string, cookie: string, resource: string): Promise<number> {
  const metrics = await (await fetch(`${url}/api/metrics`, { headers: { cookie } })).text();
  const line = new RegExp(`^rackpilot_informer_objects\\{resource="${resource}"\\} (\\d+)`, 'm');
  return Number(line.exec(metrics)?.[1] ?? 0);
}

/** Resolves once the server's caches hold at least `count` objects of `resource`. */
export async function untilCached(
  url: string,
  cookie: string,
  resource: string,
  count: number,
): Promise<void> {
  while ((await cachedObjects(url, cookie, resource)) < count) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The value of an unlabelled series in Prometheus text, or NaN when it is missing. */
export function seriesValue(metrics: string, name: string): number {
  const line = new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics);
  return line?.[1] === undefined ? Number.NaN : Number(line[1]);
}

/**
 * The server's event-loop delay since the previous scrape, in ms (prom-client resets its histogram on
 * each scrape): what every request and socket of the process waited on at worst.
 */
export async function eventLoopDelay(url: string): Promise<{ p99: number; max: number }> {
  const metrics = await (await fetch(`${url}/api/metrics`)).text();
  return {
    p99: seriesValue(metrics, 'nodejs_eventloop_lag_p99_seconds') * 1000,
    max: seriesValue(metrics, 'nodejs_eventloop_lag_max_seconds') * 1000,
  };
}
