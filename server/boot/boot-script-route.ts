/**
 * `GET /boot/ipxe?mac=…`: the script a booting MAC gets for its state. An unassigned MAC is answered
 * from memory only; the database is touched for claimed and wiping MACs, to issue their token.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { InformerSet } from '../kube/informer-set';
import { WIPE_PROFILE } from '../schemas/boot-profile';
import type { BootProfiles } from './boot-profiles';
import { clientIp, macOr400, send, tryDb } from './boot-http';
import { claimedMachine, machineInstallParams } from './claimed-machine';
import type { HardwareDb } from './hardware-db';
import type { HardwareRecord, HardwareStore } from './hardware-store';
import { hashInstallToken, newInstallToken } from './install-token';
import { installScript, localBootScript, loopScript, wipeScript } from './ipxe-scripts';

export interface BootScriptDeps {
  store: HardwareStore;
  hardwareDb: HardwareDb;
  informers: InformerSet;
  profiles: BootProfiles;
  log: (line: string) => void;
  /** The address a live token was issued to may get a fresh one once it is this old. */
  reissueMs: number;
}

/** What iPXE reports about itself is echoed into the list: short printable text only. */
const REPORTED = /^[\x21-\x7e]{1,64}$/;
const ADDRESS_CONFLICT = "has an address conflict, waiting for an operator to confirm the machine's address";

function reported(value: string | null): string | null {
  return value !== null && REPORTED.test(value) ? value : null;
}

export class BootScriptRoute {
  constructor(
    private readonly deps: BootScriptDeps,
    private readonly now: () => number,
  ) {}

  async answer(req: IncomingMessage, res: ServerResponse, query: URLSearchParams, base: string) {
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
    const conflict = await tryDb(this.deps.log, () =>
      this.deps.hardwareDb.bindings.recordConflict(record.mac, ip),
    );
    if (conflict) this.deps.store.applyStates([conflict.row], this.now());
    return conflict || record.conflict ? ADDRESS_CONFLICT : otherwise;
  }

  /** The wiped machine's own next boot into the loop confirms the wipe; the MAC is unleased again. */
  private async wiped(res: ServerResponse, record: HardwareRecord, base: string, ip: string): Promise<void> {
    const row = await tryDb(this.deps.log, () => this.deps.hardwareDb.bindings.confirmWiped(record.mac, ip));
    if (row) this.deps.store.applyStates([row], this.now());
    const why = row ? undefined : await this.refused(record, ip, 'is wiped, waiting for its own next boot');
    send(res, 200, loopScript(base, record.mac, why), 'loop');
  }

  private async install(
    res: ServerResponse,
    record: HardwareRecord,
    base: string,
    ip: string,
  ): Promise<void> {
    const found = claimedMachine(this.deps.informers, record);
    if (!found) {
      send(res, 200, loopScript(base, record.mac, 'is claimed, its machine is not ready yet'), 'loop');
      return;
    }
    const token = newInstallToken();
    const params = await machineInstallParams(this.deps, found, { base, mac: record.mac, token });
    if ('waiting' in params) {
      send(res, 200, loopScript(base, record.mac, params.waiting), 'loop');
      return;
    }
    const issued = await tryDb(this.deps.log, async () => ({
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

  private async wipe(res: ServerResponse, record: HardwareRecord, base: string, ip: string): Promise<void> {
    const usable = await tryDb(this.deps.log, () => this.deps.profiles.usable(WIPE_PROFILE, 'wipe'));
    if (!usable || 'reason' in usable) {
      const why = usable ? usable.message : 'cannot read the wipe profile right now';
      send(res, 200, loopScript(base, record.mac, `waits to be wiped: ${why}`), 'loop');
      return;
    }
    const token = newInstallToken();
    const issued = await tryDb(this.deps.log, () =>
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
}
