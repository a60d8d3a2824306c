// Counts the changes a writer made to the objects a benchmark watches, from the watch events: each
// write that changed something arrives as exactly one event with new content, so writes divided by
// these changes is the writes per changed object (1.0: no write was spent on an unchanged object).
import type { KubernetesObject } from '@kubernetes/client-node';

/** Annotations outside this prefix are the control plane's (e.g. the DaemonSet controller's own). */
const OWN_ANNOTATION_PREFIX = 'rackpilot.io/';

/**
 * The part of an object the writer under test sets, as one comparable string: for a custom resource
 * its status (its spec is the benchmark's), for anything else its labels, own annotations, owners and
 * content (spec or data; the control plane's status writes to it are not the writer's).
 */
export function writtenContent(object: KubernetesObject & Record<string, unknown>, custom: boolean): string {
  if (custom) return JSON.stringify(object.status ?? {});
  const { labels, annotations, ownerReferences } = object.metadata ?? {};
  const own = Object.fromEntries(
    Object.entries(annotations ?? {}).filter(([key]) => key.startsWith(OWN_ANNOTATION_PREFIX)),
  );
  return JSON.stringify({ labels, own, ownerReferences, spec: object.spec, data: object.data });
}

/** Changes per kind, fed the add and update events of each watched kind. */
export class ChangeCounter {
  private readonly counts = new Map<string, number>();

  constructor(private readonly customKinds: ReadonlySet<string>) {}

  /** One watch event on an object of `kind` (list items carry none); `previous` is absent for an add. */
  observe(kind: string, object: KubernetesObject, previous?: KubernetesObject): void {
    const custom = this.customKinds.has(kind);
    const now = writtenContent(object as KubernetesObject & Record<string, unknown>, custom);
    // A custom resource arrives without a status: its create is the benchmark's, not the writer's.
    const before = previous
      ? writtenContent(previous as KubernetesObject & Record<string, unknown>, custom)
      : custom
        ? writtenContent({}, true)
        : undefined;
    if (now !== before) this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
  }

  get total(): number {
    return [...this.counts.values()].reduce((sum, n) => sum + n, 0);
  }

  /** e.g. `ConfigMap 200, DaemonSet 100, Vrouter 300`. */
  describe(): string {
    return [...this.counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ');
  }
}
