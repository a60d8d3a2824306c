import type { BootService } from '../boot/boot-service';
import type { InspectionSighting } from './hardware-data';
import type { AnyControllerDeclaration, ControllerDeclaration } from '../kube/controller-declaration';
import type { KubernetesObject } from '@kubernetes/client-node';

/** The process's services controllers use beyond the API server, passed in by server/main.ts. */
export interface ControllerServices {
  boot: BootService;
  /** How often a controller waiting on an uncached kind (another operator's resource) looks again. */
  dependencyPollMs: number;
  /** How long the Contrail pods' certificates are valid (RACKPILOT_CONTRAIL_CERT_LIFETIME_HOURS). */
  contrailCertificateLifetimeMs: number;
  /** Stores a HardwareData in its host's inspection history when its hardware changed. */
  recordInspection: (sighting: InspectionSighting) => Promise<unknown>;
}

export type RackpilotController<T extends KubernetesObject> = ControllerDeclaration<T, ControllerServices>;
export type AnyRackpilotController = AnyControllerDeclaration<ControllerServices>;
