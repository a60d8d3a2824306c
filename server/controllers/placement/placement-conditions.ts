/**
 * lib-common's condition set as the PlacementAPI uses it: every sub-condition starts each pass as
 * Unknown/Init, the steps mark theirs, and Ready is rolled up from the worst one. Pure.
 */
import type { PlacementAPI, PlacementAPICondition } from '../../types/crds/placement-api';

export type Severity = 'Error' | 'Warning' | 'Info' | '';

export const REASONS = { requested: 'Requested', error: 'Error', init: 'Init', ready: 'Ready' } as const;

/** Sub-conditions in the order the reconcile sets them (the console's checklist order). */
export const SUB_CONDITIONS = [
  'ServiceAccountReady',
  'RoleReady',
  'RoleBindingReady',
  'InputReady',
  'MariaDBAccountReady',
  'DBReady',
  'ServiceConfigReady',
  'TLSInputReady',
  'NetworkAttachmentsReady',
  'CreateServiceReady',
  'DBSyncReady',
  'TopologyReady',
  'DeploymentReady',
  'KeystoneServiceReady',
  'KeystoneEndpointReady',
] as const;
export type SubCondition = (typeof SUB_CONDITIONS)[number];

/** lib-common's message templates (Init, done). */
export const INIT_MESSAGES: Record<SubCondition | 'Ready', string> = {
  Ready: 'Setup started',
  ServiceAccountReady: 'ServiceAccount not created',
  RoleReady: 'Role not created',
  RoleBindingReady: 'RoleBinding not created',
  InputReady: 'Input data not checked',
  MariaDBAccountReady: 'MariaDBAccount not started',
  DBReady: 'DB create not started',
  ServiceConfigReady: 'Service config create not started',
  TLSInputReady: 'Input data not checked',
  NetworkAttachmentsReady: 'NetworkAttachments not started',
  CreateServiceReady: 'Create service not started',
  DBSyncReady: 'DBsync not started',
  TopologyReady: 'Topology config create not started',
  DeploymentReady: 'Deployment not started',
  KeystoneServiceReady: 'KeystoneService not started',
  KeystoneEndpointReady: 'KeystoneEndpoint not started',
};

export const DONE_MESSAGES: Record<SubCondition | 'Ready', string> = {
  Ready: 'Setup complete',
  ServiceAccountReady: 'ServiceAccount created',
  RoleReady: 'Role created',
  RoleBindingReady: 'RoleBinding created',
  InputReady: 'Input data complete',
  MariaDBAccountReady: 'MariaDBAccount creation complete',
  DBReady: 'DB create completed',
  ServiceConfigReady: 'Service config create completed',
  TLSInputReady: 'Input data complete',
  NetworkAttachmentsReady: 'NetworkAttachments completed',
  CreateServiceReady: 'Create service completed',
  DBSyncReady: 'DBsync completed',
  TopologyReady: 'Topology config create completed',
  DeploymentReady: 'Deployment completed',
  KeystoneServiceReady: 'KeystoneService ready',
  KeystoneEndpointReady: 'KeystoneEndpoint ready',
};

/** Conditions being built in one pass; `now` stamps the ones whose status flips. */
export class ConditionSet {
  private readonly byType = new Map<string, PlacementAPICondition>();

  constructor(
    private readonly previous: PlacementAPICondition[],
    private readonly now: string,
    withTopology: boolean,
  ) {
    for (const type of SUB_CONDITIONS) {
      if (type === 'TopologyReady' && !withTopology) continue;
      this.set(type, 'Unknown', REASONS.init, '', INIT_MESSAGES[type]);
    }
  }

  set(
    type: SubCondition | 'Ready',
    status: PlacementAPICondition['status'],
    reason: string,
    severity: Severity,
    message: string,
  ): void {
    const condition: PlacementAPICondition = { type, status, reason, message, lastTransitionTime: this.now };
    if (severity) condition.severity = severity;
    this.byType.set(type, condition);
  }

  markTrue(type: SubCondition, message = DONE_MESSAGES[type]): void {
    this.set(type, 'True', REASONS.ready, '', message);
  }

  /** A wait: Requested with severity Info. */
  requested(type: SubCondition, message: string): void {
    this.set(type, 'False', REASONS.requested, 'Info', message);
  }

  /** An error the next pass may clear: Error with severity Warning. */
  error(type: SubCondition, message: string): void {
    this.set(type, 'False', REASONS.error, 'Warning', message);
  }

  get(type: SubCondition | 'Ready'): PlacementAPICondition | undefined {
    return this.byType.get(type);
  }

  isTrue(type: SubCondition): boolean {
    return this.byType.get(type)?.status === 'True';
  }

  /**
   * Ready from the sub-conditions (True only when all are; otherwise a copy of the worst), Ready
   * first and the rest in checklist order, with lastTransitionTime kept wherever the status did not
   * change (lib-common's RestoreLastTransitionTimes).
   */
  finish(): PlacementAPICondition[] {
    const subs = [...this.byType.values()].filter((c) => c.type !== 'Ready');
    const worst = worstOf(subs);
    if (!worst) this.set('Ready', 'True', REASONS.ready, '', DONE_MESSAGES.Ready);
    else if (worst.status === 'Unknown') this.set('Ready', 'Unknown', REASONS.init, '', INIT_MESSAGES.Ready);
    else this.byType.set('Ready', { ...worst, type: 'Ready' });
    const ordered = [this.byType.get('Ready'), ...subs].filter((c) => c !== undefined);
    return ordered.map((condition) => {
      const before = this.previous.find((c) => c.type === condition.type);
      return before?.status === condition.status
        ? { ...condition, lastTransitionTime: before.lastTransitionTime }
        : condition;
    });
  }
}

const SEVERITY_RANK: Record<Severity, number> = { Error: 0, Warning: 1, Info: 2, '': 3 };

/**
 * lib-common's Mirror: False beats Unknown; among False, Error beats Warning beats Info; ties go
 * to the first in checklist order. Undefined when every sub-condition is True.
 */
export function worstOf(conditions: PlacementAPICondition[]): PlacementAPICondition | undefined {
  const rank = (c: PlacementAPICondition) =>
    c.status === 'False' ? SEVERITY_RANK[c.severity ?? ''] : c.status === 'Unknown' ? 4 : 5;
  let worst: PlacementAPICondition | undefined;
  for (const condition of conditions) {
    if (condition.status === 'True') continue;
    if (!worst || rank(condition) < rank(worst)) worst = condition;
  }
  return worst;
}

export function conditionOf(placement: PlacementAPI, type: string): PlacementAPICondition | undefined {
  return placement.status?.conditions?.find((c) => c.type === type);
}
