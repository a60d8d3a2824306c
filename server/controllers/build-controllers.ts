import { hostname } from 'node:os';
import { Controller } from '../kube/controller';
import type { ControllerContext } from '../kube/controller-context';
import { switchOf } from '../kube/controller-declaration';
import { EventRecorder } from '../kube/events';
import { SetupError } from '../setup-error';
import type { AnyRackpilotController, ControllerServices } from './controller-services';
import {
  cassandraDeclaration,
  configDeclaration,
  controlDeclaration,
  kubemanagerDeclaration,
  managerDeclaration,
  provisionManagerDeclaration,
  rabbitmqDeclaration,
  vrouterDeclaration,
  webuiDeclaration,
  zookeeperDeclaration,
} from './contrail';
import { hardwareDataDeclaration } from './hardware-data';
import { ironicDatabaseDeclaration, ironicDeclaration } from './ironic';
import { placementDeclaration } from './placement';
import { plunderClusterDeclaration } from './plunder-cluster';
import { plunderMachineDeclaration } from './plunder-machine';
import { sipClusterDeclaration } from './sip-cluster';

/** Every controller this server can run; the runtime builds caches, RBAC rules and workers from these. */
export const controllerDeclarations: AnyRackpilotController[] = [
  sipClusterDeclaration,
  plunderClusterDeclaration,
  plunderMachineDeclaration,
  ironicDeclaration,
  ironicDatabaseDeclaration,
  managerDeclaration,
  cassandraDeclaration,
  zookeeperDeclaration,
  rabbitmqDeclaration,
  configDeclaration,
  controlDeclaration,
  kubemanagerDeclaration,
  webuiDeclaration,
  provisionManagerDeclaration,
  vrouterDeclaration,
  placementDeclaration,
  hardwareDataDeclaration,
];

/** The names RACKPILOT_DISABLED_CONTROLLERS uses to switch controllers off. */
export const controllerNames = [...new Set(controllerDeclarations.map(switchOf))];

export function buildControllers(
  base: Omit<ControllerContext, 'events' | 'controller'>,
  services: ControllerServices,
  disabled: string[],
  identity: string,
): Controller[] {
  const unknown = disabled.filter((name) => !controllerNames.includes(name));
  if (unknown.length > 0) {
    throw new SetupError(
      `RACKPILOT_DISABLED_CONTROLLERS names unknown controllers: ${unknown.join(', ')} (known: ${controllerNames.join(', ')})`,
    );
  }
  return controllerDeclarations
    .filter((declaration) => !disabled.includes(switchOf(declaration)))
    .map((declaration) => {
      const ctx: ControllerContext = {
        ...base,
        events: new EventRecorder(
          base.kc,
          `rackpilot.io/${switchOf(declaration)}-controller`,
          identity,
          base.log,
        ),
        controller: { name: declaration.name, owns: declaration.owns },
      };
      return new Controller(declaration, declaration.setup(ctx, services), ctx);
    });
}

export function replicaIdentity(): string {
  return `${hostname()}-${process.pid}`;
}
