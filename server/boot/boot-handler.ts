import type { IncomingMessage, ServerResponse } from 'node:http';
import type { InformerSet } from '../kube/informer-set';
import type { SharedIpRateLimiter } from '../lib/shared-rate-limiter';
import { BootCallbacks } from './boot-callbacks';
import type { ProgressTracker } from './boot-progress';
import { BootScriptRoute } from './boot-script-route';
import { claimedMachine } from './claimed-machine';
import type { HardwareDb } from './hardware-db';
import type { HardwareStore } from './hardware-store';
import { serveInstallerConfig } from './installer-config-route';
import { clientIp, send, sendTooLarge } from './boot-http';
import { CHAIN_URL_PRESEED, DEBIAN_INSTALLER_AGENT } from './installer-config';
import { chainScript, errorScript, LOOP_DELAY_SECONDS } from './ipxe-scripts';
import { DEFAULT_INSTALL_RETRIES } from './machine-facts';
import { assetOf, serveAsset } from './asset-route';
import type { BootProfiles } from './boot-profiles';
import type { AssetServer } from './asset-server';

export interface BootHandlerDeps {
  store: HardwareStore;
  hardwareDb: HardwareDb;
  progress: ProgressTracker;
  informers: InformerSet;
  limiter: Pick<SharedIpRateLimiter, 'take'>;
  /** The profiles machines boot, and the files they name. */
  profiles: BootProfiles;
  /** Sends the profiles' files: the asset route redirects to its signed links. */
  assets: AssetServer;
  log: (line: string) => void;
  /** The origin of every URL in a script: configuration, never the request's Host header. */
  bootUrl: string;
  /** The address a live token was issued to may get a fresh one once it is this old. */
  reissueMs: number;
  /** Largest request target (path and query) and body; iPXE's own requests stay far below. */
  maxRequestBytes: number;
  now?: () => number;
}

export function isBootPath(url: string | undefined): boolean {
  return (
    url !== undefined && (url.startsWith('/boot/') || url === '/boot.ipxe' || url.startsWith('/boot.ipxe?'))
  );
}

/**
 * The boot service's HTTP handler (see README.md): the rate limit and size bounds every boot path
 * shares, then each path to its route (the boot script, the installer's config, its callbacks, the
 * profiles' files).
 */
export class BootHandler {
  private readonly callbacks: BootCallbacks;
  private readonly scripts: BootScriptRoute;

  constructor(private readonly deps: BootHandlerDeps) {
    const now = deps.now ?? Date.now;
    this.scripts = new BootScriptRoute(deps, now);
    this.callbacks = new BootCallbacks(deps, now, (mac) => {
      const record = deps.store.get(mac);
      return (
        (record && claimedMachine(deps.informers, record)?.machine.spec.installRetries) ??
        DEFAULT_INSTALL_RETRIES
      );
    });
  }

  /** Handles any boot path; never throws (errors become a 500 with an iPXE echo). */
  handle(req: IncomingMessage, res: ServerResponse): void {
    this.dispatch(req, res).catch((error: unknown) => {
      this.deps.log(`boot ${req.url ?? ''}: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent)
        send(res, 500, errorScript('boot service error, retrying', 'reboot', LOOP_DELAY_SECONDS), 'error');
      else res.destroy();
    });
  }

  private async dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    const base = this.deps.bootUrl;
    if (!this.deps.limiter.take(clientIp(req))) {
      const retry = path === '/boot/ipxe' || path === '/boot.ipxe' ? `${base}/boot.ipxe` : undefined;
      send(
        res,
        429,
        errorScript(
          'too many requests from this address',
          retry ? { chain: retry } : 'reboot',
          LOOP_DELAY_SECONDS,
        ),
        'error',
      );
      return;
    }
    if (url.length > this.deps.maxRequestBytes) {
      sendTooLarge(res, 414, 'request');
      return;
    }
    if (Number(req.headers['content-length'] ?? 0) > this.deps.maxRequestBytes) {
      sendTooLarge(res, 413, 'body');
      return;
    }
    const query = new URLSearchParams(queryAt < 0 ? '' : url.slice(queryAt + 1));
    const method = req.method ?? 'GET';
    const expect = (wanted: string): boolean => {
      if (method === wanted || (wanted === 'GET' && method === 'HEAD')) return true;
      res.setHeader('allow', wanted);
      send(res, 405, errorScript(`${path} takes ${wanted}`, 'reboot', LOOP_DELAY_SECONDS), 'error');
      return false;
    };
    if (path === '/boot.ipxe') {
      if (!expect('GET')) return;
      if (req.headers['user-agent'] === DEBIAN_INSTALLER_AGENT) send(res, 200, CHAIN_URL_PRESEED);
      else send(res, 200, chainScript(base), 'loop');
      return;
    }
    if (path === '/boot/ipxe') {
      if (expect('GET')) await this.scripts.answer(req, res, query, base);
      return;
    }
    if (path === '/boot/done' || path === '/boot/failed') {
      if (expect('POST')) await this.callbacks.finish(req, res, query, path === '/boot/done');
      return;
    }
    if (path === '/boot/progress') {
      if (expect('POST')) await this.callbacks.progress(req, res, query);
      return;
    }
    if (path === '/boot/config') {
      if (expect('GET')) await serveInstallerConfig(this.deps, req, res, query, base);
      return;
    }
    const asset = assetOf(path);
    if (asset) {
      if (expect('GET')) await serveAsset(res, this.deps.profiles, this.deps.assets, asset);
      return;
    }
    send(
      res,
      404,
      errorScript(`no such boot path ${path.slice(0, 60)}`, 'reboot', LOOP_DELAY_SECONDS),
      'error',
    );
  }
}
