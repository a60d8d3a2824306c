import { hostname } from 'node:os';
import { Controller, type ControllerSpec } from '../kube/controller';
import type { ControllerContext } from '../kube/controller-context';
import { EventRecorder } from '../kube/events';
import { SetupError } from '../setup-error';
import { sipClusterController } from './sip-cluster/sip-cluster-controller';

type ControllerFactory = (ctx: ControllerContext) => ControllerSpec;

/** Every controller by the name RACKPILOT_DISABLED_CONTROLLERS uses to switch it off. */
const factories: Record<string, ControllerFactory> = {
  sip: sipClusterController,
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
    .map(([name, factory]) => {
      const ctx: ControllerContext = {
        ...base,
        events: new EventRecorder(base.kc, `rackpilot.io/${name}-controller`, identity, base.log),
      };
      return new Controller(factory(ctx), base.informers, base.metrics, base.log);
    });
}

export function replicaIdentity(): string {
  return `${hostname()}-${process.pid}`;
}
