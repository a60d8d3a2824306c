import { describe, expect, it } from 'vitest';
import {
  defaultPlacementForm,
  placementFieldOfSpecPath,
  placementFormSchema,
  placementFromForm,
  type PlacementForm,
} from './placement-form';

function form(edit: (f: PlacementForm) => void = () => undefined): PlacementForm {
  const f = { ...defaultPlacementForm(), namespace: 'openstack', secret: 'osp-secret' };
  edit(f);
  return f;
}

describe('placementFromForm', () => {
  it('leaves empty optional fields to the CRD defaults', () => {
    expect(placementFromForm(form()).spec).toEqual({
      databaseInstance: 'openstack',
      secret: 'osp-secret',
      replicas: 1,
      databaseAccount: 'placement',
      passwordSelectors: { service: 'PlacementPassword' },
    });
  });

  it('writes the service override, TLS and network attachments as upstream spells them', () => {
    const spec = placementFromForm(
      form((f) => {
        f.internal = {
          type: 'LoadBalancer',
          annotations:
            'metallb.universe.tf/address-pool=osp-internalapi\nmetallb.universe.tf/loadBalancerIPs=a,b',
          endpointURL: '',
          tlsSecret: 'cert-internal-svc',
        };
        f.public.endpointURL = 'http://placement-openstack.apps-crc.testing';
        f.caBundleSecret = 'combined-ca-bundle';
        f.networkAttachments = 'internalapi\n\n storage ';
      }),
    ).spec;
    expect(spec.override).toEqual({
      service: {
        internal: {
          metadata: {
            annotations: {
              'metallb.universe.tf/address-pool': 'osp-internalapi',
              'metallb.universe.tf/loadBalancerIPs': 'a,b',
            },
          },
          spec: { type: 'LoadBalancer' },
        },
        public: { endpointURL: 'http://placement-openstack.apps-crc.testing' },
      },
    });
    expect(spec.tls).toEqual({
      api: { internal: { secretName: 'cert-internal-svc' } },
      caBundleSecretName: 'combined-ca-bundle',
    });
    expect(spec.networkAttachments).toEqual(['internalapi', 'storage']);
  });
});

describe('placementFormSchema', () => {
  it.each<{ name: string; edit: (f: PlacementForm) => void; field?: string }>([
    { name: 'valid', edit: () => undefined },
    { name: '33 replicas', edit: (f) => (f.replicas = 33), field: 'replicas' },
    { name: 'no Secret', edit: (f) => (f.secret = ''), field: 'secret' },
    {
      name: 'annotation without =',
      edit: (f) => (f.internal.annotations = 'oops'),
      field: 'internal.annotations',
    },
    {
      name: 'ftp endpoint URL',
      edit: (f) => (f.public.endpointURL = 'ftp://x'),
      field: 'public.endpointURL',
    },
  ])('$name', ({ edit, field }) => {
    const result = placementFormSchema.safeParse(form(edit));
    if (!field) expect(result.success).toBe(true);
    else expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(field);
  });
});

describe('placement form field mapping', () => {
  it.each([
    ['spec.replicas', 'replicas'],
    ['.spec.override.service.public.endpointURL', 'public.endpointURL'],
    ['spec.tls.api.internal.secretName', 'internal.tlsSecret'],
    ['spec.unknown', undefined],
  ])('%s → %s', (path, field) => {
    expect(placementFieldOfSpecPath(path)).toBe(field);
  });

  it.each<{ name: string; edit: (f: PlacementForm) => void; field: string }>([
    { name: 'CA bundle name', edit: (f) => (f.caBundleSecret = 'Bad Name'), field: 'caBundleSecret' },
    { name: 'TLS Secret name', edit: (f) => (f.public.tlsSecret = 'Bad Name'), field: 'public.tlsSecret' },
    { name: 'Secret name', edit: (f) => (f.secret = 'Bad Name'), field: 'secret' },
    {
      name: 'attachment name',
      edit: (f) => (f.networkAttachments = 'ok\nNot OK'),
      field: 'networkAttachments',
    },
    { name: 'no instance', edit: (f) => (f.databaseInstance = ''), field: 'databaseInstance' },
  ])('refuses a bad $name', ({ edit, field }) => {
    const result = placementFormSchema.safeParse(form(edit));
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(field);
  });

  it('writes only the public TLS Secret when only it is chosen', () => {
    expect(placementFromForm(form((f) => (f.public.tlsSecret = 'cert-public-svc'))).spec.tls).toEqual({
      api: { public: { secretName: 'cert-public-svc' } },
    });
  });
});
