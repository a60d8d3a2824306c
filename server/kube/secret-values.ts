import type { KubeConfig, KubernetesObject, V1Secret } from '@kubernetes/client-node';
import { ExpiringCache } from '../lib/expiring-cache';
import { isNotFound } from './apply';
import { kubeRequestJson } from './kube-request';
import { listPages } from './list-pages';
import { collectionPath, secretResource } from './resource';

/** Finds a Secret with its data; undefined when it does not exist. */
export type SecretLookup = (namespace: string, name: string) => V1Secret | undefined;

/**
 * Whether a Secret exists but its value has not been read yet. Asking registers it to be fetched, so a
 * planner may go ahead as if it were good and let the next run, with the value, decide.
 */
export type SecretPending = (namespace: string, name: string) => boolean;

/** The metadata-only Secret cache: what exists, at which resourceVersion. */
export type SecretMetadata = (namespace: string, name: string) => KubernetesObject | undefined;

/**
 * One Secret as the API server has it now, or (given `notOlderThan`, a resourceVersion) as new as that
 * or newer; undefined when it does not exist.
 */
export type SecretReader = (
  namespace: string,
  name: string,
  notOlderThan?: string,
) => Promise<V1Secret | undefined>;

/**
 * The Secret reader of the runtime: one GET of that Secret, its answer bounded. With a resourceVersion
 * the API server answers from its watch cache once that has caught up, instead of a quorum read of etcd:
 * a controller needs a value only as new as the metadata it has seen.
 */
export function secretReader(kc: KubeConfig): SecretReader {
  return async (namespace, name, notOlderThan) => {
    try {
      return await kubeRequestJson<V1Secret>(
        kc,
        `${collectionPath(secretResource, namespace)}/${encodeURIComponent(name)}`,
        {
          maxBytes: MAX_SECRET_RESPONSE_BYTES,
          ...(notOlderThan ? { query: { resourceVersion: notOlderThan } } : {}),
        },
      );
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  };
}

/** Every Secret of one namespace, a page at a time; a page over its byte bound throws. */
export type SecretLister = (namespace: string) => AsyncIterable<V1Secret[]>;

/** Secrets a page of a namespace's list holds at most. */
const LIST_PAGE_SIZE = 250;
/**
 * A page's answer is refused above this. Host Secrets are a few hundred bytes each; a namespace of big
 * Secrets (Helm releases hold up to 1 MiB) fails the list and its Secrets are read one GET each.
 */
const MAX_LIST_PAGE_BYTES = 8 * 1024 * 1024;

/** The Secret lister of the runtime: the namespace's list, paged, each page bounded. */
export function secretLister(kc: KubeConfig): SecretLister {
  return async function* listSecrets(namespace) {
    const path = collectionPath(secretResource, namespace);
    for await (const { text } of listPages(kc, path, LIST_PAGE_SIZE, { maxBytes: MAX_LIST_PAGE_BYTES }))
      yield (JSON.parse(text) as { items?: V1Secret[] }).items ?? [];
  };
}

/** How a namespace's Secrets are read by one list instead of a GET each (`SecretValues.fetchAll`). */
export interface SecretListing {
  list: SecretLister;
  /** Secrets of the namespace the metadata cache shows. */
  count: (namespace: string) => number;
}

/** Namespaces remembered as listed; one forgotten may be listed again. */
const MAX_LISTED_NAMESPACES = 1024;

export interface SecretValueLimits {
  /** Secrets held at most; the least recently read goes first. */
  entries: number;
  /** Bytes of base64 data held at most, over all entries. */
  bytes: number;
}

/**
 * Enough for every BMC credentials and networkData Secret of a few thousand hosts (a few hundred
 * bytes each), far below what caching every Secret of a cluster costs.
 */
export const DEFAULT_SECRET_VALUE_LIMITS: SecretValueLimits = { entries: 10_000, bytes: 32 * 1024 * 1024 };

/** The API server stores at most 1 MiB of data a Secret; with base64 and JSON, 2 MiB bounds its GET. */
const MAX_SECRET_RESPONSE_BYTES = 2 * 1024 * 1024;

/** Returned by `peek` for a Secret that exists but whose value is not held: `fetch` it. */
export const NOT_FETCHED = Symbol('not fetched');

interface Entry {
  secret: V1Secret;
  bytes: number;
}

function dataBytes(secret: V1Secret): number {
  let bytes = 0;
  for (const [key, value] of Object.entries(secret.data ?? {})) bytes += key.length + value.length;
  return bytes;
}

/** What a planner reads of a Secret: its identity, version, type and data; nothing else is kept. */
function valueOf(secret: V1Secret): V1Secret {
  const { name, namespace, uid, resourceVersion, ownerReferences } = secret.metadata ?? {};
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name, namespace, uid, resourceVersion, ...(ownerReferences ? { ownerReferences } : {}) },
    type: secret.type,
    data: secret.data ?? {},
  };
}

/**
 * Secret values for the controllers and the one audited reveal. The informer caches Secrets by
 * metadata only; a value is read by one GET of that Secret when a controller needs it, and held,
 * bounded, only while the metadata cache shows the same resourceVersion (any change, or the
 * Secret's deletion, makes the next read fetch again).
 */
export class SecretValues {
  private readonly values = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<V1Secret | undefined>>();
  private readonly listed = new ExpiringCache<string, Promise<void>>(MAX_LISTED_NAMESPACES);
  private bytes = 0;
  evictions = 0;
  fetches = 0;
  lists = 0;

  constructor(
    private readonly reader: SecretReader,
    private readonly metadata: SecretMetadata,
    private readonly limits: SecretValueLimits = DEFAULT_SECRET_VALUE_LIMITS,
    private readonly listing?: SecretListing,
  ) {}

  get size(): number {
    return this.values.size;
  }

  /**
   * Without I/O: the held value while it is current; undefined when the metadata cache has no such
   * Secret; NOT_FETCHED when it exists and its current value must be fetched.
   */
  peek(namespace: string, name: string): V1Secret | undefined | typeof NOT_FETCHED {
    const key = `${namespace}/${name}`;
    const meta = this.metadata(namespace, name);
    const entry = this.values.get(key);
    if (!meta) {
      if (entry) this.drop(key, entry);
      return undefined;
    }
    if (!entry || entry.secret.metadata?.resourceVersion !== meta.metadata?.resourceVersion) {
      return NOT_FETCHED;
    }
    // Re-inserted: Map order is the eviction order, least recently read first.
    this.values.delete(key);
    this.values.set(key, entry);
    return entry.secret;
  }

  /** The held value while current, else one GET; undefined when the Secret does not exist. */
  async get(namespace: string, name: string): Promise<V1Secret | undefined> {
    const held = this.peek(namespace, name);
    return held === NOT_FETCHED ? this.fetch(namespace, name) : held;
  }

  /**
   * Holds a Secret this process has just written, as the API server returned it, so the next read
   * needs no GET. Held like a fetched value: used only once the metadata cache shows that version.
   */
  remember(secret: V1Secret): void {
    const { namespace, name } = secret.metadata ?? {};
    if (namespace === undefined || name === undefined) return;
    this.store(`${namespace}/${name}`, valueOf(secret));
  }

  /** One GET of the Secret, whatever is held (reads of the same Secret at once share it). */
  fetch(namespace: string, name: string): Promise<V1Secret | undefined> {
    const key = `${namespace}/${name}`;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.read(key, namespace, name).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /**
   * Several Secrets at once, each as `fetch` gives it. The first time a namespace is asked for, its
   * Secrets are read by one paged list and held (if the metadata cache shows no more of them than the
   * values held at most): a controller starting on a fleet of thousands of hosts would otherwise read
   * their Secrets by thousands of GETs. What the list did not give at the version the metadata cache
   * shows is read by GET; a failed list only means GETs.
   */
  async fetchAll(wanted: [namespace: string, name: string][]): Promise<(V1Secret | undefined)[]> {
    await Promise.all([...new Set(wanted.map(([namespace]) => namespace))].map((ns) => this.listOnce(ns)));
    return Promise.all(
      wanted.map(async ([namespace, name]) => {
        const held = this.peek(namespace, name);
        return held === NOT_FETCHED || held === undefined ? this.fetch(namespace, name) : held;
      }),
    );
  }

  private listOnce(namespace: string): Promise<void> {
    let listing = this.listed.get(namespace);
    if (!listing) {
      listing = this.listNamespace(namespace);
      this.listed.set(namespace, listing, Number.POSITIVE_INFINITY);
    }
    return listing;
  }

  private async listNamespace(namespace: string): Promise<void> {
    if (!this.listing || this.listing.count(namespace) > this.limits.entries) return;
    this.lists++;
    try {
      for await (const page of this.listing.list(namespace)) {
        for (const secret of page) {
          const name = secret.metadata?.name;
          if (name !== undefined) this.store(`${namespace}/${name}`, valueOf(secret));
        }
      }
    } catch {
      // What was listed before the failure is held; the rest is read by GET.
    }
  }

  private async read(key: string, namespace: string, name: string): Promise<V1Secret | undefined> {
    this.fetches++;
    const secret = await this.reader(
      namespace,
      name,
      this.metadata(namespace, name)?.metadata?.resourceVersion,
    );
    if (!secret) {
      const entry = this.values.get(key);
      if (entry) this.drop(key, entry);
      return undefined;
    }
    const value = valueOf(secret);
    this.store(key, value);
    return value;
  }

  private store(key: string, secret: V1Secret): void {
    const previous = this.values.get(key);
    if (previous) this.drop(key, previous);
    const bytes = dataBytes(secret);
    // One Secret larger than the whole budget is handed out but not held.
    if (bytes > this.limits.bytes) return;
    this.values.set(key, { secret, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.values) {
      if (this.values.size <= this.limits.entries && this.bytes <= this.limits.bytes) break;
      this.drop(oldest, entry);
      this.evictions++;
    }
  }

  private drop(key: string, entry: Entry): void {
    this.values.delete(key);
    this.bytes -= entry.bytes;
  }
}

/**
 * Rounds of fetching a planner may ask for: a Secret it reads only once it has read another, or (with
 * `pending`) the next candidate's once the one it went ahead with turned out unusable or was taken.
 */
const MAX_ROUNDS = 8;
/**
 * Rounds in which `pending` may say yes. After them it says no, so the planner asks for every candidate's
 * Secrets at once and the next round has them all: a busy fleet, where other plans keep taking the
 * candidates this one went ahead with, still converges within MAX_ROUNDS.
 */
const PENDING_ROUNDS = 4;

/**
 * Runs a pure planner with the Secrets it reads. The planner runs with what is held; the Secrets
 * it asked for and found not held are fetched (the reconcile's I/O) and it runs again, until it
 * asks for nothing new. A planner that chooses among many objects asks `pending` first, so that only
 * the Secrets of what it chose are fetched, not every candidate's. `act` is called in the same
 * synchronous step as the last planner run, so whatever the plan reserved in memory is still true
 * when acting on it starts; a plan made while anything was pending is never acted on.
 */
export async function planWithSecrets<P, R>(
  secrets: Pick<SecretValues, 'peek' | 'fetchAll'>,
  plan: (lookup: SecretLookup, pending: SecretPending) => P,
  act: (planned: P) => Promise<R>,
): Promise<R> {
  const fetched = new Map<string, V1Secret | undefined>();
  for (let round = 1; ; round++) {
    const missing = new Map<string, [string, string]>();
    // A planner asks about the same Secret many times a round (whether it is pending, then its value;
    // a SIP plan for every host it walks): each is peeked once.
    const peeked = new Map<string, V1Secret | undefined | typeof NOT_FETCHED>();
    const held = (namespace: string, name: string): V1Secret | undefined | typeof NOT_FETCHED => {
      const key = `${namespace}/${name}`;
      if (fetched.has(key)) return fetched.get(key);
      if (peeked.has(key)) return peeked.get(key);
      const value = secrets.peek(namespace, name);
      peeked.set(key, value);
      if (value === NOT_FETCHED) missing.set(key, [namespace, name]);
      return value;
    };
    const lookup: SecretLookup = (namespace, name) => {
      const value = held(namespace, name);
      return value === NOT_FETCHED ? undefined : value;
    };
    const pending: SecretPending = (namespace, name) =>
      round <= PENDING_ROUNDS && held(namespace, name) === NOT_FETCHED;
    const planned = plan(lookup, pending);
    if (missing.size === 0) return act(planned);
    if (round === MAX_ROUNDS) throw new Error(`still reading new Secrets after ${MAX_ROUNDS} rounds`);
    const values = await secrets.fetchAll([...missing.values()]);
    [...missing.keys()].forEach((key, i) => fetched.set(key, values[i]));
  }
}
