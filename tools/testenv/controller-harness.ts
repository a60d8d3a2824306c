import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { KubeConfig } from '@kubernetes/client-node';
import { buildControllers, controllerNames } from '../../server/controllers/build-controllers';
import { ControllerManager } from '../../server/kube/controller-manager';
import { ControllerMetrics } from '../../server/kube/controller-metrics';
import type { InformerSet } from '../../server/kube/informer-set';
import { readCrdFiles } from '../../server/kube/install-crds';
import { runtimeInformers } from '../../server/kube/runtime-informers';

export interface ControllerHarness {
  informers: InformerSet;
  metrics: ControllerMetrics;
  stop(): Promise<void>;
}

/** The server's caches and the named controllers, in the test process, without HTTP or leader election. */
export async function startControllers(kc: KubeConfig, names: string[]): Promise<ControllerHarness> {
  const log = (line: string) => {
    console.log(`[controllers] ${line}`);
  };
  const crds = await readCrdFiles(fileURLToPath(new URL('../../crds', import.meta.url)));
  const informers = runtimeInformers(kc, crds, log);
  informers.start();
  await informers.waitForSync(60_000);
  const metrics = new ControllerMetrics();
  const disabled = controllerNames.filter((name) => !names.includes(name));
  const identity = `test-${randomBytes(3).toString('hex')}`;
  const manager = new ControllerManager(
    buildControllers({ kc, informers, metrics, log }, disabled, identity),
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
