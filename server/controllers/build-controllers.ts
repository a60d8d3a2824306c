import { hostname } from 'node:os';
import { Controller, type ControllerSpec } from '../kube/controller';
import type { ControllerContext } from '../kube/controller-context';
import { EventRecorder } from '../kube/events';
import { SetupError } from '../setup-error';
import { ironicController } from './ironic/ironic-controller';
import { ironicDatabaseController } from './ironic/ironic-database-controller';
import { plunderClusterController } from './plunder-cluster/plunder-cluster-controller';
import { plunderMachineController } from './plunder-machine/plunder-machine-controller';
import { sipClusterController } from './sip-cluster/sip-cluster-controller';

/** One switchable controller may reconcile several kinds that belong together (Ironic and its database). */
type ControllerFactory = (ctx: ControllerContext) => ControllerSpec | ControllerSpec[];

/** Every controller by the name RACKPILOT_DISABLED_CONTROLLERS uses to switch it off. */
const factories: Record<string, ControllerFactory> = {
  sip: sipClusterController,
  'plunder-cluster': plunderClusterController,
  'plunder-machine': plunderMachineController,
  ironic: (ctx) => [ironicController(ctx), ironicDatabaseController(ctx)],
};

export const controllerNames = Object.keys(factories);

export function buildControllers(
  base: Omit<ControllerContext, 'events'>,
  disabled: string[],
  identity: string,
): Controller[] {
  const unknown = disabled.filter((name) => !(name in factories));
  if (unknown.length > 0) {
    throw new SetupError(
      `RACKPILOT_DISABLED_CONTROLLERS names unknown controllers: ${unknown.join(', ')} (known: ${controllerNames.join(', ')})`,
    );
  }
  return Object.entries(factories)
    .filter(([name]) => !disabled.includes(name))
    .flatMap(([name, factory]) => {
      const ctx: ControllerContext = {
        ...base,
        events: new EventRecorder(base.kc, `rackpilot.io/${name}-controller`, identity, base.log),
      };
      return [factory(ctx)]
        .flat()
        .map((spec) => new Controller(spec, base.informers, base.metrics, base.log));
    });
}

export function replicaIdentity(): string {
  return `${hostname()}-${process.pid}`;
}
