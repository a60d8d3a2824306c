/**
 * The PlacementAPI planner, step for step with placement-operator's reconcileNormal: RBAC, input
 * Secret, database, configuration, TLS, input hash, network attachments, Services, db-sync,
 * topology, Deployment, then Keystone. Observed state in; owned objects, dependencies, status and
 * events out; no I/O. A step that cannot finish stops the pass; later conditions stay Unknown.
 */
import {
  finishPass,
  PassEnd,
  startPass,
  type PlacementObserved,
  type PlacementPass,
  type PlacementPlan,
} from './placement-pass';
import {
  dbSyncStep,
  deploymentStep,
  inputsStep,
  keystoneStep,
  networkAttachmentsStep,
  rbacStep,
  servicesStep,
  topologyStep,
} from './placement-steps';

export type { PlacementObserved, PlacementPlan } from './placement-pass';
export { networkStatusOf } from './placement-steps';

/** Deterministic: `now` only stamps conditions whose status flips. */
export function planPlacement(observed: PlacementObserved, now: Date): PlacementPlan {
  const pass = startPass(observed, now);
  return finishPass(pass, runSteps(pass));
}

/** The steps in order, each handing on what a later one needs; the first that cannot finish ends the pass. */
function runSteps(pass: PlacementPass): PassEnd {
  rbacStep(pass);
  const inputHash = inputsStep(pass);
  if (inputHash instanceof PassEnd) return inputHash;
  const networks = networkAttachmentsStep(pass);
  if (networks instanceof PassEnd) return networks;
  const endpoints = servicesStep(pass);
  if (endpoints instanceof PassEnd) return endpoints;
  const dbSyncEnd = dbSyncStep(pass, networks);
  if (dbSyncEnd) return dbSyncEnd;
  const topology = topologyStep(pass);
  if (topology instanceof PassEnd) return topology;
  const deploymentEnd = deploymentStep(pass, { inputHash, networks, topology });
  if (deploymentEnd) return deploymentEnd;
  return keystoneStep(pass, endpoints);
}
