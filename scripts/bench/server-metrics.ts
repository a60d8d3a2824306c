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

/** Sum and count of a histogram's observations, cumulative since the server started. */
export interface HistogramTotals {
  sum: number;
  count: number;
}

/**
 * Sum and count of a histogram over its series whose labels include `label` (e.g. `type="mutation"`;
 * undefined: every series), grouped by the values of the labels `groupBy` (joined by a space) and added
 * up across the others.
 */
export function histogramGroups(
  metrics: string,
  name: string,
  label: string | undefined,
  groupBy: string | readonly string[],
): Map<string, HistogramTotals> {
  const groups = new Map<string, HistogramTotals>();
  for (const line of metrics.split('\n')) {
    const match = /^(\w+)\{([^}]*)\} (\S+)$/.exec(line);
    const labels = match?.[2]?.split(',') ?? [];
    if (!match || (label !== undefined && !labels.includes(label))) continue;
    const valueOf = (name: string) =>
      /^\w+="(.*)"$/.exec(labels.find((l) => l.startsWith(`${name}=`)) ?? '')?.[1] ?? '';
    const key = [groupBy].flat().map(valueOf).join(' ');
    const group = groups.get(key) ?? { sum: 0, count: 0 };
    if (match[1] === `${name}_sum`) group.sum += Number(match[3]);
    else if (match[1] === `${name}_count`) group.count += Number(match[3]);
    else continue;
    groups.set(key, group);
  }
  return groups;
}

/** The same over every group: one sum and count. */
export function histogramTotals(metrics: string, name: string, label: string): HistogramTotals {
  const total = { sum: 0, count: 0 };
  for (const group of histogramGroups(metrics, name, label, '').values()) {
    total.sum += group.sum;
    total.count += group.count;
  }
  return total;
}

/** What bench:load reads of the server each minute. */
export interface ServerSample {
  /**
   * Event-loop delay since the previous scrape, in ms (prom-client resets its histogram on each scrape):
   * what every request and socket of the process waited on at worst.
   */
  loop: { p99: number; max: number };
  /** The server's own time on mutations so far (seconds) and how many: its share of a caller's wait. */
  mutations: HistogramTotals;
  /** The same per procedure. */
  mutationsByProcedure: Map<string, HistogramTotals>;
  /**
   * The server's requests to the API server so far (seconds to each answer, as it saw them) by HTTP
   * method and resource (`PATCH baremetalhosts`).
   */
  kubeRequests: Map<string, HistogramTotals>;
  /** The controllers' plans so far (process CPU seconds per plan) by controller. */
  plans: Map<string, HistogramTotals>;
  /** The server process's CPU time so far (user and system, seconds). */
  cpuSeconds: number;
}

const CALLS = 'rackpilot_trpc_call_duration_seconds';
const MUTATION = 'type="mutation"';
const KUBE_REQUESTS = 'rackpilot_kube_request_duration_seconds';

export async function sampleServer(url: string): Promise<ServerSample> {
  const metrics = await (await fetch(`${url}/api/metrics`)).text();
  return {
    loop: {
      p99: seriesValue(metrics, 'nodejs_eventloop_lag_p99_seconds') * 1000,
      max: seriesValue(metrics, 'nodejs_eventloop_lag_max_seconds') * 1000,
    },
    mutations: histogramTotals(metrics, CALLS, MUTATION),
    mutationsByProcedure: histogramGroups(metrics, CALLS, MUTATION, 'procedure'),
    kubeRequests: histogramGroups(metrics, KUBE_REQUESTS, undefined, ['method', 'resource']),
    plans: histogramGroups(metrics, 'rackpilot_plan_cpu_seconds', undefined, 'controller'),
    cpuSeconds: seriesValue(metrics, 'process_cpu_seconds_total'),
  };
}

/** Per group, what was observed between two readings of grouped histograms: groups with none left out, most time first. */
export function observedBetween(
  before: ReadonlyMap<string, HistogramTotals> | undefined,
  after: ReadonlyMap<string, HistogramTotals> | undefined,
): { key: string; seconds: number; count: number }[] {
  return [...(after ?? [])]
    .map(([key, totals]) => {
      const start = before?.get(key) ?? { sum: 0, count: 0 };
      return { key, seconds: totals.sum - start.sum, count: totals.count - start.count };
    })
    .filter((group) => group.count > 0)
    .sort((a, b) => b.seconds - a.seconds);
}

/** The mean time per observation between two readings of a histogram, in ms; NaN when none finished. */
export function meanMs(before: HistogramTotals | undefined, after: HistogramTotals | undefined): number {
  if (!before || !after) return Number.NaN;
  const count = after.count - before.count;
  return count > 0 ? ((after.sum - before.sum) / count) * 1000 : Number.NaN;
}
