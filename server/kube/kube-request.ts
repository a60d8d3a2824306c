import { createHash } from 'node:crypto';
import { Agent, request as httpsRequest, type AgentOptions, type RequestOptions } from 'node:https';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import type { KubeConfig } from '@kubernetes/client-node';
import { credentialSource } from './impersonation';
import { currentAbortSignal } from './request-scope';
import { resourceOfPath } from './resource';

/** One field-level reason from a Status (e.g. a 422 names `spec.nodes.Worker.count.active`). */
export interface StatusCause {
  field?: string;
  message?: string;
  reason?: string;
}

export class KubeRequestError extends Error {
  override name = 'KubeRequestError';
  constructor(
    message: string,
    /** HTTP status, or 0 when the API server could not be reached at all. */
    readonly status: number,
    readonly reason?: string,
    readonly causes: StatusCause[] = [],
    /** What the API server said (its Status message), without the request path: fit for a caller. */
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

/** What the API server said, for a caller: never the request path or the server's address. */
export function apiServerSaid(error: KubeRequestError): string {
  return error.serverMessage ?? `the Kubernetes API server answered ${error.status}`;
}

interface StatusBody {
  message?: string;
  reason?: string;
  details?: { causes?: StatusCause[] };
}

/**
 * Keep-alive agents by TLS identity. A rotated client certificate or CA is a new identity: the
 * agents of earlier ones are closed once more than this many exist, oldest first.
 */
const MAX_AGENTS = 8;
const agents = new Map<string, Agent>();

/**
 * A keep-alive agent that serves one TLS identity only. Node's https Agent names a request's socket pool
 * from its TLS options on every request: the CA, certificate and key decoded to text and joined (some
 * KiB), then looked up as a property key several times; that was about a tenth of each API request's
 * CPU. This agent's TLS options never change, so its pools are named by the address and the identity's
 * hash instead.
 */
export class OneIdentityAgent extends Agent {
  constructor(
    readonly identity: string,
    options: AgentOptions,
  ) {
    super(options);
  }

  override getName(options?: RequestOptions): string {
    return `${HttpAgent.prototype.getName.call(this, options)}:${this.identity}`;
  }
}

/**
 * A second agent beside each shared one, for requests marked `ownConnection`: the shared agent's 32
 * sockets can all be busy with API calls and its queue is unbounded, and a Lease renewal waiting in it
 * could miss its deadline.
 */
const ownAgents = new WeakMap<Agent, Agent>();
const OWN_AGENT_SOCKETS = 2;

function ownAgentOf(shared: Agent): Agent {
  let own = ownAgents.get(shared);
  if (!own) {
    own =
      shared instanceof OneIdentityAgent
        ? new OneIdentityAgent(shared.identity, { ...shared.options, maxSockets: OWN_AGENT_SOCKETS })
        : new Agent({ ...shared.options, maxSockets: OWN_AGENT_SOCKETS });
    ownAgents.set(shared, own);
  }
  return own;
}

function closeIdleSockets(agent: Agent): void {
  for (const sockets of Object.values(agent.freeSockets))
    for (const socket of sockets ?? []) socket.destroy();
}

/** For the bounded-cache metrics: agents held and agents closed for the limit. */
export const keepAliveAgents = {
  size: (): number => agents.size,
  evictions: 0,
};

/**
 * client-node builds a new Agent for every request, so each one pays a TLS handshake; one keep-alive
 * agent per TLS identity makes a burst of writes several times faster.
 */
function keepAliveAgent(options: RequestOptions): Agent {
  const identity = createHash('sha256')
    .update(
      JSON.stringify([options.ca, options.cert, options.key, options.rejectUnauthorized, options.servername]),
    )
    .digest('hex');
  let agent = agents.get(identity);
  if (!agent) {
    agent = new OneIdentityAgent(identity, {
      keepAlive: true,
      maxSockets: 32,
      ca: options.ca,
      cert: options.cert,
      key: options.key,
      pfx: options.pfx,
      passphrase: options.passphrase,
      rejectUnauthorized: options.rejectUnauthorized,
      servername: options.servername,
    });
    agents.set(identity, agent);
    for (const [oldest, old] of agents) {
      if (agents.size <= MAX_AGENTS) break;
      agents.delete(oldest);
      // Its idle sockets close now; requests in flight on it finish (the server closes those later).
      closeIdleSockets(old);
      const own = ownAgents.get(old);
      if (own) closeIdleSockets(own);
      keepAliveAgents.evictions++;
    }
  }
  return agent;
}

/**
 * How long the credentials and TLS material read from a kubeconfig are reused. Reading them means
 * reading certificate files and hashing them to find the agent: under a burst of writes that was a
 * tenth of the controller process's CPU. Rotated certificate files and tokens are picked up within
 * this time.
 */
const CREDENTIALS_TTL_MS = 10_000;

interface Credentials {
  options: Promise<RequestOptions>;
  context: string;
  expires: number;
}

const credentials = new WeakMap<KubeConfig, Credentials>();

async function readCredentials(kc: KubeConfig): Promise<RequestOptions> {
  const options: RequestOptions = { headers: {} };
  await kc.applyToHTTPSOptions(options);
  const cluster = kc.getCurrentCluster();
  if (cluster && !cluster.proxyUrl && cluster.server.startsWith('https:'))
    options.agent = keepAliveAgent(options);
  return options;
}

/**
 * TLS options, agent and credential headers for `kc`'s current context. Checked and replaced in one
 * synchronous step, so requests that find them stale together share one read.
 */
export function credentialOptions(kc: KubeConfig): Promise<RequestOptions> {
  // A config acting as a user (impersonation.ts): its base's credentials and agent, plus its headers.
  const source = credentialSource(kc);
  if (source.headers) {
    const acting = source.headers;
    return credentialOptions(source.base).then((options) => ({
      ...options,
      headers: { ...(options.headers as Record<string, string | string[]>), ...acting },
    }));
  }
  const context = kc.getCurrentContext();
  const cached = credentials.get(kc);
  if (cached && cached.expires > Date.now() && cached.context === context) return cached.options;
  const options = readCredentials(kc);
  credentials.set(kc, { options, context, expires: Date.now() + CREDENTIALS_TTL_MS });
  // A failed read is not kept: the next request reads again.
  options.catch(() => {
    if (credentials.get(kc)?.options === options) credentials.delete(kc);
  });
  return options;
}

/** Far above any one page of a list (500 objects), so only a runaway answer meets it. */
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export interface KubeRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  contentType?: string;
  /** e.g. `application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1` for metadata only. */
  accept?: string;
  timeoutMs?: number;
  /** A larger response body is refused (status 0, reason TooLarge) instead of held. Default 64 MiB. */
  maxBytes?: number;
  /** Cancels the request; by default the signal of the reconcile the caller runs in (request-scope.ts). */
  signal?: AbortSignal;
  /**
   * Sent on a keep-alive connection apart from every other request's, so it never queues behind them
   * (leader election: a burst of API calls must not hold a Lease renewal past its deadline).
   */
  ownConnection?: boolean;
}

/**
 * One request to the API server with plain JSON in and out. The typed clients convert objects into
 * model classes and drop fields their models do not know (for example `x-kubernetes-validations`
 * inside a CRD schema), so anything that must round-trip unchanged goes through here.
 */
export async function kubeRequestJson<T>(
  kc: KubeConfig,
  path: string,
  request: KubeRequest = {},
): Promise<T> {
  const { text, status } = await kubeRequestText(kc, path, request);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new KubeRequestError(`${path}: response is not JSON`, status);
  }
}

/** What an observer is told of one request once it is answered or has failed. */
export interface ObservedKubeRequest {
  method: string;
  /** What the path names (resourceOfPath): `baremetalhosts`, `deployments/status`, `none`. */
  resource: string;
  /** From the call to the answer. */
  seconds: number;
  /** The HTTP status, 0 when there was none. */
  status: number;
}

export type KubeRequestObserver = (request: ObservedKubeRequest) => void;

const observers = new WeakMap<KubeConfig, KubeRequestObserver>();

/** Times every request made with `kc` from now on (watches excepted: they last as long as they stream). */
export function observeKubeRequests(kc: KubeConfig, observer: KubeRequestObserver): void {
  observers.set(kc, observer);
}

/** As kubeRequestJson, but a successful answer's body is left unparsed, for a caller that parses it later. */
export function kubeRequestText(
  kc: KubeConfig,
  path: string,
  request: KubeRequest = {},
): Promise<{ text: string; status: number }> {
  const observer = observers.get(credentialSource(kc).base);
  if (!observer) return sendRequest(kc, path, request);
  const method = request.method ?? 'GET';
  const started = performance.now();
  const tell = (status: number) =>
    observer({
      method,
      resource: resourceOfPath(path),
      seconds: (performance.now() - started) / 1000,
      status,
    });
  return sendRequest(kc, path, request).then(
    (answer) => {
      tell(answer.status);
      return answer;
    },
    (error: unknown) => {
      tell(error instanceof KubeRequestError ? error.status : 0);
      throw error;
    },
  );
}

async function sendRequest(
  kc: KubeConfig,
  path: string,
  request: KubeRequest,
): Promise<{ text: string; status: number }> {
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new KubeRequestError('kubeconfig has no current cluster', 0);
  const url = new URL(path, cluster.server);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
  const base = await credentialOptions(kc);
  const headers: Record<string, string | string[]> = {
    ...(base.headers as Record<string, string | string[]>),
    accept: request.accept ?? 'application/json',
  };
  if (payload !== undefined) {
    headers['content-type'] = request.contentType ?? 'application/json';
    // Node sends a DELETE body with neither Content-Length nor chunked encoding: the API server then reads
    // the body as the start of the next request on the same keep-alive connection, which fails.
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  const signal = request.signal ?? currentAbortSignal();
  if (signal?.aborted) throw new KubeRequestError(`${path}: cancelled`, 0, 'Cancelled');
  const options: RequestOptions = { ...base, method: request.method ?? 'GET', headers, signal };
  if (request.ownConnection && base.agent instanceof Agent) options.agent = ownAgentOf(base.agent);
  const timeoutMs = request.timeoutMs ?? 30_000;
  const maxBytes = request.maxBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { ...options, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      let received = 0;
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received <= maxBytes) {
          chunks.push(chunk);
          return;
        }
        reject(new KubeRequestError(`${path}: response larger than ${maxBytes} bytes`, 0, 'TooLarge'));
        req.destroy();
      });
      res.on('error', (error) => {
        reject(new KubeRequestError(error.message, 0));
      });
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) {
          resolve({ text, status });
          return;
        }
        let body: StatusBody = {};
        try {
          body = JSON.parse(text) as StatusBody;
        } catch {
          body = { message: text.slice(0, 200) };
        }
        reject(
          new KubeRequestError(
            `${path}: ${body.message ?? `HTTP ${status}`}`,
            status,
            body.reason,
            body.details?.causes ?? [],
            body.message,
          ),
        );
      });
    });
    req.on('timeout', () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    req.on('error', (error) => {
      reject(
        signal?.aborted
          ? new KubeRequestError(`${path}: cancelled`, 0, 'Cancelled')
          : new KubeRequestError(`${url.host}: ${error.message}`, 0),
      );
    });
    req.end(payload);
  });
}

export function kubeGetJson<T>(
  kc: KubeConfig,
  path: string,
  query: Record<string, string | number | boolean | undefined> = {},
  timeoutMs = 30_000,
): Promise<T> {
  return kubeRequestJson<T>(kc, path, { query, timeoutMs });
}
