import type { SIPClusterLabelSelector } from '../../types/crds/sip-cluster';
import { compareStrings } from './stable-order';

type Labels = Readonly<Record<string, string>> | undefined;

/**
 * What is wrong with a selector, in the words of Kubernetes' own validation, or undefined when it is
 * valid. The CRD schema cannot express these rules, so an invalid selector reaches the planner; it
 * then matches no host and the message says why.
 */
export function labelSelectorProblem(selector: SIPClusterLabelSelector | undefined): string | undefined {
  for (const { key, operator, values = [] } of selector?.matchExpressions ?? []) {
    if ((operator === 'In' || operator === 'NotIn') && values.length === 0) {
      return `${operator} on ${key} needs at least one value`;
    }
    if ((operator === 'Exists' || operator === 'DoesNotExist') && values.length > 0) {
      return `${operator} on ${key} takes no values`;
    }
  }
  return undefined;
}

/**
 * Kubernetes label-selector semantics, as a test of one host's labels: every matchLabels pair AND
 * every expression must hold. NotIn and DoesNotExist hold for a host without the key, as in
 * Kubernetes. A missing selector matches every host, as upstream SIP (its selector is a struct value,
 * so absent means empty). An invalid selector matches nothing, so a typo never claims the whole fleet.
 * Made once per selector: the planner tests thousands of hosts against each.
 */
export function labelSelectorMatcher(
  selector: SIPClusterLabelSelector | undefined,
): (labels: Labels) => boolean {
  if (labelSelectorProblem(selector) !== undefined) return () => false;
  const pairs = Object.entries(selector?.matchLabels ?? {});
  const expressions = selector?.matchExpressions ?? [];
  return (labels) => {
    for (const [key, value] of pairs) {
      if (labels === undefined || !Object.hasOwn(labels, key) || labels[key] !== value) return false;
    }
    for (const { key, operator, values = [] } of expressions) {
      const present = labels !== undefined && Object.hasOwn(labels, key);
      const value = labels?.[key] ?? '';
      switch (operator) {
        case 'In':
          if (!present || !values.includes(value)) return false;
          break;
        case 'NotIn':
          if (present && values.includes(value)) return false;
          break;
        case 'Exists':
          if (!present) return false;
          break;
        case 'DoesNotExist':
          if (present) return false;
          break;
      }
    }
    return true;
  };
}

/**
 * The selector in kubectl's `-l` syntax (`k=v,k in (a,b),!k`), for messages. matchLabels come
 * first, sorted by key, so the text is stable whatever order the API returned the map in.
 */
export function describeLabelSelector(selector: SIPClusterLabelSelector | undefined): string {
  const parts = Object.entries(selector?.matchLabels ?? {})
    .sort(([a], [b]) => compareStrings(a, b))
    .map(([key, value]) => `${key}=${value}`);
  for (const { key, operator, values = [] } of selector?.matchExpressions ?? []) {
    if (operator === 'In') parts.push(`${key} in (${values.join(',')})`);
    else if (operator === 'NotIn') parts.push(`${key} notin (${values.join(',')})`);
    else if (operator === 'Exists') parts.push(key);
    else parts.push(`!${key}`);
  }
  return parts.length === 0 ? '<any host>' : parts.join(',');
}
