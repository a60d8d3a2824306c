import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { KubeConfig } from '@kubernetes/client-node';
import {
  buildControllers,
  controllerDeclarations,
  controllerNames,
} from '../../server/controllers/build-controllers';
import type { ControllerServices } from '../../server/controllers/controller-services';
import { ControllerManager } from '../../server/kube/controller-manager';
import { ControllerMetrics } from '../../server/kube/controller-metrics';
import type { InformerSet } from '../../server/kube/informer-set';
import { readCrdFiles } from '../../server/kube/install-crds';
import { DEFAULT_CERTIFICATE_LIFETIME_HOURS } from '../../server/controllers/contrail/certificate-lifetime';
import { runtimeInformers, secretValuesOf } from '../../server/kube/runtime-informers';

export interface ControllerHarness {
  informers: InformerSet;
  metrics: ControllerMetrics;
  stop(): Promise<void>;
}

/** The settings controllers read from ControllerServices, as the tests run them unless told otherwise. */
export type ServiceSettings = Omit<ControllerServices, 'boot'>;

export const TEST_SETTINGS: ServiceSettings = {
  // Tests wait on simulated dependencies; a short poll keeps them quick.
  dependencyPollMs: 500,
  contrailCertificateLifetimeMs: DEFAULT_CERTIFICATE_LIFETIME_HOURS * 3_600_000,
  recordInspection: () => Promise.reject(new Error('this harness was started without an inspection history')),
};

/**
 * Controllers that need no boot service (SIP, Ironic, Contrail) get none: asking for it is a mistake
 * in the test. `settings` override the test settings.
 */
export function withoutBoot(settings: Partial<ServiceSettings> = {}): ControllerServices {
  return {
    get boot(): never {
      throw new Error('this harness was started without a boot service');
    },
    ...TEST_SETTINGS,
    ...settings,
  };
}

/**
 * The server's caches and the named controllers, in the test process, without HTTP or leader
 * election. `services` builds what the controllers use beyond the API server, once caches are synced.
 */
export async function startControllers(
  kc: KubeConfig,
  names: string[],
  services?: (informers: InformerSet) => Promise<ControllerServices>,
): Promise<ControllerHarness> {
  const log = (line: string) => {
    console.log(`[controllers] ${line}`);
  };
  const crds = await readCrdFiles(fileURLToPath(new URL('../../crds', import.meta.url)));
  const informers = runtimeInformers(kc, crds, controllerDeclarations, log);
  informers.start();
  await informers.waitForSync(60_000);
  const metrics = new ControllerMetrics();
  const disabled = controllerNames.filter((name) => !names.includes(name));
  const identity = `test-${randomBytes(3).toString('hex')}`;
  const manager = new ControllerManager(
    buildControllers(
      { kc, informers, secrets: secretValuesOf(kc, informers), metrics, log },
      services ? await services(informers) : withoutBoot(),
      disabled,
      identity,
    ),
    log,
  );
  manager.start(undefined);
  return {
    informers,
    metrics,
    stop: async () => {
      await manager.stop(undefined);
      informers.stop();
    },
  };
}
