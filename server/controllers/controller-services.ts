import type { BootService } from '../boot/boot-service';
import type { AnyControllerDeclaration, ControllerDeclaration } from '../kube/controller-declaration';
import type { KubernetesObject } from '@kubernetes/client-node';

/** The process's services controllers use beyond the API server, passed in by server/main.ts. */
export interface ControllerServices {
  boot: BootService;
}

export type RackpilotController<T extends KubernetesObject> = ControllerDeclaration<T, ControllerServices>;
export type AnyRackpilotController = AnyControllerDeclaration<ControllerServices>;
