// The forms' zod schemas and the CRDs (OpenAPI schema and CEL rules) must agree: every case of
// form-agreement-cases.ts goes through the form's schema and, as the objects the form creates,
// through a server-side dry-run create on a real API server. Both accept or both refuse.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { KubeConfig, type KubernetesObject } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installCrds, readCrdFiles } from '../server/kube/install-crds';
import { kubeRequestJson, KubeRequestError } from '../server/kube/kube-request';
import { collectionPath } from '../server/kube/resource';
import {
  contrailGroupFormSchema,
  servicesWithGroup,
  type ContrailGroupForm,
} from '../server/schemas/contrail-group-form';
import { ironicFormSchema, objectsFromIronicForm, type IronicForm } from '../server/schemas/ironic-form';
import { placementFormSchema, placementFromForm, type PlacementForm } from '../server/schemas/placement-form';
import { sipClusterFormSchema, type SipClusterForm } from '../server/schemas/sip-cluster-form';
import { sipClusterFromForm } from '../server/schemas/sip-cluster-object';
import {
  ironicDatabaseResource,
  ironicResource,
  managerResource,
  placementApiResource,
  sipClusterResource,
} from '../server/types/crds';
import type { ResourceDescriptor } from '../server/kube/resource';
import {
  contrailGroupBase,
  contrailGroupCases,
  ironicBase,
  ironicCases,
  placementBase,
  placementCases,
  sipClusterBase,
  sipClusterCases,
  type AgreementCase,
} from './form-agreement-cases';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `form-agreement-${randomBytes(4).toString('hex')}`;

type Verdict = { accepted: true } | { accepted: false; why: string };

/** A server-side dry-run create: the API server checks the object as it would store it. */
async function dryRun(resource: ResourceDescriptor, object: KubernetesObject): Promise<Verdict> {
  try {
    await kubeRequestJson(kc, collectionPath(resource, object.metadata?.namespace), {
      method: 'POST',
      body: object,
      query: { dryRun: 'All', fieldValidation: 'Strict', fieldManager: 'form-agreement-test' },
    });
    return { accepted: true };
  } catch (error) {
    if (error instanceof KubeRequestError && [400, 404, 422].includes(error.status)) {
      return { accepted: false, why: error.message };
    }
    throw error;
  }
}

async function sipClusterVerdict(form: SipClusterForm): Promise<Verdict> {
  return dryRun(sipClusterResource, sipClusterFromForm(form));
}

/** The CRs the form creates, in creation order (the generated TLS Secret is no CR). */
async function ironicVerdict(form: IronicForm): Promise<Verdict> {
  const objects = objectsFromIronicForm(form);
  if (objects.database) {
    const verdict = await dryRun(ironicDatabaseResource, objects.database);
    if (!verdict.accepted) return verdict;
  }
  return dryRun(ironicResource, objects.ironic);
}

/** The Manager the form writes: its existing profiles, plus the form's group and new profile. */
async function contrailGroupVerdict(form: ContrailGroupForm): Promise<Verdict> {
  const services = {
    vrouterProfileTemplates: form.knownProfiles.map((p) => ({ metadata: { name: p.name }, spec: p.spec })),
  };
  return dryRun(managerResource, {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Manager',
    metadata: { namespace: form.namespace, name: form.manager },
    spec: { services: servicesWithGroup(services, form) },
  } as KubernetesObject);
}

type FormSchema =
  | typeof sipClusterFormSchema
  | typeof ironicFormSchema
  | typeof contrailGroupFormSchema
  | typeof placementFormSchema;

function zodVerdict(schema: FormSchema, form: unknown): Verdict {
  const result = schema.safeParse(form);
  return result.success
    ? { accepted: true }
    : { accepted: false, why: result.error.issues.map((issue) => issue.message).join('; ') };
}

function describeKind<T>(
  kind: string,
  cases: AgreementCase<T>[],
  base: () => T,
  schema: FormSchema,
  apiVerdict: (form: T) => Promise<Verdict>,
) {
  describe(`${kind}: the form's zod schema and the CRD agree`, () => {
    it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, agreement) => {
      const form = base();
      agreement.edit(form);
      const zod = zodVerdict(schema, form);
      const api = await apiVerdict(form);
      const report = JSON.stringify({ zod, api });
      if (agreement.formOnly) {
        expect(zod.accepted, report).toBe(false);
        expect(api.accepted, `the CRD checks this now; drop formOnly. ${report}`).toBe(true);
        return;
      }
      expect(zod.accepted, report).toBe(agreement.valid);
      expect(api.accepted, report).toBe(agreement.valid);
    });
  });
}

beforeAll(async () => {
  // The shared test cluster may carry another branch's CRDs: install this tree's and wait until the
  // API server validates with them (a rule only they have refuses its probe).
  const crds = await readCrdFiles(fileURLToPath(new URL('.', import.meta.url)));
  const names = new Set([
    'sipclusters.airship.airshipit.org',
    'ironics.metal3.io',
    'ironicdatabases.metal3.io',
    'managers.contrail.juniper.net',
    'placementapis.placement.openstack.org',
  ]);
  await installCrds(
    kc,
    crds.filter((crd) => names.has(crd.metadata?.name ?? '')),
  );
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  await vi.waitFor(
    async () => {
      const probes = [
        await sipClusterVerdict({ ...sipClusterBase(namespace), name: 'a.b' }),
        await dryRun(ironicResource, {
          ...objectsFromIronicForm(ironicBase(namespace)).ironic,
          metadata: { namespace, name: '1lab' },
        }),
        await dryRun(ironicDatabaseResource, {
          apiVersion: 'metal3.io/v1alpha1',
          kind: 'IronicDatabase',
          metadata: { namespace, name: '1db' },
        }),
      ];
      probes.push(await contrailGroupVerdict({ ...contrailGroupBase(namespace), name: 'a b' }));
      expect(probes.map((probe) => probe.accepted)).toEqual([false, false, false, false]);
    },
    { timeout: 30_000, interval: 200 },
  );
});

afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

describeKind(
  'SIPCluster',
  sipClusterCases,
  () => sipClusterBase(namespace),
  sipClusterFormSchema,
  sipClusterVerdict,
);
describeKind('Ironic', ironicCases, () => ironicBase(namespace), ironicFormSchema, ironicVerdict);
describeKind(
  'Contrail vRouter group',
  contrailGroupCases,
  () => contrailGroupBase(namespace),
  contrailGroupFormSchema,
  contrailGroupVerdict,
);
describeKind(
  'PlacementAPI',
  placementCases,
  () => placementBase(namespace),
  placementFormSchema,
  (form: PlacementForm) => dryRun(placementApiResource, placementFromForm(form)),
);
