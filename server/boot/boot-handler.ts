import type { IncomingMessage, ServerResponse } from 'node:http';
import type { InformerSet } from '../kube/informer-set';
import type { SharedIpRateLimiter } from '../lib/shared-rate-limiter';
import {
  type PlunderCluster,
  type PlunderMachine,
  plunderClusterResource,
  plunderMachineResource,
} from '../types/crds';
import { BootCallbacks } from './boot-callbacks';
import type { ProgressTracker } from './boot-progress';
import type { HardwareDb } from './hardware-db';
import type { HardwareRecord, HardwareStore } from './hardware-store';
import { installerConfig } from './installer-config';
import { hashInstallToken, newInstallToken } from './install-token';
import { clientIp, macOr400, send, sendTooLarge } from './boot-http';
import {
  chainScript,
  errorScript,
  installScript,
  type InstallParams,
  LOOP_DELAY_SECONDS,
  localBootScript,
  loopScript,
  wipeScript,
} from './ipxe-scripts';
import { clusterNameOf, DEFAULT_INSTALL_RETRIES, installParamsOf, profileNameOf } from './machine-facts';
import { assetOf, serveAsset } from './asset-route';
import type { BootProfiles } from './boot-profiles';
import { WIPE_PROFILE } from '../schemas/boot-profile';

export interface BootHandlerDeps {
  store: HardwareStore;
  hardwareDb: HardwareDb;
  progress: ProgressTracker;
  informers: InformerSet;
  limiter: Pick<SharedIpRateLimiter, 'take'>;
  /** The profiles machines boot, and the files they name. */
  profiles: BootProfiles;
  log: (line: string) => void;
  /** The origin of every URL in a script: configuration, never the request's Host header. */
  bootUrl: string;
  /** The address a live token was issued to may get a fresh one once it is this old. */
  reissueMs: number;
  /** Largest request target (path and query) and body; iPXE's own requests stay far below. */
  maxRequestBytes: number;
  now?: () => number;
}

/** What iPXE reports about itself is echoed into the list: short printable text only. */
const REPORTED = /^[\x21-\x7e]{1,64}$/;
const ADDRESS_CONFLICT = "has an address conflict, waiting for an operator to confirm the machine's address";

export function isBootPath(url: string | undefined): boolean {
  return (
    url !== undefined && (url.startsWith('/boot/') || url === '/boot.ipxe' || url.startsWith('/boot.ipxe?'))
  );
}

function reported(value: string | null): string | null {
  return value !== null && REPORTED.test(value) ? value : null;
}

/**
 * The boot service's HTTP handler (see README.md). An unassigned MAC is answered from memory only;
 * the database is touched for claimed and wiping MACs (token issue) and for callbacks.
 */
export class BootHandler {
  private readonly now: () => number;
  private readonly callbacks: BootCallbacks;

  constructor(private readonly deps: BootHandlerDeps) {
    this.now = deps.now ?? Date.now;
    this.callbacks = new BootCallbacks(deps, this.now, (mac) => {
      const record = deps.store.get(mac);
      return (record && this.machineOf(record)?.machine.spec.installRetries) ?? DEFAULT_INSTALL_RETRIES;
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
      if (expect('GET')) send(res, 200, chainScript(base), 'loop');
      return;
    }
    if (path === '/boot/ipxe') {
      if (expect('GET')) await this.bootScript(req, res, query, base);
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
      if (expect('GET')) await this.config(req, res, query, base);
      return;
    }
    const asset = assetOf(path);
    if (asset) {
      if (expect('GET'))
        await serveAsset(req, res, this.deps.profiles, asset, (role) => {
          if (role !== 'image') void this.deps.progress.assetFetched(clientIp(req), role);
        });
      return;
    }
    send(
      res,
      404,
      errorScript(`no such boot path ${path.slice(0, 60)}`, 'reboot', LOOP_DELAY_SECONDS),
      'error',
    );
  }

  private async bootScript(req: IncomingMessage, res: ServerResponse, query: URLSearchParams, base: string) {
    const mac = macOr400(res, query);
    if (!mac) return;
    const ip = clientIp(req);
    const record = this.deps.store.sight(mac, ip, this.now(), {
      uuid: reported(query.get('uuid')),
      serial: reported(query.get('serial')),
      hostname: reported(query.get('hostname')),
    });
    switch (record.state) {
      case 'unleased':
        send(res, 200, loopScript(base, mac), 'loop');
        return;
      case 'failed':
        send(
          res,
          200,
          loopScript(base, mac, `install failed (${record.failureReason ?? 'unknown'}), waiting for a retry`),
          'loop',
        );
        return;
      case 'provisioned':
        send(res, 200, localBootScript(mac), 'local');
        return;
      case 'claimed':
      case 'provisioning':
        await this.install(res, record, base, ip);
        return;
      case 'wiping':
        await this.wipe(res, record, base, ip);
        return;
      case 'wiped':
        await this.wiped(res, record, base, ip);
        return;
    }
  }

  /**
   * A token was refused: when the request came from another address than the MAC's binding, that is
   * recorded as the MAC's conflict (revoking a live token). The loop's message says which it was.
   */
  private async refused(record: HardwareRecord, ip: string, otherwise: string): Promise<string> {
    const conflict = await this.tryDb(() => this.deps.hardwareDb.bindings.recordConflict(record.mac, ip));
    if (conflict) this.deps.store.applyStates([conflict.row], this.now());
    return conflict || record.conflict ? ADDRESS_CONFLICT : otherwise;
  }

  /** The wiped machine's own next boot into the loop confirms the wipe; the MAC is unleased again. */
  private async wiped(res: ServerResponse, record: HardwareRecord, base: string, ip: string): Promise<void> {
    const row = await this.tryDb(() => this.deps.hardwareDb.bindings.confirmWiped(record.mac, ip));
    if (row) this.deps.store.applyStates([row], this.now());
    const why = row ? undefined : await this.refused(record, ip, 'is wiped, waiting for its own next boot');
    send(res, 200, loopScript(base, record.mac, why), 'loop');
  }

  private machineOf(
    record: HardwareRecord,
  ): { machine: PlunderMachine; cluster: PlunderCluster | undefined } | undefined {
    const claim = record.claim;
    if (!claim?.uid) return undefined;
    const machine = this.deps.informers.of(plunderMachineResource).get(claim.name, claim.namespace);
    if (!machine || machine.metadata.uid !== claim.uid || machine.metadata.deletionTimestamp)
      return undefined;
    const clusterName = clusterNameOf(machine);
    const cluster = clusterName
      ? this.deps.informers.of(plunderClusterResource).get(clusterName, claim.namespace)
      : undefined;
    return { machine, cluster };
  }

  private async install(
    res: ServerResponse,
    record: HardwareRecord,
    base: string,
    ip: string,
  ): Promise<void> {
    const found = this.machineOf(record);
    if (!found) {
      send(res, 200, loopScript(base, record.mac, 'is claimed, its machine is not ready yet'), 'loop');
      return;
    }
    const token = newInstallToken();
    const params = await this.installParams(found, { base, mac: record.mac, token });
    if ('waiting' in params) {
      send(res, 200, loopScript(base, record.mac, params.waiting), 'loop');
      return;
    }
    const issued = await this.tryDb(async () => ({
      row: await this.deps.hardwareDb.tokens.issueInstall(
        record.mac,
        record.claim?.uid ?? '',
        hashInstallToken(token),
        { ip, reissueMs: this.deps.reissueMs },
      ),
    }));
    if (!issued?.row) {
      // A live token belongs to the host installing with it: a repeat gets the loop, not a new token.
      const why = issued
        ? await this.refused(record, ip, 'is being installed')
        : 'cannot start the install right now';
      send(res, 200, loopScript(base, record.mac, why), 'loop');
      return;
    }
    const row = issued.row;
    this.deps.store.applyStates([row], this.now());
    send(res, 200, installScript(params), 'install');
  }

  /** The install script's values with the machine's profile, or why the machine waits. */
  private async installParams(
    found: { machine: PlunderMachine; cluster: PlunderCluster | undefined },
    urls: { base: string; mac: string; token: string },
  ): Promise<InstallParams | { waiting: string }> {
    const usable = await this.tryDb(() => this.deps.profiles.usable(profileNameOf(found.machine), 'install'));
    if (!usable) return { waiting: 'cannot read its boot profile right now' };
    if ('reason' in usable) return { waiting: usable.message };
    return installParamsOf(found.machine, found.cluster, usable.profile, urls);
  }

  private async wipe(res: ServerResponse, record: HardwareRecord, base: string, ip: string): Promise<void> {
    const usable = await this.tryDb(() => this.deps.profiles.usable(WIPE_PROFILE, 'wipe'));
    if (!usable || 'reason' in usable) {
      const why = usable ? usable.message : 'cannot read the wipe profile right now';
      send(res, 200, loopScript(base, record.mac, `waits to be wiped: ${why}`), 'loop');
      return;
    }
    const token = newInstallToken();
    const issued = await this.tryDb(() =>
      this.deps.hardwareDb.tokens.issueWipe(record.mac, hashInstallToken(token), {
        ip,
        reissueMs: this.deps.reissueMs,
      }),
    );
    if (!issued) {
      send(
        res,
        200,
        loopScript(base, record.mac, await this.refused(record, ip, 'waits to be wiped')),
        'loop',
      );
      return;
    }
    send(res, 200, wipeScript({ base, mac: record.mac, token, profile: usable.profile }), 'wipe');
  }

  /** Database errors on the boot path degrade to the loop script: the host simply asks again. */
  private async tryDb<T>(work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      this.deps.log(
        `boot: database unavailable: ${error instanceof Error ? error.message.split('\n').at(-1) : String(error)}`,
      );
      return undefined;
    }
  }

  private async config(
    req: IncomingMessage,
    res: ServerResponse,
    query: URLSearchParams,
    base: string,
  ): Promise<void> {
    const mac = macOr400(res, query);
    if (!mac) return;
    const token = query.get('token');
    if (!token) {
      send(res, 401, '# missing token\n');
      return;
    }
    const record = this.deps.store.get(mac);
    const found = record ? this.machineOf(record) : undefined;
    if (!found || !(await this.deps.hardwareDb.tokens.matches(mac, hashInstallToken(token), clientIp(req)))) {
      send(res, 403, '# token refused\n');
      return;
    }
    const params = await this.installParams(found, { base, mac, token });
    if ('waiting' in params) {
      send(res, 409, `# ${params.waiting}\n`);
      return;
    }
    const answers = installerConfig(params);
    if (!answers) {
      send(res, 404, `# boot profile ${params.profile.name} has no installer config\n`);
      return;
    }
    if (query.get('file') === 'meta-data') {
      send(res, 200, `instance-id: ${mac}\nlocal-hostname: ${params.hostname}\n`);
      return;
    }
    const { contentType, body } = answers;
    res.writeHead(200, {
      'content-type': contentType,
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
    });
    res.end(body);
  }
}
