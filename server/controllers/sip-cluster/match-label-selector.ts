import type { SIPClusterLabelSelector } from '../../types/crds/sip-cluster';
import { compareStrings } from './stable-order';

type Labels = Readonly<Record<string, string>> | undefined;
type Operator = NonNullable<SIPClusterLabelSelector['matchExpressions']>[number]['operator'];

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
  const mismatch = labelSelectorMismatch(selector);
  return (labels) => mismatch(labels) === undefined;
}

/**
 * The same test, saying which requirement a host's labels fail (`rackpilot.io/flavor=worker`,
 * `!gpu`, `invalid selector`), or undefined when they match: the scheduler's reason for leaving a
 * host out, and the one implementation labelSelectorMatcher wraps.
 */
export function labelSelectorMismatch(
  selector: SIPClusterLabelSelector | undefined,
): (labels: Labels) => string | undefined {
  if (labelSelectorProblem(selector) !== undefined) return () => 'invalid selector';
  const pairs = Object.entries(selector?.matchLabels ?? {});
  const expressions = selector?.matchExpressions ?? [];
  return (labels) => {
    for (const [key, value] of pairs) {
      if (labels === undefined || !Object.hasOwn(labels, key) || labels[key] !== value)
        return `${key}=${value}`;
    }
    for (const { key, operator, values = [] } of expressions) {
      const present = labels !== undefined && Object.hasOwn(labels, key);
      const value = labels?.[key] ?? '';
      if (!expressionHolds(operator, present, values.includes(value))) {
        return describeExpression(key, operator, values);
      }
    }
    return undefined;
  };
}

function expressionHolds(operator: Operator, present: boolean, listed: boolean): boolean {
  switch (operator) {
    case 'In':
      return present && listed;
    case 'NotIn':
      return !(present && listed);
    case 'Exists':
      return present;
    case 'DoesNotExist':
      return !present;
  }
}

function describeExpression(key: string, operator: Operator, values: readonly string[]): string {
  if (operator === 'In') return `${key} in (${values.join(',')})`;
  if (operator === 'NotIn') return `${key} notin (${values.join(',')})`;
  if (operator === 'Exists') return key;
  return `!${key}`;
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
    parts.push(describeExpression(key, operator, values));
  }
  return parts.length === 0 ? '<any host>' : parts.join(',');
}
