// npm run bench:load [-- --viewers 200 --rate 20 --minutes 5 --hosts 1000 --cpu-prof <dir> --node-flags '…' --server-log <file> --server-cpu <n> --no-hostile]
// The load the console holds: the whole compiled server (console, controllers, boot service) on a
// throw-away local control plane and embedded PostgreSQL with lab-shaped BareMetalHosts, N signed-in
// viewers each holding a WebSocket with the hosts list and the wall subscribed, and operators making
// M mutations per second through the tRPC HTTP API (tenant clusters created and deleted, hosts
// re-labelled) while /api/healthz is probed, and beside it a peer server that does no work (what a
// probe's answer costs on this machine under the same load, in the same run). Prints per-minute
// latencies, 5xx, the server's RSS and CPU per mutation, audit rows expected against present, and
// whether every viewer was shown every change. The viewers run in a process of their own (viewer-process.ts), so that parsing
// their frames does not delay the clocks of the operators and the probe, and the server's own
// event-loop delay is read from its metrics each minute. Beside the viewers, unless --no-hostile, two
// hostile viewers (hostile-clients.ts): one sending maximal batches, one that stops reading its socket.
// A script, not a test: it asserts nothing.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { KubeConfig } from '@kubernetes/client-node';
import pg from 'pg';
import type { HostPage } from '../../server/api/hosts/host-query';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath } from '../../server/kube/resource';
import { PENDING } from '../../server/access/audit-log';
import { RACK_LABEL } from '../../server/schemas/host-labels';
import { sipClusterResource } from '../../server/types/crds/sip-cluster';
import { ensureNextBuild } from '../../tools/build/ensure-next-build';
import { ensureServerBuild } from '../../tools/build/build-server.mjs';
import { LAB_SSH_KEYS_SECRET } from '../../tools/lab/lab-hosts';
import { sshKeysSecret } from '../../tools/lab/seed-plan';
import { generateEd25519SshKey } from '../../server/lib/ssh-key-pair';
import { signInAsAdmin, signInAsNew, type ConsoleClient } from '../../tools/testenv/console-client';
import { startServerProcess } from '../../tools/testenv/server-process';
import { memoryOf } from './process-memory';
import { startHealthzPeer } from './healthz-peer';
import { reserveCpu } from './cpu-placement';
import { seedLabHosts } from './seed-lab-hosts';
import { quantile } from './bench-statistics';
import { describeLoadAverages } from './run-load';
import { delivery, growth, overall, perMinute } from './load-statistics';
import { driveOperators } from './operator-load';
import { benchLog as log, inBatches, withThrowawayCluster } from './throwaway-cluster';
import { describeRequestDelta, readRequestCounts } from './apiserver-requests';
import { meanMs, observedBetween, sampleServer, type ServerSample } from './server-metrics';
import { forkViewers } from './viewer-pool';
import { describeHostile, describeSocketQueues } from './hostile-clients';

const NAMESPACE = 'bench-load';
const OPERATORS = 4;
const LIVE_CLUSTERS = 10;
/** After the load stops: time for the last changes to reach every viewer (views coalesce for up to 1 s). */
const SETTLE_MS = 10_000;
/** How long the deletions the load started may take to finish once it stops. */
const DELETIONS_MS = 60_000;
const RSS_SAMPLE_MS = 5_000;
/** Of the server's API requests by method and resource, how many kinds the summary names. */
const KUBE_REQUEST_KINDS_SHOWN = 12;

const { values } = parseArgs({
  options: {
    viewers: { type: 'string', default: '200' },
    rate: { type: 'string', default: '20' },
    minutes: { type: 'string', default: '5' },
    hosts: { type: 'string', default: '1000' },
    'cpu-prof': { type: 'string' },
    /** Flags for the server's node (e.g. --trace-gc), after the build's own. */
    'node-flags': { type: 'string', default: '' },
    /** Where to write what the server printed, once the run is over. */
    'server-log': { type: 'string' },
    /** A CPU for the server alone, everything else on the others (Linux, taskset). */
    'server-cpu': { type: 'string' },
    /** Beside the viewers, a viewer sending maximal batches and one that stops reading (hostile-clients.ts). */
    'no-hostile': { type: 'boolean', default: false },
  },
});
const viewerCount = Number(values.viewers);
const rate = Number(values.rate);
const minutes = Number(values.minutes);
const hostCount = Number(values.hosts);
const profileDir = values['cpu-prof'];
const nodeFlags = [
  ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
  ...values['node-flags'].split(' ').filter(Boolean),
];

async function createAccounts(
  admin: ConsoleClient,
  prefix: string,
  count: number,
  role: 'viewer' | 'operator',
) {
  const clients: ConsoleClient[] = [];
  await inBatches(
    Array.from({ length: count }, (_, i) => i),
    4,
    async (i) => {
      clients.push(await signInAsNew(admin, `${prefix}-${i}`, role));
    },
  );
  return clients;
}

async function waitForHosts(admin: ConsoleClient): Promise<HostPage> {
  for (;;) {
    const page = await admin.query<HostPage>('hosts.page', {});
    if ((page.data?.total ?? 0) >= hostCount && page.data) return page.data;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Waits (at most `limitMs`) until no tenant cluster is being deleted; returns how many still are. */
async function untilNoDeletions(kc: KubeConfig, limitMs: number): Promise<number> {
  const until = Date.now() + limitMs;
  for (;;) {
    const list = await kubeRequestJson<{ items: { metadata?: { deletionTimestamp?: string } }[] }>(
      kc,
      collectionPath(sipClusterResource, NAMESPACE),
    );
    const deleting = list.items.filter((item) => item.metadata?.deletionTimestamp).length;
    if (deleting === 0 || Date.now() >= until) return deleting;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The operators' audit rows by `<action> <key>` (as MutationAnswer keys them), with their result. */
async function auditRows(databaseUrl: string): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      action: string;
      target: string | null;
      rack: string | null;
      result: string;
    }>(
      `SELECT action, target, input->'labels'->>'${RACK_LABEL}' AS rack, result
         FROM audit_entries WHERE actor LIKE 'load-op-%'`,
    );
    return new Map(
      rows.map((row) => {
        const key = row.action === 'hosts.setLabels' ? row.rack : row.target?.split('/')[1];
        return [`${row.action} ${key ?? ''}`, row.result];
      }),
    );
  } finally {
    await client.end();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '–');
const root = process.cwd();
const build = await ensureServerBuild(root, log);
await ensureNextBuild(root, log);
const serverCpu = values['server-cpu'];
const placement = serverCpu === undefined ? undefined : await reserveCpu(serverCpu);
// Ends with this process if a run fails (it leaves when its IPC channel closes).
const peer = await startHealthzPeer();
const startedAt = new Date();
const loadBefore = loadavg();

await withThrowawayCluster(NAMESPACE, async ({ kc, kubeconfig }) => {
  await seedLabHosts(kc, NAMESPACE, hostCount);
  await kubeRequestJson(kc, `/api/v1/namespaces/${NAMESPACE}/secrets`, {
    method: 'POST',
    body: sshKeysSecret(NAMESPACE, generateEd25519SshKey('bench-load')),
  });
  const stateDir = await mkdtemp(join(tmpdir(), 'rackpilot-bench-load-'));
  const database = await startEmbeddedPostgres({ dataDir: join(stateDir, 'postgres') });
  const server = await startServerProcess(
    { kubeconfig, databaseUrl: database.url },
    { command: { build, nodeFlags } },
  ).catch(async (error: unknown) => {
    await database.stop();
    await rm(stateDir, { recursive: true, force: true });
    throw error;
  });
  try {
    await placement?.placeServer(server.pid);
    await placement?.placeServer(peer.pid);
    const admin = await signInAsAdmin(server.url);
    const firstPage = await waitForHosts(admin);
    log(`server caches ${hostCount} hosts; creating ${viewerCount} viewers and ${OPERATORS} operators`);
    const operators = await createAccounts(admin, 'load-op', OPERATORS, 'operator');
    const viewerClients = await createAccounts(admin, 'load-viewer', viewerCount, 'viewer');
    const [batcher, slowReader] = values['no-hostile']
      ? []
      : await createAccounts(admin, 'load-hostile', 2, 'viewer');
    const viewerProcess = await forkViewers(
      server.url,
      viewerClients.map((client) => client.cookie),
      batcher && slowReader
        ? { cookies: { batcher: batcher.cookie, slowReader: slowReader.cookie } }
        : undefined,
    );
    log(
      `${viewerCount} viewers subscribed${!values['no-hostile'] ? ', with a maximal batcher and a slow reader' : ''}; ${rate} mutations/s for ${minutes} min`,
    );

    const rss: number[][] = Array.from({ length: minutes }, () => []);
    const requestsBefore = await readRequestCounts(kc);
    // The first sample resets the loop-delay histogram; samples[i + 1] closes minute i + 1.
    const samples: ServerSample[] = [await sampleServer(server.url)];
    const loadStart = Date.now();
    const sampler = setInterval(() => {
      void memoryOf(server.pid).then((memory) => {
        rss[Math.floor((Date.now() - loadStart) / 60_000)]?.push(memory.rssMiB);
      });
    }, RSS_SAMPLE_MS);
    const loopSampler = setInterval(() => {
      void sampleServer(server.url).then((sample) => samples.push(sample));
    }, 60_000);
    const results = await driveOperators({
      url: server.url,
      cookies: operators.map((client) => client.cookie),
      rate,
      seconds: minutes * 60,
      namespace: NAMESPACE,
      hosts: firstPage.rows.map((row) => row.name),
      sshKeysSecret: LAB_SSH_KEYS_SECRET,
      liveClusters: LIVE_CLUSTERS,
      peerUrl: peer.url,
    });
    clearInterval(sampler);
    clearInterval(loopSampler);
    // The timer's last tick can fall just after the load stops.
    if (samples.length <= minutes) samples.push(await sampleServer(server.url));
    const requests = describeRequestDelta(
      requestsBefore,
      await readRequestCounts(kc),
      results.mutations.length,
    );
    // Deletions still finishing would change the cluster count after the viewers report.
    const pending = await untilNoDeletions(kc, DELETIONS_MS);
    if (pending > 0) log(`${pending} tenant clusters still being deleted after ${DELETIONS_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const loadAfter = loadavg();
    const { viewers, hostile } = await viewerProcess.report();
    const serverMetrics = await (
      await fetch(`${server.url}/api/metrics`, { headers: { cookie: admin.cookie } })
    ).text();

    const shown = delivery(
      results.labelChanges,
      viewers.map((viewer) => viewer.sightings),
    );
    const clusterList = await kubeRequestJson<{ items: unknown[] }>(
      kc,
      collectionPath(sipClusterResource, NAMESPACE),
    );
    const clustersNow = clusterList.items.length;
    const wallAgrees = viewers.filter((viewer) => viewer.wallClusters === clustersNow).length;
    const lost = viewers.filter((viewer) => viewer.lost);
    const audit = await auditRows(database.url);

    const healthzMinutes = perMinute(results.healthz, loadStart, minutes);
    const peerMinutes = perMinute(results.peerHealthz, loadStart, minutes);
    const mutationMinutes = perMinute(results.mutations, loadStart, minutes);
    const rssMinutes = rss.map((samples) => samples.at(-1) ?? Number.NaN);
    const peakRss = Math.max(...rss.flat());
    console.log(
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
    );
    console.log(
      `run: ${startedAt.toISOString()}, ${viewerCount} viewers, ${rate} mutations/s offered, ${minutes} min, ${hostCount} hosts; ` +
        describeLoadAverages(loadBefore, loadAfter) +
        (placement
          ? `; the server and the healthz peer on CPU ${serverCpu}, everything else on CPU ${placement.others}`
          : ''),
    );
    console.log(
      '| minute | healthz n | healthz p50 (ms) | healthz p99 (ms) | peer healthz p50 / p99 (ms) | mutations n | mutation p50 (ms) | mutation p99 (ms) | mutation mean: caller / server (ms) | 5xx | RSS (MiB) | server loop delay p99 / max (ms) |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    healthzMinutes.forEach((h, i) => {
      const m = mutationMinutes[i];
      const loop = samples[i + 1]?.loop;
      const p = peerMinutes[i];
      console.log(
        `| ${h.minute} | ${h.count} | ${ms(h.p50)} | ${ms(h.p99)} | ${ms(p?.p50 ?? NaN)} / ${ms(p?.p99 ?? NaN)} | ${m?.count ?? 0} | ${ms(m?.p50 ?? NaN)} | ${ms(m?.p99 ?? NaN)} | ${ms(m?.mean ?? NaN)} / ${ms(meanMs(samples[i]?.mutations, samples[i + 1]?.mutations))} | ${h.serverErrors + (m?.serverErrors ?? 0)} | ${ms(rssMinutes[i] ?? NaN)} | ${ms(loop?.p99 ?? NaN)} / ${ms(loop?.max ?? NaN)} |`,
      );
    });
    const h = overall(results.healthz);
    const peerH = overall(results.peerHealthz);
    const m = overall(results.mutations);
    const serverErrors = [...results.healthz, ...results.mutations].filter((a) => a.status >= 500).length;
    const byStatus = new Map<string, number>();
    for (const answer of results.mutations) {
      const key = `${answer.action} ${answer.status}`;
      byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
    }
    console.log(`mutation answers: ${[...byStatus].map(([key, n]) => `${key}: ${n}`).join(', ')}`);
    const procedures = [...new Set(results.mutations.map((a) => a.action))];
    console.log(
      `mutation mean by procedure, caller / server's call: ${procedures
        .map((action) => {
          const caller = overall(results.mutations.filter((a) => a.action === action)).mean;
          // A procedure not called before the load has no series yet in the first sample.
          const server = meanMs(
            samples[0]?.mutationsByProcedure.get(action) ?? { sum: 0, count: 0 },
            samples.at(-1)?.mutationsByProcedure.get(action),
          );
          return `${action} ${ms(caller)} / ${ms(server)} ms`;
        })
        .join(', ')}`,
    );
    const kubeDuring = observedBetween(samples[0]?.kubeRequests, samples.at(-1)?.kubeRequests);
    console.log(
      `the server's requests to the API server during the load, mean from sending to the answer (requests), most time first: ${kubeDuring
        .slice(0, KUBE_REQUEST_KINDS_SHOWN)
        .map((kind) => `${kind.key} ${ms((kind.seconds / kind.count) * 1000)} ms (${kind.count})`)
        .join(', ')}`,
    );
    const cpuDuring = (samples.at(-1)?.cpuSeconds ?? Number.NaN) - (samples[0]?.cpuSeconds ?? Number.NaN);
    console.log(
      `the server's CPU during the load: ${cpuDuring.toFixed(1)} s, ${((cpuDuring / results.mutations.length) * 1000).toFixed(1)} ms per answered mutation`,
    );
    const plansDuring = observedBetween(samples[0]?.plans, samples.at(-1)?.plans);
    console.log(
      `the controllers' plans during the load, process CPU while planning (plans, mean): ${plansDuring
        .map(
          (plans) =>
            `${plans.key} ${plans.seconds.toFixed(1)} s (${plans.count}, ${((plans.seconds / plans.count) * 1000).toFixed(1)} ms)`,
        )
        .join(', ')}`,
    );
    for (const error of results.serverErrors) console.log(`5xx: ${error}`);
    console.log(
      `unanswered (timeouts, resets): mutations ${results.unanswered.mutations}, healthz ${results.unanswered.healthz}, peer healthz ${results.unanswered.peerHealthz}`,
    );
    // A 5xx is refused before anything changes (session check, audit intent): it owes no row.
    const changes = results.mutations.filter((a) => a.status < 500);
    const rowResults = changes.map((a) => audit.get(`${a.action} ${a.key}`));
    const missingRows = rowResults.filter((result) => result === undefined).length;
    const pendingRows = rowResults.filter((result) => result === PENDING).length;
    const unansweredRows = audit.size - (changes.length - missingRows);
    const rssGrowth = growth(rssMinutes);
    const achieved = results.mutations.length / (minutes * 60);
    const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
    console.log(
      [
        `achieved ${achieved.toFixed(1)} mutations/s of ${rate} offered`,
        `healthz p50 ${ms(h.p50)} ms, p99 ${ms(h.p99)} ms (target p99 < 50: ${verdict(h.p99 < 50)}); ` +
          `the peer that does no work, same probe, same time: p50 ${ms(peerH.p50)} ms, p99 ${ms(peerH.p99)} ms (server / peer at p99: ${(h.p99 / peerH.p99).toFixed(2)})`,
        `mutation p50 ${ms(m.p50)} ms, p99 ${ms(m.p99)} ms (targets p50 < 250, p99 < 1000: ${verdict(m.p50 < 250 && m.p99 < 1000)}); ` +
          `mean ${ms(m.mean)} ms, of which inside the tRPC call on the server ${ms(meanMs(samples[0]?.mutations, samples.at(-1)?.mutations))} ms`,
        `5xx: ${serverErrors} (target 0: ${verdict(serverErrors === 0)})`,
        `audit rows: ${changes.length - missingRows} of ${changes.length} mutations answered below 500 have theirs, ${pendingRows} still pending; ${unansweredRows} rows of calls still in flight at the end (target none lost: ${verdict(missingRows === 0 && pendingRows === 0)})`,
        `RSS ${ms(rssMinutes[0] ?? NaN)} → ${ms(rssMinutes.at(-1) ?? NaN)} MiB, growth ${(rssGrowth * 100).toFixed(1)} %, peak ${ms(peakRss)} MiB (target < 15 %: ${verdict(rssGrowth < 0.15)})`,
        `label changes shown: ${shown.received} of ${shown.expected} viewer×change pairs, ${shown.completeViewers} of ${viewers.length} viewers shown every change (target all: ${verdict(shown.received === shown.expected && shown.expected > 0)})`,
        `answer → shown p50 ${ms(quantile(shown.latencies, 0.5))} ms, p99 ${ms(quantile(shown.latencies, 0.99))} ms`,
        `wall shows the ${clustersNow} tenant clusters that exist for ${wallAgrees} of ${viewers.length} viewers (shown: ${[...new Set(viewers.map((v) => v.wallClusters))].join(', ')})`,
        `API server requests per mutation answered (every client, the control plane's own included): ${requests.total.toFixed(1)}; ${requests.byKind}`,
        `views per viewer: mean ${(viewers.reduce((n, v) => n + v.views, 0) / viewers.length).toFixed(1)} new, ${(viewers.reduce((n, v) => n + v.unchanged, 0) / viewers.length).toFixed(1)} unchanged; viewers that lost a subscription: ${lost.length}${lost[0] ? ` (first: ${lost[0].lost ?? ''})` : ''}`,
        hostile ? describeHostile(hostile) : 'hostile clients: not run (--no-hostile)',
        describeSocketQueues(serverMetrics),
      ].join('\n'),
    );
  } finally {
    await server.stop();
    if (values['server-log']) await writeFile(values['server-log'], server.output());
    await database.stop();
    await rm(stateDir, { recursive: true, force: true });
  }
});
peer.stop();
process.exit(0);
