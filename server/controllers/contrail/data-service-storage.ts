import type { V1PersistentVolumeClaim, V1StatefulSet, V1Volume } from '@kubernetes/client-node';

/** A data service's `serviceConfiguration.storage`, as upstream names it (storageClassName is ours). */
export interface StorageSpec {
  path?: string;
  size?: string;
  storageClassName?: string;
}

/** Upstream's name for the claim template, so the claims are `pvc-<statefulset>-<ordinal>` as there. */
export const CLAIM_NAME = 'pvc';
const DATA_VOLUME = 'data';

/** Where the pods' data lives: a volume of the pod, or a claim per pod; nothing when none is asked for. */
export interface DataVolume {
  /** The volume name the main container mounts at the kind's data path. */
  name: string;
  volume?: V1Volume;
  claim?: V1PersistentVolumeClaim;
}

/**
 * The data volume the storage spec asks for. A path alone is upstream's local option: that folder on
 * the pod's node (created if missing), as upstream's local PersistentVolumes give it (docs/decisions.md);
 * a size or a class is a claim per pod of that size from that class (the cluster's default when unset).
 */
export function dataVolume(
  storage: StorageSpec | undefined,
  defaultSize: string,
  labels: Record<string, string>,
): DataVolume | undefined {
  if (!storage || (!storage.path && !storage.size && !storage.storageClassName)) return undefined;
  if (storage.path && !storage.storageClassName)
    return {
      name: DATA_VOLUME,
      volume: { name: DATA_VOLUME, hostPath: { path: storage.path, type: 'DirectoryOrCreate' } },
    };
  return {
    name: CLAIM_NAME,
    claim: {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: CLAIM_NAME, labels },
      spec: {
        accessModes: ['ReadWriteOnce'],
        ...(storage.storageClassName ? { storageClassName: storage.storageClassName } : {}),
        resources: { requests: { storage: storage.size ?? defaultSize } },
      },
    },
  };
}

/** What of a claim template the API server keeps as given: its name, class and size. */
function claimShape(claim: V1PersistentVolumeClaim): string {
  const spec = claim.spec;
  const size = spec?.resources?.requests?.storage;
  return JSON.stringify([claim.metadata?.name, spec?.storageClassName ?? null, size ?? null]);
}

/**
 * The fields of a StatefulSet the API server refuses to change, and what to do about it, when the
 * desired one differs from the one that exists in them; undefined when it can be updated. Applying it
 * would fail on every pass, so the planner reports this instead (docs/decisions.md).
 */
export function fixedFieldChange(
  desired: V1StatefulSet,
  existing: V1StatefulSet | undefined,
): string | undefined {
  if (!existing?.spec || !desired.spec) return undefined;
  const changed: string[] = [];
  const claims = (s: V1StatefulSet) => (s.spec?.volumeClaimTemplates ?? []).map(claimShape).join();
  if (claims(desired) !== claims(existing)) changed.push('storage (volumeClaimTemplates)');
  if (
    (desired.spec.podManagementPolicy ?? 'OrderedReady') !==
    (existing.spec.podManagementPolicy ?? 'OrderedReady')
  )
    changed.push(`podManagementPolicy (${existing.spec.podManagementPolicy ?? 'OrderedReady'})`);
  if (desired.spec.serviceName !== existing.spec.serviceName) changed.push('serviceName');
  if (changed.length === 0) return undefined;
  const name = existing.metadata?.name ?? '';
  return (
    `statefulset ${name} cannot change ${changed.join(', ')}: the API server keeps them fixed; ` +
    `put the spec back, or delete the StatefulSet with --cascade=orphan so it is made again ` +
    `(its pods and claims are kept, existing claims keep their size)`
  );
}
