import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { warmHostRows } from '../api/hosts/host-cache';
import { accessReviewsFor } from '../api/reviewed-scope';
import { SharedLiveViews } from '../api/shared-live-view';
import { log } from '../cli';
import type { ServerConfig } from '../config';
import { replicaIdentity } from '../controllers/build-controllers';
import { CONSOLE_EVENT_SOURCE, EventRecorder } from '../kube/events';
import { setRuntime, type Runtime } from '../runtime';
import type { Shutdown } from '../shutdown';
import { appRoot } from './app-root';

/** What the steps before built, as the Runtime every handler reads (with the console's event writer); the host rows built ahead. */
export async function publishRuntime(
  parts: Omit<
    Runtime,
    'startedAt' | 'buildId' | 'liveViews' | 'consoleEvents' | 'racks' | 'impersonate' | 'accessReviews'
  >,
  config: ServerConfig,
  shutdown: Shutdown,
): Promise<Runtime> {
  const buildId = config.dev
    ? 'development'
    : (await readFile(join(appRoot, '.next', 'BUILD_ID'), 'utf8')).trim();
  const runtime: Runtime = {
    ...parts,
    startedAt: new Date(),
    buildId,
    liveViews: new SharedLiveViews(),
    consoleEvents: new EventRecorder(parts.kc, CONSOLE_EVENT_SOURCE, replicaIdentity(), log),
    racks: config.racks,
    impersonate: config.impersonate,
    accessReviews: config.impersonate ? accessReviewsFor(parts.kc, config.accessReviewTtlMs) : undefined,
  };
  setRuntime(runtime);
  // Not awaited: a page asked for meanwhile builds the rows it needs itself.
  warmHostRows(runtime).catch((error: unknown) => {
    log(`building host rows ahead failed: ${error instanceof Error ? error.message : String(error)}`);
  });
  shutdown.add('runtime', () => {
    setRuntime(undefined);
  });
  return runtime;
}
