/** One question put to the API server's authorizer: may this identity do `verb` on a kind in a namespace. */
export interface AccessQuestion {
  user: string;
  groups: readonly string[];
  verb: string;
  /** The API group; '' for the core group. */
  group: string;
  /** The plural resource name, e.g. `baremetalhosts`. */
  resource: string;
  /** '' asks about every namespace at once (a cluster-wide grant). */
  namespace: string;
}

/** Its answer; `error` when the question could not be asked, which is always a denial. */
export interface AccessAnswer {
  allowed: boolean;
  error?: string;
}

/** Asks the API server; resolves with its answer or rejects when it could not be asked. */
export type AskAuthorizer = (question: AccessQuestion) => Promise<AccessAnswer>;

export interface AccessReviewLimits {
  /** How long an answer is trusted: the longest a revoked grant still shows what it granted. */
  ttlMs: number;
  /** How long a failure is remembered (a denial), so a broken API server is not asked per call. */
  errorTtlMs: number;
  /** Answers kept at most; the least recently used go first. */
  maxEntries: number;
}

interface Entry {
  answer: AccessAnswer;
  at: number;
  ttlMs: number;
}

/** The key of a question: its identity (groups in any order are the same groups) and what it asks. */
export function questionKey(question: AccessQuestion): string {
  const { user, groups, verb, group, resource, namespace } = question;
  return JSON.stringify([user, [...new Set(groups)].sort(), verb, group, resource, namespace]);
}

/**
 * Answers of the API server's authorizer (SubjectAccessReviews), remembered for a while per identity,
 * verb, kind and namespace: a live view that filters thousands of objects per build asks once per
 * namespace and TTL, not per object or per build. Bounded in size (least recently used go) and in age
 * (an answer older than `ttlMs` is not used). Callers asking the same question at once share one
 * request. A question that fails is a denial, with the error kept for whoever shows it.
 */
export class AccessReviewCache {
  private readonly entries = new Map<string, Entry>();
  private readonly asking = new Map<string, Promise<AccessAnswer>>();

  constructor(
    private readonly ask: AskAuthorizer,
    readonly limits: AccessReviewLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Answers held now, for tests and metrics. */
  get size(): number {
    return this.entries.size;
  }

  /** The answer held for `question` while it is fresh, else undefined: never a request. */
  known(question: AccessQuestion): AccessAnswer | undefined {
    return this.knownByKey(questionKey(question));
  }

  /** The same by the question's key, for a caller asking per object that keeps its keys. */
  knownByKey(key: string): AccessAnswer | undefined {
    return this.fresh(key, Infinity)?.answer;
  }

  /**
   * The answer to `question`: the one held when younger than `maxAgeMs` (and its TTL), else asked of
   * the authorizer, once for every caller asking meanwhile.
   */
  review(question: AccessQuestion, maxAgeMs = Infinity): Promise<AccessAnswer> {
    const key = questionKey(question);
    const held = this.fresh(key, maxAgeMs);
    if (held) return Promise.resolve(held.answer);
    const pending = this.asking.get(key);
    if (pending) return pending;
    const asked = this.ask(question)
      .then(
        (answer): Entry => ({
          answer: { allowed: answer.allowed },
          at: this.now(),
          ttlMs: this.limits.ttlMs,
        }),
        (error: unknown): Entry => ({
          answer: { allowed: false, error: error instanceof Error ? error.message : String(error) },
          at: this.now(),
          ttlMs: Math.min(this.limits.errorTtlMs, this.limits.ttlMs),
        }),
      )
      .then((entry) => {
        this.remember(key, entry);
        return entry.answer;
      })
      .finally(() => this.asking.delete(key));
    this.asking.set(key, asked);
    return asked;
  }

  private fresh(key: string, maxAgeMs: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = this.now() - entry.at;
    if (age >= entry.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    if (age >= maxAgeMs) return undefined;
    // Most recently used last: Map keeps insertion order, so the first key is the one to drop.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  private remember(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.limits.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }
}
