// The operators' side of bench-load: tenant clusters created and deleted and hosts re-labelled through
// the console's tRPC HTTP API at a set rate, and /api/healthz asked alongside as a probe would (of the
// server and of a peer that does no work), all driven by autocannon for the whole run. Every answer is
// kept with its time so it can be grouped by minute.
import autocannon from 'autocannon';
import { RACK_LABEL } from '../../server/schemas/host-labels';
import { defaultSipClusterForm, type SipClusterForm } from '../../server/schemas/sip-cluster-form';
import type { Answer, Change } from './load-statistics';

export type MutationAction = 'clusters.create' | 'clusters.delete' | 'hosts.setLabels';

export interface MutationAnswer extends Answer {
  action: MutationAction;
  /** What its audit row is found by: the cluster's name, or the rack value a label write set. */
  key: string;
}

export interface OperatorLoad {
  url: string;
  /** Session cookies of operator accounts; requests take them in turn. */
  cookies: readonly string[];
  /** Mutations per second over all connections. */
  rate: number;
  seconds: number;
  namespace: string;
  /** Hosts to re-label (those the viewers' page shows). */
  hosts: readonly string[];
  /** The Secret the clusters' jump hosts read their keys from. */
  sshKeysSecret: string;
  /** Clusters kept alive: below this a cluster is created, at it the oldest is deleted. */
  liveClusters: number;
  /** A server that does nothing but answer /api/healthz, probed the same way at the same time. */
  peerUrl: string;
}

export interface OperatorResults {
  mutations: MutationAnswer[];
  healthz: Answer[];
  /** The same probe's answers from the peer. */
  peerHealthz: Answer[];
  /** Label writes that were answered 200: each one a change every viewer must be shown. */
  labelChanges: Change[];
  /** Clusters created and not deleted, by name. */
  clusters: string[];
  /** What the server said with each 5xx answer to a mutation. */
  serverErrors: string[];
  /** Requests with no answer (timeouts, reset connections), by instance. */
  unanswered: { mutations: number; healthz: number; peerHealthz: number };
}

/** Three requests per round: a cluster create or delete, then reading a host's labels and writing them. */
const REQUESTS_PER_ROUND = 3;
const MUTATIONS_PER_ROUND = 2;
/** Node ports are handed out in blocks of four per cluster (control plane, jump host, worker range). */
const NODE_PORT_BASE = 30_000;
const PORT_SLOTS = 600;
/** Probes per second on /api/healthz. */
const HEALTHZ_RATE = 10;
/** Seconds before autocannon gives up on an answer: the slow runs this measures take seconds per call. */
const ANSWER_TIMEOUT_S = 30;

/** What the load generator sets as a host's rack: the sequence number makes every write a new state. */
export function rackValue(seq: number): string {
  return `load-${seq}`;
}

/** The sequence number back from a row's rack, or undefined for a rack the load did not write. */
export function rackSeq(rack: string | undefined): number | undefined {
  const match = /^load-(\d+)$/.exec(rack ?? '');
  return match ? Number(match[1]) : undefined;
}

/** A small tenant cluster on free hosts of each flavor, with the node ports of its slot. */
export function loadClusterForm(
  namespace: string,
  name: string,
  slot: number,
  secret: string,
): SipClusterForm {
  const form = defaultSipClusterForm();
  const base = NODE_PORT_BASE + (slot % PORT_SLOTS) * 4;
  form.namespace = namespace;
  form.name = name;
  form.roles.ControlPlane.matchLabels = [{ key: 'rackpilot.io/flavor', value: 'control-plane' }];
  form.roles.Worker.matchLabels = [{ key: 'rackpilot.io/flavor', value: 'worker' }];
  form.services.controlPlane.nodePort = base;
  form.services.jumpHost.nodePort = base + 1;
  form.services.worker = { ...form.services.worker, start: base + 2, end: base + 3 };
  form.services.jumpHost.privateKeySecret = secret;
  return form;
}

interface RoundContext {
  action?: MutationAction;
  cluster?: string;
  host?: string;
  seq?: number;
  labels?: { resourceVersion: string; labels: Record<string, string> };
}

function run(options: autocannon.Options, onAnswer: (status: number, ms: number) => void) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result) => {
      if (error) reject(error instanceof Error ? error : new Error('autocannon failed', { cause: error }));
      else resolve(result);
    });
    instance.on('response', (_client, status, _bytes, ms) => onAnswer(status, ms));
  });
}

export async function driveOperators(load: OperatorLoad): Promise<OperatorResults> {
  const results: OperatorResults = {
    mutations: [],
    healthz: [],
    peerHealthz: [],
    labelChanges: [],
    clusters: [],
    serverErrors: [],
    unanswered: { mutations: 0, healthz: 0, peerHealthz: 0 },
  };
  let clusterCount = 0;
  let hostTurn = 0;
  let seq = 0;
  let cookieTurn = 0;
  // Set by a request's onResponse, read by the 'response' event autocannon emits right after it.
  let answered: { action: MutationAction; key: string } | undefined;
  const headers = (json: boolean) => ({
    origin: load.url,
    cookie: load.cookies[cookieTurn++ % load.cookies.length] ?? '',
    ...(json ? { 'content-type': 'application/json' } : {}),
  });
  const trpc = (path: string) => `/api/trpc/${path}`;

  const clusterRequest: autocannon.Request = {
    method: 'POST',
    setupRequest: (request, context: RoundContext) => {
      const oldest = results.clusters[0];
      if (results.clusters.length >= load.liveClusters && oldest) {
        results.clusters.shift();
        context.action = 'clusters.delete';
        context.cluster = oldest;
        const body = JSON.stringify({ namespace: load.namespace, name: oldest });
        return { ...request, path: trpc(context.action), headers: headers(true), body };
      }
      const slot = clusterCount++;
      context.action = 'clusters.create';
      context.cluster = `load-${slot}`;
      const form = loadClusterForm(load.namespace, context.cluster, slot, load.sshKeysSecret);
      return { ...request, path: trpc(context.action), headers: headers(true), body: JSON.stringify(form) };
    },
    onResponse: (status, body, context: RoundContext) => {
      if (status >= 500)
        results.serverErrors.push(`${context.action ?? ''} ${status}: ${body.slice(0, 300)}`);
      if (context.action && context.cluster) answered = { action: context.action, key: context.cluster };
      if (context.action === 'clusters.create' && status === 200 && context.cluster)
        results.clusters.push(context.cluster);
    },
  };
  const readLabels: autocannon.Request = {
    method: 'GET',
    setupRequest: (request, context: RoundContext) => {
      const host = load.hosts[hostTurn++ % load.hosts.length] ?? '';
      context.host = host;
      const input = encodeURIComponent(JSON.stringify({ namespace: load.namespace, name: host }));
      return { ...request, path: `${trpc('hosts.labels')}?input=${input}`, headers: headers(false) };
    },
    onResponse: (status, body, context: RoundContext) => {
      answered = undefined;
      if (status !== 200) return;
      const parsed = JSON.parse(body) as { result?: { data?: RoundContext['labels'] } };
      context.labels = parsed.result?.data;
    },
  };
  const writeLabels: autocannon.Request = {
    method: 'POST',
    // Without labels read, the round starts over (autocannon's meaning of a falsy request).
    setupRequest: ((request: autocannon.Request, context: RoundContext) => {
      if (!context.labels || !context.host) return undefined;
      context.seq = ++seq;
      const labels = { ...context.labels.labels, [RACK_LABEL]: rackValue(context.seq) };
      const input = {
        namespace: load.namespace,
        name: context.host,
        resourceVersion: context.labels.resourceVersion,
        labels,
      };
      return {
        ...request,
        path: trpc('hosts.setLabels'),
        headers: headers(true),
        body: JSON.stringify(input),
      };
    }) as autocannon.Request['setupRequest'],
    onResponse: (status, body, context: RoundContext) => {
      if (status >= 500) results.serverErrors.push(`hosts.setLabels ${status}: ${body.slice(0, 300)}`);
      if (context.seq !== undefined) answered = { action: 'hosts.setLabels', key: rackValue(context.seq) };
      if (status === 200 && context.host && context.seq !== undefined)
        results.labelChanges.push({ key: context.host, seq: context.seq, at: Date.now() });
    },
  };

  const requestRate = Math.max(1, Math.round((load.rate * REQUESTS_PER_ROUND) / MUTATIONS_PER_ROUND));
  const probe = (url: string, into: Answer[]) =>
    run(
      {
        url: `${url}/api/healthz`,
        connections: 1,
        overallRate: HEALTHZ_RATE,
        duration: load.seconds,
        timeout: ANSWER_TIMEOUT_S,
      },
      (status, ms) => into.push({ at: Date.now(), ms, status }),
    );
  const [mutations, healthz, peerHealthz] = await Promise.all([
    run(
      {
        url: load.url,
        connections: requestRate,
        overallRate: requestRate,
        duration: load.seconds,
        timeout: ANSWER_TIMEOUT_S,
        requests: [clusterRequest, readLabels, writeLabels],
      },
      (status, ms) => {
        if (answered) results.mutations.push({ at: Date.now(), ms, status, ...answered });
        answered = undefined;
      },
    ),
    probe(load.url, results.healthz),
    probe(load.peerUrl, results.peerHealthz),
  ]);
  results.unanswered = {
    mutations: mutations.errors,
    healthz: healthz.errors,
    peerHealthz: peerHealthz.errors,
  };
  return results;
}
