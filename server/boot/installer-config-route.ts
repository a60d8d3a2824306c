/**
 * `GET /boot/config?mac=…&token=…[&file=meta-data]`: the installer's answers (server/boot/README.md)
 * for a machine holding a live token from its bound address, rendered from its boot profile.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { InformerSet } from '../kube/informer-set';
import type { BootProfiles } from './boot-profiles';
import { clientIp, macOr400, send } from './boot-http';
import { claimedMachine, machineInstallParams } from './claimed-machine';
import type { HardwareDb } from './hardware-db';
import type { HardwareStore } from './hardware-store';
import { installerConfig } from './installer-config';
import { hashInstallToken } from './install-token';

export interface InstallerConfigDeps {
  store: HardwareStore;
  hardwareDb: HardwareDb;
  informers: InformerSet;
  profiles: BootProfiles;
  log: (line: string) => void;
}

export async function serveInstallerConfig(
  deps: InstallerConfigDeps,
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
  const record = deps.store.get(mac);
  const found = record ? claimedMachine(deps.informers, record) : undefined;
  if (!found || !(await deps.hardwareDb.tokens.matches(mac, hashInstallToken(token), clientIp(req)))) {
    send(res, 403, '# token refused\n');
    return;
  }
  const params = await machineInstallParams(deps, found, { base, mac, token });
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
