import type { KubeConfig } from '@kubernetes/client-node';
import type { NamespaceLabelsOf } from '../access/namespace-scope';
import { namespaceLabels } from './object-names';

/** How old the namespaces' labels may be when a call of a user scoped by label selector is checked. */
export const NAMESPACE_LABELS_MAX_AGE_MS = 10_000;

interface Held {
  labels: Map<string, Record<string, string>>;
  readAt: number;
  reading?: Promise<void>;
}

// One list per API server, shared by every caller: read again only when older than the limit, and by
// one request at a time however many calls wait for it.
const held = new WeakMap<KubeConfig, Held>();

/**
 * The namespaces' labels, read again first when older than NAMESPACE_LABELS_MAX_AGE_MS. Until a first
 * read succeeds no namespace has labels, so a selector matches none (a refusal, never a guess).
 */
export async function freshNamespaceLabels(kc: KubeConfig, now = Date.now()): Promise<NamespaceLabelsOf> {
  let entry = held.get(kc);
  if (!entry) {
    entry = { labels: new Map(), readAt: -Infinity };
    held.set(kc, entry);
  }
  const current = entry;
  if (now - current.readAt > NAMESPACE_LABELS_MAX_AGE_MS) {
    current.reading ??= namespaceLabels(kc)
      .then((labels) => {
        current.labels = labels;
        current.readAt = Date.now();
      })
      .finally(() => {
        current.reading = undefined;
      });
    await current.reading;
  }
  return (namespace) => current.labels.get(namespace);
}
