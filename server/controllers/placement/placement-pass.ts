/**
 * One PlacementAPI pass as its steps build it (placement-steps.ts): what it reads, the conditions
 * and status so far, what it will apply, its events; and how a pass ends. Pure.
 */
import type { KubernetesObject, V1Deployment, V1Job, V1Pod, V1Service } from '@kubernetes/client-node';
import type { PlannedEvent } from '../../kube/reconcile-steps';
import type { PlacementAPI, PlacementAPIStatus } from '../../types/crds/placement-api';
import type { DependencyObject } from './dependency-resources';
import { ConditionSet } from './placement-conditions';
import type { InputsObserved } from './plan-inputs';

export interface PlacementObserved extends InputsObserved {
  keystoneService?: DependencyObject;
  keystoneEndpoint?: DependencyObject;
  /** Names of the NetworkAttachmentDefinitions that exist in the namespace. */
  networkAttachmentDefinitions: Set<string>;
  topology?: DependencyObject;
  deployment?: V1Deployment;
  job?: V1Job;
  service(name: string): V1Service | undefined;
  /** The API pods (read only when network attachments are set). */
  pods: V1Pod[];
}

export interface PlacementPlan {
  objects: KubernetesObject[];
  /** True once every owned kind was rendered: owned objects not in `objects` may go. */
  pruneOwned: boolean;
  /** Other operators' resources, applied with the PlacementAPI's finalizer. */
  dependencies: DependencyObject[];
  /** A db-sync Job of an older definition: deleted before the new one is made (a Job is immutable). */
  deleteJob: boolean;
  status: PlacementAPIStatus;
  /** Waiting on something no cache watches: look again after the poll interval. */
  poll: boolean;
  events: PlannedEvent[];
}

export interface PlacementPass {
  observed: PlacementObserved;
  placement: PlacementAPI;
  namespace: string;
  /** The status stored before this pass. */
  previous: PlacementAPIStatus;
  conditions: ConditionSet;
  status: PlacementAPIStatus;
  objects: KubernetesObject[];
  dependencies: DependencyObject[];
  deleteJob: boolean;
  events: PlannedEvent[];
}

/**
 * Where a pass stopped: `poll` asks to look again after the poll interval, `pruneOwned` says every
 * owned kind was rendered. A step returns one to end the pass; later conditions stay Unknown.
 */
export class PassEnd {
  constructor(
    readonly poll: boolean,
    readonly pruneOwned = false,
  ) {}
}

/** Every sub-condition Unknown, and the status fields a pass may leave as they were carried over. */
export function startPass(observed: PlacementObserved, now: Date): PlacementPass {
  const { placement } = observed;
  const previous = placement.status ?? {};
  const status: PlacementAPIStatus = {
    observedGeneration: placement.metadata.generation,
    hash: { ...previous.hash },
    readyCount: previous.readyCount ?? 0,
  };
  for (const key of [
    'databaseHostname',
    'networkAttachments',
    'apiEndpoints',
    'lastAppliedTopology',
  ] as const) {
    if (previous[key] !== undefined) Object.assign(status, { [key]: previous[key] });
  }
  return {
    observed,
    placement,
    namespace: placement.metadata.namespace ?? '',
    previous,
    conditions: new ConditionSet(
      previous.conditions ?? [],
      `${now.toISOString().slice(0, 19)}Z`,
      Boolean(placement.spec.topologyRef),
    ),
    status,
    objects: [],
    dependencies: [],
    deleteJob: false,
    events: [],
  };
}

/** Ready rolled up from the sub-conditions, and an event when it flips. */
export function finishPass(pass: PlacementPass, end: PassEnd): PlacementPlan {
  const { conditions: c, status, previous, events } = pass;
  status.conditions = c.finish();
  const ready = c.get('Ready');
  const wasReady = previous.conditions?.find((x) => x.type === 'Ready')?.status === 'True';
  if (ready?.status === 'True' && !wasReady)
    events.push({ type: 'Normal', reason: 'PlacementReady', note: 'Setup complete' });
  if (ready?.status === 'False' && wasReady)
    events.push({ type: 'Warning', reason: 'PlacementNotReady', note: ready.message ?? '' });
  const { objects, dependencies, deleteJob } = pass;
  return { objects, pruneOwned: end.pruneOwned, dependencies, deleteJob, status, poll: end.poll, events };
}
