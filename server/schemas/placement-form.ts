/**
 * The "new PlacementAPI" form: one zod schema shared by the browser form and the tRPC mutation, with
 * the CRD's rules (replicas 0..32, apiTimeout at least 10, endpoint URLs http(s), only policy.yaml
 * in defaultConfigOverwrite), and the conversion to the PlacementAPI it creates. Pure.
 */
import { z } from 'zod';
import type {
  PlacementAPI,
  PlacementAPIServiceOverride,
  PlacementAPISpec,
} from '../types/crds/placement-api';
import { plainString } from './control-characters';
import { DNS1123_SUBDOMAIN, namespaceFieldSchema, objectNameFieldSchema, DNS1123_LABEL } from './kube-names';

/** The Deployment, and its pods' label value `owner`, are named after the PlacementAPI. */
export const PLACEMENT_NAME_MAX = 63;
export const SERVICE_TYPES = ['ClusterIP', 'LoadBalancer'] as const;

const text = (max: number) => plainString().trim().max(max, `At most ${max} characters`);
const secretName = text(253);

const endpointSchema = z.object({
  type: z.enum(SERVICE_TYPES),
  /** `key=value` per line: annotations of the Service (MetalLB address pool, shared IP, …). */
  annotations: plainString({ multiLine: true }).max(8192, 'At most 8192 characters'),
  endpointURL: text(2048),
  tlsSecret: secretName,
});

export const placementFormSchema = z
  .object({
    namespace: namespaceFieldSchema,
    name: objectNameFieldSchema(PLACEMENT_NAME_MAX, 'the Deployment takes this name', DNS1123_LABEL),
    databaseInstance: text(253),
    databaseAccount: text(253),
    secret: secretName,
    passwordSelector: text(253),
    replicas: z
      .number({ error: 'Enter a number' })
      .int('A whole number')
      .min(0, 'At least 0')
      .max(32, 'At most 32'),
    caBundleSecret: secretName,
    internal: endpointSchema,
    public: endpointSchema,
    /** One NetworkAttachmentDefinition name per line. */
    networkAttachments: plainString({ multiLine: true }).max(4096, 'At most 4096 characters'),
    customServiceConfig: z.string().max(65_536, 'At most 65536 characters'),
  })
  .superRefine((form, ctx) => {
    const issue = (path: string[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (form.databaseInstance === '') issue(['databaseInstance'], 'Enter the MariaDB/Galera instance');
    if (form.secret === '') issue(['secret'], 'Choose the Secret with the service password');
    else if (!DNS1123_SUBDOMAIN.test(form.secret)) issue(['secret'], 'Not a valid Secret name');
    if (form.caBundleSecret !== '' && !DNS1123_SUBDOMAIN.test(form.caBundleSecret))
      issue(['caBundleSecret'], 'Not a valid Secret name');
    for (const endpoint of ['internal', 'public'] as const) {
      const value = form[endpoint];
      const url = value.endpointURL;
      if (url !== '' && !/^https?:\/\/[^\s/]+/.test(url))
        issue([endpoint, 'endpointURL'], 'An http:// or https:// URL');
      if (value.tlsSecret !== '' && !DNS1123_SUBDOMAIN.test(value.tlsSecret))
        issue([endpoint, 'tlsSecret'], 'Not a valid Secret name');
      for (const line of lines(value.annotations)) {
        if (!/^[^=\s]+=.*$/.test(line)) issue([endpoint, 'annotations'], `Not key=value: ${line}`);
      }
    }
    for (const nad of lines(form.networkAttachments)) {
      if (!DNS1123_SUBDOMAIN.test(nad)) issue(['networkAttachments'], `Not a valid name: ${nad}`);
    }
  });

export type PlacementForm = z.input<typeof placementFormSchema>;

export function defaultPlacementForm(): PlacementForm {
  const endpoint = { type: 'ClusterIP' as const, annotations: '', endpointURL: '', tlsSecret: '' };
  return {
    namespace: '',
    name: 'placement',
    databaseInstance: 'openstack',
    databaseAccount: 'placement',
    secret: '',
    passwordSelector: 'PlacementPassword',
    replicas: 1,
    caBundleSecret: '',
    internal: { ...endpoint },
    public: { ...endpoint },
    networkAttachments: '',
    customServiceConfig: '',
  };
}

function lines(value: string): string[] {
  return value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function overrideOf(endpoint: PlacementForm['internal']): PlacementAPIServiceOverride | undefined {
  const annotations = Object.fromEntries(
    lines(endpoint.annotations).map((line) => {
      const at = line.indexOf('=');
      return [line.slice(0, at), line.slice(at + 1)];
    }),
  );
  const override: PlacementAPIServiceOverride = {};
  if (Object.keys(annotations).length > 0) override.metadata = { annotations };
  if (endpoint.type !== 'ClusterIP') override.spec = { type: endpoint.type };
  if (endpoint.endpointURL.trim() !== '') override.endpointURL = endpoint.endpointURL.trim();
  return Object.keys(override).length > 0 ? override : undefined;
}

/** The PlacementAPI a valid form creates; empty optional fields are left to the CRD's defaults. */
export function placementFromForm(form: PlacementForm): PlacementAPI {
  const spec: PlacementAPISpec = {
    databaseInstance: form.databaseInstance.trim(),
    secret: form.secret.trim(),
    replicas: form.replicas,
  };
  if (form.databaseAccount.trim() !== '') spec.databaseAccount = form.databaseAccount.trim();
  if (form.passwordSelector.trim() !== '') spec.passwordSelectors = { service: form.passwordSelector.trim() };
  const nads = lines(form.networkAttachments);
  if (nads.length > 0) spec.networkAttachments = nads;
  if (form.customServiceConfig.trim() !== '') spec.customServiceConfig = form.customServiceConfig;
  const service: Record<string, PlacementAPIServiceOverride> = {};
  for (const endpoint of ['internal', 'public'] as const) {
    const override = overrideOf(form[endpoint]);
    if (override) service[endpoint] = override;
  }
  if (Object.keys(service).length > 0) spec.override = { service };
  const internal = form.internal.tlsSecret.trim();
  const publicSecret = form.public.tlsSecret.trim();
  const caBundle = form.caBundleSecret.trim();
  if (internal || publicSecret || caBundle) {
    spec.tls = {
      ...(internal || publicSecret
        ? {
            api: {
              ...(internal ? { internal: { secretName: internal } } : {}),
              ...(publicSecret ? { public: { secretName: publicSecret } } : {}),
            },
          }
        : {}),
      ...(caBundle ? { caBundleSecretName: caBundle } : {}),
    };
  }
  return {
    apiVersion: 'placement.openstack.org/v1beta1',
    kind: 'PlacementAPI',
    metadata: { name: form.name.trim(), namespace: form.namespace.trim() },
    spec,
  };
}

const FORM_FIELDS: Record<string, string> = {
  'metadata.name': 'name',
  'metadata.namespace': 'namespace',
  'spec.databaseInstance': 'databaseInstance',
  'spec.databaseAccount': 'databaseAccount',
  'spec.secret': 'secret',
  'spec.passwordSelectors.service': 'passwordSelector',
  'spec.replicas': 'replicas',
  'spec.networkAttachments': 'networkAttachments',
  'spec.customServiceConfig': 'customServiceConfig',
  'spec.tls.caBundleSecretName': 'caBundleSecret',
  'spec.tls.api.internal.secretName': 'internal.tlsSecret',
  'spec.tls.api.public.secretName': 'public.tlsSecret',
  'spec.override.service.internal.endpointURL': 'internal.endpointURL',
  'spec.override.service.public.endpointURL': 'public.endpointURL',
};

/** The form field that holds an object path the API server names. */
export function placementFieldOfSpecPath(path: string): string | undefined {
  return FORM_FIELDS[path.replace(/^\./, '')];
}
