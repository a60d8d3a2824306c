import type { KubernetesObject } from '@kubernetes/client-node';
import type { BootService } from '../../boot/boot-service';
import { clusterNameOf } from '../../boot/machine-facts';
import { mergePatch } from '../../kube/apply';
import type { ControllerContext } from '../../kube/controller-context';
import { reconcileWith, type ReconcileSteps } from '../../kube/reconcile-steps';
import { clusterApiMachineResource } from '../../kube/resource';
import {
  bareMetalHostResource,
  plunderClusterResource,
  plunderMachineResource,
  type PlunderMachine,
} from '../../types/crds';
import type { RackpilotController } from '../controller-services';
import { observeClaims } from './observe-claims';
import { powerCycleForWipe } from './power-cycle-for-wipe';
import { planPlunderMachine, type MachineObserved, type MachinePlan } from './plan-plunder-machine';

/** Upstream's finalizer, typo included, so machines created under the Go provider are finalised too. */
export const PLUNDER_MACHINE_FINALIZER = 'plundernmachine.infrastructure.cluster.x-k8s.io';

/**
 * Deletion: the MAC goes to wiping (or straight back to unleased if nothing was installed), addresses are
 * freed, and a wiping machine is power-cycled through its BareMetalHost's BMC where it has one.
 */
async function finalize(
  ctx: ControllerContext,
  boot: BootService,
  machine: PlunderMachine,
): Promise<undefined> {
  const { namespace = '', name = '', uid = '' } = machine.metadata;
  const released = await boot.hardwareDb.claims.release(uid);
  if (released) boot.store.applyStates([released], Date.now());
  await boot.leases.release({ namespace, name });
  const note = released
    ? released.state === 'wiping'
      ? `Plunder has begun removing the host: ${released.mac} is wiped on its next boot, then returns to the pool; ${await powerCycleForWipe(ctx, released.mac)}`
      : `${released.mac} was never installed and is back in the pool`
    : 'Machine removed; it held no hardware';
  void ctx.events.record(machine, { type: 'Normal', reason: 'PlunderDelete', note, action: 'Reconcile' });
  return undefined;
}

/**
 * Observe takes the machine's claims (observe-claims.ts); the plan's own write is the providerID in
 * the spec, once provisioned, before status and events.
 */
function reconcileSteps(
  ctx: ControllerContext,
  boot: BootService,
): ReconcileSteps<PlunderMachine, MachineObserved, MachinePlan> {
  return {
    resource: plunderMachineResource,
    observe: (machine) => observeClaims(ctx, boot, machine),
    plan: (observed, { now }) => planPlunderMachine(observed, now),
    act: async (plan, { machine }) => {
      if (plan.providerID && machine.spec.providerID !== plan.providerID) {
        await mergePatch(
          ctx.kc,
          plunderMachineResource,
          machine.metadata.namespace,
          machine.metadata.name ?? '',
          {
            spec: { providerID: plan.providerID },
          },
        );
        ctx.metrics.writes.inc({ controller: ctx.controller.name, verb: 'provider-id' });
      }
      return undefined;
    },
  };
}

export const plunderMachineDeclaration: RackpilotController<PlunderMachine> = {
  name: 'plunder-machine',
  reconciles: plunderMachineResource,
  owns: [],
  watches: [
    {
      // A cluster's subnet or pool decides machines' addresses.
      resource: plunderClusterResource,
      map: (cluster: KubernetesObject, _previous, caches) =>
        caches
          .of(plunderMachineResource)
          .list()
          .filter(
            (machine) =>
              machine.metadata.namespace === cluster.metadata?.namespace &&
              clusterNameOf(machine) === cluster.metadata?.name,
          )
          .map((machine) => `${machine.metadata.namespace ?? ''}/${machine.metadata.name ?? ''}`),
    },
  ],
  finalizer: PLUNDER_MACHINE_FINALIZER,
  // The owner Machine is read by name (ownerWait), not cached; a released machine's host is power-cycled.
  alsoCalls: [
    { resource: clusterApiMachineResource, verbs: ['get'] },
    { resource: bareMetalHostResource, verbs: ['patch'] },
  ],
  reads: [bareMetalHostResource],
  workers: 8,
  setup: (ctx, { boot }) => ({
    reconcile: reconcileWith(ctx, reconcileSteps(ctx, boot)),
    finalize: (machine) => finalize(ctx, boot, machine),
  }),
};
