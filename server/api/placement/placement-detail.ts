import { INPUT_HASH_ANNOTATION, SUB_CONDITIONS } from '../../controllers/placement';
import type { InformerSet } from '../../kube/informer-set';
import type { PlacementAPI } from '../../types/crds/placement-api';
import { isoTime } from '../iso-time';
import { ownedWorkloadsFromCache, type OwnedServicesView } from '../owned-workloads';
import { buildPlacementRow, type PlacementRow } from './placement-row';
import { deploymentResource, jobResource, secretResource } from '../../kube/resource';

/** One line of the checklist: a sub-condition, or the step not reached yet. */
export interface ChecklistItem {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  severity?: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

export interface PlacementDetailView {
  row: PlacementRow;
  uid: string;
  generation?: number;
  observedGeneration?: number;
  finalizers: string[];
  /** Sub-conditions in the order the controller works through them. */
  checklist: ChecklistItem[];
  inputHash?: string;
  dbSyncHash?: string;
  /** When the Deployment last started rolling out (its Progressing condition's update). */
  lastRolled?: string;
  databaseHostname?: string;
  spec: {
    databaseInstance: string;
    databaseAccount?: string;
    secret: string;
    passwordSelector?: string;
    serviceUser?: string;
    image?: string;
    tls: string[];
    networkAttachments: string[];
    nodeSelector: Record<string, string>;
    topology?: string;
    customServiceConfig?: string;
  };
  networkAttachments: Record<string, string[]>;
  /** Names only: the values of the configuration Secrets never leave the server. */
  secrets: string[];
  jobs: { name: string; succeeded: boolean }[];
  owned?: OwnedServicesView;
}

export function placementChecklist(placement: PlacementAPI): ChecklistItem[] {
  const conditions = placement.status?.conditions ?? [];
  return SUB_CONDITIONS.filter((type) => type !== 'TopologyReady' || placement.spec.topologyRef).map(
    (type) => {
      const condition = conditions.find((c) => c.type === type);
      if (!condition) return { type, status: 'Unknown' as const, message: 'not reached yet' };
      return {
        type,
        status: condition.status,
        severity: condition.severity,
        reason: condition.reason,
        message: condition.message,
        lastTransitionTime: isoTime(condition.lastTransitionTime),
      };
    },
  );
}

export function buildPlacementDetail(placement: PlacementAPI, informers: InformerSet): PlacementDetailView {
  const namespace = placement.metadata.namespace ?? '';
  const name = placement.metadata.name ?? '';
  const spec = placement.spec;
  const owner = name;
  const mine = (object: { metadata?: { namespace?: string; labels?: Record<string, string> } }) =>
    object.metadata?.namespace === namespace &&
    object.metadata.labels?.owner === owner &&
    object.metadata.labels.service === 'placement';
  const deployment = informers.of(deploymentResource).get(name, namespace);
  const progressing = deployment?.status?.conditions?.find((c) => c.type === 'Progressing');
  const tls = [
    spec.tls?.api?.internal?.secretName && `internal: ${spec.tls.api.internal.secretName}`,
    spec.tls?.api?.public?.secretName && `public: ${spec.tls.api.public.secretName}`,
    spec.tls?.caBundleSecretName && `CA bundle: ${spec.tls.caBundleSecretName}`,
  ].filter((line): line is string => Boolean(line));
  return {
    row: buildPlacementRow(placement),
    uid: placement.metadata.uid ?? '',
    generation: placement.metadata.generation,
    observedGeneration: placement.status?.observedGeneration,
    finalizers: placement.metadata.finalizers ?? [],
    checklist: placementChecklist(placement),
    inputHash: placement.status?.hash?.input,
    dbSyncHash: placement.status?.hash?.dbsync,
    lastRolled:
      deployment?.spec?.template.metadata?.annotations?.[INPUT_HASH_ANNOTATION] !== undefined
        ? isoTime(progressing?.lastUpdateTime)
        : undefined,
    databaseHostname: placement.status?.databaseHostname,
    spec: {
      databaseInstance: spec.databaseInstance,
      databaseAccount: spec.databaseAccount,
      secret: spec.secret,
      passwordSelector: spec.passwordSelectors?.service,
      serviceUser: spec.serviceUser,
      image: spec.containerImage,
      tls,
      networkAttachments: spec.networkAttachments ?? [],
      nodeSelector: spec.nodeSelector ?? {},
      topology: spec.topologyRef?.name,
      customServiceConfig: spec.customServiceConfig,
    },
    networkAttachments: placement.status?.networkAttachments ?? {},
    secrets: informers
      .of(secretResource)
      .list()
      .filter(mine)
      .map((secret) => secret.metadata?.name ?? '')
      .sort(),
    jobs: informers.has(jobResource)
      ? informers
          .of(jobResource)
          .list()
          .filter(mine)
          .map((job) => ({ name: job.metadata?.name ?? '', succeeded: (job.status?.succeeded ?? 0) > 0 }))
      : [],
    owned: ownedWorkloadsFromCache(informers, { namespace, label: 'owner', name }),
  };
}
