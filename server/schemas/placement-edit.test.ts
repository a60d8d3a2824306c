import { describe, expect, it } from 'vitest';
import type { PlacementAPI, PlacementAPIServiceOverride } from '../types/crds/placement-api';
import { editMergePatch } from './object-changes';
import { fixedFieldErrors } from './object-edit';
import { PLACEMENT_FIXED_FIELDS, placementFormOf } from './placement-edit';
import { defaultPlacementForm, placementFromForm, type PlacementForm } from './placement-form';

function form(edit: (f: PlacementForm) => void = () => undefined): PlacementForm {
  const f = { ...defaultPlacementForm(), namespace: 'openstack', secret: 'osp-secret' };
  f.internal = { ...f.internal };
  f.public = { ...f.public };
  edit(f);
  return f;
}

/** A PlacementAPI as the API server keeps it: CRD defaults and fields the form has none for. */
function live(spec: Partial<PlacementAPI['spec']> = {}): PlacementAPI {
  const created = placementFromForm(form());
  return {
    ...created,
    metadata: { name: 'placement', namespace: 'openstack', labels: { team: 'blue' }, resourceVersion: '7' },
    spec: {
      ...created.spec,
      containerImage: 'quay.io/podified-antelope-centos9/openstack-placement-api:current-podified',
      apiTimeout: 60,
      serviceUser: 'placement',
      preserveJobs: false,
      nodeSelector: { rack: 'r1' },
      ...spec,
    },
  };
}

describe('placementFormOf', () => {
  it.each<{ name: string; edit: (f: PlacementForm) => void }>([
    { name: 'the defaults', edit: () => undefined },
    {
      name: 'a LoadBalancer with annotations and a TLS Secret',
      edit: (f) => {
        f.internal = {
          type: 'LoadBalancer',
          annotations:
            'metallb.universe.tf/address-pool=internalapi\nmetallb.universe.tf/allow-shared-ip=a=b',
          endpointURL: '',
          tlsSecret: 'cert-internal',
        };
      },
    },
    {
      name: 'a public URL, CA bundle, attachments and config',
      edit: (f) => {
        f.public.endpointURL = 'https://placement.example.com';
        f.public.tlsSecret = 'cert-public';
        f.caBundleSecret = 'ca-bundle';
        f.networkAttachments = 'internalapi\nstorage';
        f.customServiceConfig = '[DEFAULT]\ndebug = true';
        f.replicas = 0;
      },
    },
  ])('reads back the form that created it: $name', ({ edit }) => {
    const values = form(edit);
    expect(placementFormOf(placementFromForm(values))).toEqual({ ok: true, values });
  });

  it('fills what the CRD defaulted and leaves out what the form has no field for', () => {
    const reading = placementFormOf(live({ databaseAccount: undefined, passwordSelectors: {} }));
    expect(reading).toEqual({
      ok: true,
      values: form((f) => {
        f.databaseAccount = '';
        f.passwordSelector = '';
      }),
    });
  });

  it.each<{ name: string; service: Record<string, PlacementAPIServiceOverride>; error: string }>([
    {
      name: 'a NodePort Service',
      service: { public: { spec: { type: 'NodePort' as const } } },
      error: 'spec.override.service.public.spec.type NodePort is not supported by the form',
    },
    {
      name: 'an annotation over two lines',
      service: { internal: { metadata: { annotations: { note: 'a\nb' } } } },
      error: 'the annotation note of the internal Service spans lines or ends in spaces',
    },
    {
      name: 'an annotation ending in a space',
      service: { internal: { metadata: { annotations: { note: 'a ' } } } },
      error: 'the annotation note of the internal Service spans lines or ends in spaces',
    },
  ])('names why the form cannot hold $name', ({ service, error }) => {
    expect(placementFormOf(live({ override: { service } }))).toEqual({ ok: false, error });
  });
});

describe('a PlacementAPI edit', () => {
  it.each<{ name: string; edit: (f: PlacementForm) => void; fields: string[] }>([
    { name: 'replicas', edit: (f) => (f.replicas = 3), fields: [] },
    { name: 'the database instance', edit: (f) => (f.databaseInstance = 'galera'), fields: [] },
    { name: 'the account', edit: (f) => (f.databaseAccount = 'placement2'), fields: ['databaseAccount'] },
    { name: 'the name', edit: (f) => (f.name = 'other'), fields: ['name'] },
    { name: 'the namespace', edit: (f) => (f.namespace = 'other'), fields: ['namespace'] },
  ])('refuses fixed fields only: $name', ({ edit, fields }) => {
    const errors = fixedFieldErrors(PLACEMENT_FIXED_FIELDS, form(), form(edit));
    expect(Object.keys(errors)).toEqual(fields);
    for (const field of fields) expect(errors[field]).toMatch(/^Cannot change after create: /);
  });

  it("names only the form's fields: a Service back to ClusterIP keeps others' settings", () => {
    const object = live({
      override: {
        service: {
          internal: {
            metadata: { labels: { zone: 'a' } },
            spec: { type: 'LoadBalancer', loadBalancerSourceRanges: ['10.0.0.0/8'] },
          },
        },
      },
    });
    const reading = placementFormOf(object);
    if (!reading.ok) throw new Error(reading.error);
    const edited = {
      ...reading.values,
      internal: { ...reading.values.internal, type: 'ClusterIP' as const },
    };
    const patch = editMergePatch(placementFromForm(reading.values), placementFromForm(edited), object);
    expect(patch).toEqual({ spec: { override: { service: { internal: { spec: { type: null } } } } } });
  });
});
