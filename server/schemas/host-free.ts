import type { BareMetalHost } from '../types/crds/bare-metal-host';
import { SIP_CLUSTER_NAME_LABEL, SIP_CLUSTER_NAMESPACE_LABEL } from './host-labels';

/**
 * Why a host is not free: `claimed` when something holds it (a SIPCluster's labels, a consumer such as
 * a Metal3Machine), `unavailable` when nothing does but it cannot be handed out now.
 */
export interface NotFree {
  kind: 'claimed' | 'unavailable';
  /** A few words for the operator: `consumed by Metal3Machine ns/name`, `inspecting`, `in error`. */
  reason: string;
}

/** The Claim facet's values: free, or the kind of NotFree. */
export const CLAIM_VALUES = ['free', 'claimed', 'unavailable'] as const;
export type ClaimValue = (typeof CLAIM_VALUES)[number];

/** `ready` is BMO's legacy name for `available` (renamed in BMO PR #340). */
const AVAILABLE_STATES = new Set(['available', 'ready']);

/** BMO's annotations for a host taken out of management (detached) or out of reconciling (paused). */
const DETACHED_ANNOTATION = 'baremetalhost.metal3.io/detached';
const PAUSED_ANNOTATION = 'baremetalhost.metal3.io/paused';

/**
 * What holds the host, or undefined. SIP's own test is the cluster-name label alone; a consumerRef
 * counts too because CAPM3 sets it when a Metal3Machine takes a host outside any SIPCluster, and
 * that host is as taken as a labelled one.
 */
export function claimOf(host: BareMetalHost): string | undefined {
  const labels = host.metadata.labels;
  const cluster = labels?.[SIP_CLUSTER_NAME_LABEL];
  if (cluster !== undefined) {
    const namespace = labels?.[SIP_CLUSTER_NAMESPACE_LABEL] ?? host.metadata.namespace ?? '';
    return `labelled for SIPCluster ${namespace}/${cluster}`;
  }
  const consumer = host.spec.consumerRef;
  if (consumer) {
    const namespace = consumer.namespace ?? host.metadata.namespace ?? '';
    return `consumed by ${consumer.kind ?? 'object'} ${namespace}/${consumer.name ?? ''}`;
  }
  return undefined;
}

/**
 * Why an unclaimed host cannot be handed out now, or undefined. SIP hands its hosts to CAPM3, which
 * provisions them, so a host must be in the provisioning state `available` and nothing may hold it
 * back: a delete, an operator powering it off (spec.online false), a detach or pause (maintenance), or
 * an error. A host still inspecting would otherwise become a worker and stall the tenant cluster.
 */
export function unavailabilityOf(host: BareMetalHost): string | undefined {
  if (host.metadata.deletionTimestamp) return 'being deleted';
  const state = host.status?.provisioning?.state;
  if (!state) return 'no provisioning state';
  if (!AVAILABLE_STATES.has(state)) return state;
  const annotations = host.metadata.annotations ?? {};
  if (Object.hasOwn(annotations, DETACHED_ANNOTATION) || host.status?.operationalStatus === 'detached') {
    return 'detached';
  }
  if (Object.hasOwn(annotations, PAUSED_ANNOTATION)) return 'paused';
  if (!host.spec.online) return 'powered off';
  if (host.status?.operationalStatus === 'error' || host.status?.errorType) return 'in error';
  return undefined;
}

/**
 * The one meaning of "free", for the hosts list, its Claim facet, the host page, the SIP scheduler
 * and its preview, the overview and the wall: undefined when the host is free, else why not.
 */
export function whyNotFree(host: BareMetalHost): NotFree | undefined {
  const claim = claimOf(host);
  if (claim !== undefined) return { kind: 'claimed', reason: claim };
  const unavailable = unavailabilityOf(host);
  return unavailable === undefined ? undefined : { kind: 'unavailable', reason: unavailable };
}
