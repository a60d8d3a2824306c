import { TRPCError } from '@trpc/server';
import type { KubeConfig } from '@kubernetes/client-node';
import type { Principal } from '../access/access-rules';
import type { NamespaceScope } from '../access/namespace-scope';
import { log } from '../cli';
import { AccessReviewCache, questionKey, type AccessQuestion } from '../kube/access-review-cache';
import type { InformerSet } from '../kube/informer-set';
import type { ResourceDescriptor } from '../kube/resource';
import { subjectAccessReview } from '../kube/subject-access-review';
import type { LiveViews, Runtime } from '../runtime';
import type { Subscribe } from './change-subscription';
import { kubeIdentityOf } from './kube-identity';

/** Answers kept: users × listed kinds × namespaces they are checked in, with room to spare. */
export const ACCESS_REVIEW_MAX_ENTRIES = 20_000;
/** A failed review is a denial for this long before it is asked again. */
export const ACCESS_REVIEW_ERROR_TTL_MS = 5000;
/** Reviews sent at once for one caller: a user checked in hundreds of namespaces queues, not floods. */
const REVIEWS_AT_ONCE = 16;

/** The process's review cache, asking the API server as the server's own ServiceAccount. */
export function accessReviewsFor(kc: KubeConfig, ttlMs: number): AccessReviewCache {
  return new AccessReviewCache((question) => subjectAccessReview(kc, question), {
    ttlMs,
    errorTtlMs: ACCESS_REVIEW_ERROR_TTL_MS,
    maxEntries: ACCESS_REVIEW_MAX_ENTRIES,
  });
}

/** A question that could not be asked, named for the caller and the log. */
interface ReviewFailure {
  question: AccessQuestion;
  error: string;
}

function failureText({ question, error }: ReviewFailure): string {
  const where = question.namespace ? `in ${question.namespace}` : 'in every namespace';
  return `could not ask the API server whether ${question.user} may list ${question.resource} ${where}: ${error}`;
}

/**
 * One caller's answers for the kinds a procedure lists. A namespace is theirs when the console's role
 * binding holds there and the API server lets their identity list every one of those kinds there (or
 * everywhere). Answers are read from the cache only; `refresh` asks what is missing or old.
 */
class Reviewer {
  /** The namespaces the last refresh checked. */
  private namespaces: string[] = [];

  /** Question keys by kind and namespace: a build asks per object, and a key is a JSON text. */
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly cache: AccessReviewCache,
    private readonly informers: InformerSet,
    private readonly identity: { user: string; groups: readonly string[] },
    private readonly reads: readonly ResourceDescriptor[],
    private readonly bound: NamespaceScope,
  ) {}

  private question(resource: ResourceDescriptor, namespace: string): AccessQuestion {
    return { ...this.identity, verb: 'list', group: resource.group, resource: resource.plural, namespace };
  }

  private keyOf(resource: ResourceDescriptor, namespace: string): string {
    const at = `${resource.plural}.${resource.group}/${namespace}`;
    let key = this.keys.get(at);
    if (key === undefined) {
      key = questionKey(this.question(resource, namespace));
      this.keys.set(at, key);
    }
    return key;
  }

  private listable(resource: ResourceDescriptor, namespace: string): boolean {
    return (
      this.cache.knownByKey(this.keyOf(resource, ''))?.allowed === true ||
      this.cache.knownByKey(this.keyOf(resource, namespace))?.allowed === true
    );
  }

  readonly allows = (namespace: string): boolean =>
    (this.bound.all || this.bound.allows(namespace)) &&
    this.reads.every((resource) => this.listable(resource, namespace));

  /** The namespaces allowed now, as one string: what tells a live view its filter changed. */
  signature(): string {
    return this.namespaces.filter(this.allows).join(',');
  }

  /**
   * The namespaces that hold objects of the kinds read, in the server's caches, and that the binding
   * allows: the only ones a list of those kinds can show. A namespace whose first object arrives later is
   * denied until the next refresh (at most a third of the TTL in a live view).
   */
  private namespacesHeld(): string[] {
    const names = new Set<string>();
    for (const resource of this.reads) {
      if (!this.informers.has(resource)) continue;
      for (const object of this.informers.of(resource).list()) {
        const namespace = object.metadata?.namespace;
        if (namespace) names.add(namespace);
      }
    }
    return [...names].filter((namespace) => this.bound.all || this.bound.allows(namespace));
  }

  /**
   * Asks again what is older than `maxAgeMs` (or missing): per kind, everywhere first, and only when
   * that is denied, per namespace held. Returns the questions that failed.
   */
  async refresh(maxAgeMs: number): Promise<ReviewFailure[]> {
    this.namespaces = this.namespacesHeld();
    const failures: ReviewFailure[] = [];
    const ask = async (question: AccessQuestion) => {
      const answer = await this.cache.review(question, maxAgeMs);
      if (answer.error !== undefined) failures.push({ question, error: answer.error });
      return answer;
    };
    for (const resource of this.reads) {
      const everywhere = await ask(this.question(resource, ''));
      if (everywhere.allowed) continue;
      for (let start = 0; start < this.namespaces.length; start += REVIEWS_AT_ONCE) {
        const slice = this.namespaces.slice(start, start + REVIEWS_AT_ONCE);
        await Promise.all(slice.map((namespace) => ask(this.question(resource, namespace))));
      }
    }
    return failures;
  }
}

/**
 * Keeps a live view's answers fresh while it is open, asking again once they are half their TTL old,
 * so they never lapse under it; reports a change when the namespaces allowed change (a RoleBinding
 * added or removed), so the view is built again within the TTL. Failures deny and are logged.
 */
function watchReviews(reviewer: Reviewer, ttlMs: number): Subscribe {
  return (onChange) => {
    let last = reviewer.signature();
    const timer = setInterval(() => {
      reviewer
        .refresh(ttlMs / 2)
        .then((failures) => {
          for (const failure of failures) log(failureText(failure));
          const now = reviewer.signature();
          if (now === last) return;
          last = now;
          onChange();
        })
        .catch((error: unknown) => {
          log(`refreshing access reviews failed: ${error instanceof Error ? error.message : String(error)}`);
        });
    }, ttlMs / 3);
    timer.unref();
    return () => clearInterval(timer);
  };
}

/** Live views whose sources also include `more`: every view a handler builds rebuilds on its changes too. */
function liveViewsAlso(views: LiveViews, more: Subscribe): LiveViews {
  return {
    view: (key, subscribe, build, signal, options) =>
      views.view(
        key,
        (onChange) => {
          const stops = [subscribe(onChange), more(onChange)];
          return () => stops.forEach((stop) => stop());
        },
        build,
        signal,
        options,
      ),
  };
}

/**
 * With impersonation on, a user's scope for a procedure that lists `reads` is narrowed to the
 * namespaces where the API server lets their identity list those kinds, per namespace (not per object),
 * from the review cache; the call fails, naming why, when a review cannot be made. The scope's key
 * names the identity, so a shared live view is shared only by callers the API server sees alike, and
 * the runtime it returns keeps such views' answers fresh. Anything else is returned as it came.
 */
export async function reviewedCall(
  runtime: Runtime,
  principal: Principal | null,
  reads: readonly ResourceDescriptor[] | undefined,
  bound: NamespaceScope,
): Promise<{ scope: NamespaceScope; runtime: Runtime }> {
  const cache = runtime.accessReviews;
  if (!cache || principal?.kind !== 'user' || !reads?.length) return { scope: bound, runtime };
  const { user, groups } = kubeIdentityOf(principal);
  const reviewer = new Reviewer(cache, runtime.informers, { user, groups }, reads, bound);
  const failures = await reviewer.refresh(Infinity);
  if (failures.length > 0) {
    const text = failures.map(failureText);
    text.forEach((line) => log(line));
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: text[0] ?? 'access review failed' });
  }
  const kinds = reads.map((resource) => `${resource.plural}.${resource.group}`).join(',');
  return {
    scope: {
      all: false,
      key: `${bound.key} as ${JSON.stringify([user, groups])} listing ${kinds}`,
      allows: reviewer.allows,
    },
    runtime: {
      ...runtime,
      liveViews: liveViewsAlso(runtime.liveViews, watchReviews(reviewer, cache.limits.ttlMs)),
    },
  };
}
