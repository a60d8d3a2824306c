import type { KubeConfig, V1Namespace, V1Secret } from '@kubernetes/client-node';
import { KubeRequestError, kubeRequestJson } from '../../server/kube/kube-request';
import type { BareMetalHost, BareMetalHostStatus } from '../../server/types/crds/bare-metal-host';
import { abortableDelays } from './abortable-delays';
import { LAB_NAMESPACE, LAB_PART_OF, LAB_SSH_KEYS_SECRET, labHosts, type LabHost } from './lab-hosts';
import { statusProgression } from './bmh-progression';
import { forEachLimited, hostPath, seededStatus, sshKeysSecret, statusBody } from './seed-plan';
import { generateEd25519SshKey } from '../../server/lib/ssh-key-pair';

/** Field manager of everything the lab writes; SIP's and the console's own fields stay theirs. */
export const LAB_FIELD_MANAGER = 'rackpilot-lab';

export interface SeedLabOptions {
  namespace?: string;
  log?: (line: string) => void;
  /**
   * Hosts that have no status yet (a fresh cluster) walk through registering and inspecting before
   * their final status, one step every `stepMs`, each host starting `staggerMs` after the previous
   * one. Without it, statuses are written final at once.
   */
  progress?: { stepMs: number; staggerMs: number; signal?: AbortSignal };
}

export interface SeedLabResult {
  hosts: number;
  /** Hosts still walking through registering/inspecting when seedLab returned. */
  progressing: number;
  /** Settles when every progression has written its last step (or was aborted). */
  settled: Promise<void>;
}

const CONCURRENCY = 8;
const NAMESPACE_WAIT_MS = 120_000;

function apply<T>(kc: KubeConfig, path: string, body: unknown): Promise<T> {
  return kubeRequestJson<T>(kc, path, {
    method: 'PATCH',
    query: { fieldManager: LAB_FIELD_MANAGER, force: true },
    body,
    contentType: 'application/apply-patch+yaml',
  });
}

/**
 * Applies the namespace and returns its creation time. A namespace that is still being deleted (a
 * reset right before a re-seed) is waited out, since nothing can be created in it.
 */
async function ensureNamespace(
  kc: KubeConfig,
  namespace: string,
  log: (line: string) => void,
): Promise<string> {
  const deadline = Date.now() + NAMESPACE_WAIT_MS;
  let logged = false;
  for (;;) {
    const current = await apply<V1Namespace>(kc, `/api/v1/namespaces/${namespace}`, {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: namespace },
    });
    const created = current.metadata?.creationTimestamp as unknown;
    if (!current.metadata?.deletionTimestamp && typeof created === 'string') return created;
    if (Date.now() > deadline) {
      throw new Error(`lab: namespace ${namespace} is still terminating after ${NAMESPACE_WAIT_MS / 1000} s`);
    }
    if (!logged) log(`lab: waiting for namespace ${namespace} to finish terminating`);
    logged = true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The jump host's key is made once; an existing Secret (and the key in it) is kept as it is. */
async function ensureSshKeys(kc: KubeConfig, namespace: string, log: (line: string) => void): Promise<void> {
  const secret = sshKeysSecret(namespace, generateEd25519SshKey(`${LAB_PART_OF}@${namespace}`));
  try {
    await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}/secrets`, {
      method: 'POST',
      query: { fieldManager: LAB_FIELD_MANAGER },
      body: secret,
    });
    log(`lab: generated the jump host key in secret ${namespace}/${LAB_SSH_KEYS_SECRET}`);
  } catch (error) {
    if (!(error instanceof KubeRequestError && error.status === 409)) throw error;
  }
}

/** Writes a fresh host's status steps on their schedule; stops quietly when aborted. */
async function progressHost(
  kc: KubeConfig,
  host: LabHost,
  final: BareMetalHostStatus,
  path: string,
  stepMs: number,
  wait: (ms: number) => Promise<boolean>,
  startAfterMs: number,
  log: (line: string) => void,
): Promise<void> {
  if (!(await wait(startAfterMs))) return;
  const started = Date.now();
  for (const step of statusProgression(host, final, started, stepMs)) {
    if (!(await wait(Math.max(0, started + step.atMs - Date.now())))) return;
    try {
      await apply<BareMetalHost>(kc, `${path}/status`, statusBody(host, step.status));
    } catch (error) {
      log(`lab: status of ${host.name}: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
  }
}

/** Applies one host; returns its final status when the host is new and should walk there instead. */
async function seedHost(
  kc: KubeConfig,
  host: LabHost,
  progress: boolean,
): Promise<BareMetalHostStatus | undefined> {
  const { namespace = LAB_NAMESPACE } = host.bareMetalHost.metadata;
  const secrets = `/api/v1/namespaces/${namespace}/secrets`;
  const [credentials] = await Promise.all([
    apply<V1Secret>(kc, `${secrets}/${host.bmcSecret.metadata?.name ?? ''}`, host.bmcSecret),
    apply<V1Secret>(kc, `${secrets}/${host.networkDataSecret.metadata?.name ?? ''}`, host.networkDataSecret),
  ]);
  const path = hostPath(host);
  const stored = await apply<BareMetalHost>(kc, path, host.bareMetalHost);
  // BMO records the credentials Secret's resourceVersion; it is stable while the Secret is unchanged.
  const seeded = seededStatus(host, credentials.metadata?.resourceVersion, stored.status, progress);
  if ('walk' in seeded) return seeded.walk;
  await apply<BareMetalHost>(kc, `${path}/status`, statusBody(host, seeded.write));
  return undefined;
}

/**
 * Creates or updates the hardware lab in one namespace: the namespace itself, the jump host's SSH key,
 * and per host its BMC and networkData Secrets, the BareMetalHost and then its status, as BMO would
 * report it. Everything goes through server-side apply as `rackpilot-lab`, so seeding again with the
 * same content changes nothing, and labels other managers (SIP) added to the hosts survive.
 * Timestamps in status are written relative to the namespace's creation time.
 */
export async function seedLab(kc: KubeConfig, options: SeedLabOptions = {}): Promise<SeedLabResult> {
  const namespace = options.namespace ?? LAB_NAMESPACE;
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const epoch = await ensureNamespace(kc, namespace, log);
  const hosts = labHosts({ namespace, epoch });
  await ensureSshKeys(kc, namespace, log);
  const fresh: [LabHost, BareMetalHostStatus][] = [];
  await forEachLimited(hosts, CONCURRENCY, async (host) => {
    const final = await seedHost(kc, host, options.progress !== undefined);
    if (final) fresh.push([host, final]);
  });
  log(`lab: ${hosts.length} hosts seeded in namespace ${namespace} (${Date.now() - started} ms)`);
  const progress = options.progress;
  const order = new Map(hosts.map((host, index) => [host.name, index]));
  fresh.sort(([a], [b]) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0));
  const wait = abortableDelays(progress?.signal);
  const settled = progress
    ? Promise.all(
        fresh.map(([host, final], index) =>
          progressHost(
            kc,
            host,
            final,
            hostPath(host),
            progress.stepMs,
            wait,
            index * progress.staggerMs,
            log,
          ),
        ),
      ).then(() => undefined)
    : Promise.resolve();
  if (fresh.length > 0) log(`lab: ${fresh.length} new hosts are registering and being inspected`);
  return { hosts: hosts.length, progressing: fresh.length, settled };
}
