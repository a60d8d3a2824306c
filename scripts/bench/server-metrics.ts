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
 * Sum and count of a histogram over its series whose labels include `label` (e.g. `type="mutation"`),
 * added up across the other labels. Both are cumulative since the server started.
 */
export function histogramTotals(
  metrics: string,
  name: string,
  label: string,
): { sum: number; count: number } {
  let sum = 0;
  let count = 0;
  for (const line of metrics.split('\n')) {
    const match = /^(\w+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match?.[2]?.split(',').includes(label)) continue;
    if (match[1] === `${name}_sum`) sum += Number(match[3]);
    else if (match[1] === `${name}_count`) count += Number(match[3]);
  }
  return { sum, count };
}

/** What bench:load reads of the server each minute. */
export interface ServerSample {
  /**
   * Event-loop delay since the previous scrape, in ms (prom-client resets its histogram on each scrape):
   * what every request and socket of the process waited on at worst.
   */
  loop: { p99: number; max: number };
  /** The server's own time on mutations so far (seconds) and how many: its share of a caller's wait. */
  mutations: { sum: number; count: number };
}

export async function sampleServer(url: string): Promise<ServerSample> {
  const metrics = await (await fetch(`${url}/api/metrics`)).text();
  return {
    loop: {
      p99: seriesValue(metrics, 'nodejs_eventloop_lag_p99_seconds') * 1000,
      max: seriesValue(metrics, 'nodejs_eventloop_lag_max_seconds') * 1000,
    },
    mutations: histogramTotals(metrics, 'rackpilot_trpc_call_duration_seconds', 'type="mutation"'),
  };
}

/** The server's mean time per mutation between two samples, in ms; NaN when none finished. */
export function meanMutationMs(before: ServerSample | undefined, after: ServerSample | undefined): number {
  if (!before || !after) return Number.NaN;
  const count = after.mutations.count - before.mutations.count;
  return count > 0 ? ((after.mutations.sum - before.mutations.sum) / count) * 1000 : Number.NaN;
}
