/**
 * A live PlacementAPI as the PlacementAPI form's values, and the fields an edit cannot change. Pure.
 */
import type { PlacementAPI, PlacementAPIServiceOverride } from '../types/crds/placement-api';
import type { DocumentReading } from './document-problem';
import { SERVICE_TYPES, type PlacementForm } from './placement-form';

/**
 * Fixed after create: identity, and the database account. Upstream releases a MariaDBAccount the spec
 * no longer names; Rackpilot's controller releases only the one it names now, so the old account would
 * keep the PlacementAPI's finalizer.
 */
export const PLACEMENT_FIXED_FIELDS: Record<string, string> = {
  namespace: 'an object cannot move to another namespace',
  name: 'a Kubernetes object cannot be renamed (its Deployment, Services and Secrets are named after it)',
  databaseAccount:
    'the controller releases only the MariaDBAccount the spec names, so the old account would keep its finalizer',
};

type Endpoint = PlacementForm['internal'];

/** One endpoint's override as the form's fields, or why the form cannot hold it. */
function endpointOf(
  name: 'internal' | 'public',
  override: PlacementAPIServiceOverride | undefined,
  tlsSecret: string | undefined,
): Endpoint | string {
  const type = override?.spec?.type ?? 'ClusterIP';
  if (!(SERVICE_TYPES as readonly string[]).includes(type))
    return `spec.override.service.${name}.spec.type ${type} is not supported by the form`;
  const annotations = Object.entries(override?.metadata?.annotations ?? {});
  const unfit = annotations.find(([, value]) => value.includes('\n') || value !== value.trimEnd());
  if (unfit) return `the annotation ${unfit[0]} of the ${name} Service spans lines or ends in spaces`;
  return {
    type: type as Endpoint['type'],
    annotations: annotations.map(([key, value]) => `${key}=${value}`).join('\n'),
    endpointURL: override?.endpointURL ?? '',
    tlsSecret: tlsSecret ?? '',
  };
}

/**
 * The form's values of a live PlacementAPI. Fields the form has no say over (image, timeout, node
 * selector, resources, the Services' other settings) are left out: an edit never names them.
 */
export function placementFormOf(placement: PlacementAPI): DocumentReading<PlacementForm> {
  const spec = placement.spec;
  const services = spec.override?.service ?? {};
  const internal = endpointOf('internal', services.internal, spec.tls?.api?.internal?.secretName);
  if (typeof internal === 'string') return { ok: false, error: internal };
  const publicEndpoint = endpointOf('public', services.public, spec.tls?.api?.public?.secretName);
  if (typeof publicEndpoint === 'string') return { ok: false, error: publicEndpoint };
  return {
    ok: true,
    values: {
      namespace: placement.metadata.namespace ?? '',
      name: placement.metadata.name ?? '',
      databaseInstance: spec.databaseInstance,
      databaseAccount: spec.databaseAccount ?? '',
      secret: spec.secret,
      passwordSelector: spec.passwordSelectors?.service ?? '',
      replicas: spec.replicas ?? 1,
      caBundleSecret: spec.tls?.caBundleSecretName ?? '',
      internal,
      public: publicEndpoint,
      networkAttachments: (spec.networkAttachments ?? []).join('\n'),
      customServiceConfig: spec.customServiceConfig ?? '',
    },
  };
}
