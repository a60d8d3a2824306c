// An edit whose write meets a 409 against the real API server: a change between the edit's read and its
// write outside the form's fields (a controller's status write) is written through at the new version;
// one to a field of the form is a conflict that names it; and the retries are bounded.
import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubeRequestJson } from '../kube/kube-request';
import { collectionPath } from '../kube/resource';
import { ironicFormOf } from '../schemas/ironic-edit';
import type { IronicForm } from '../schemas/ironic-form';
import type { EditInput } from '../schemas/object-edit';
import { ironicResource, type Ironic } from '../types/crds';
import { editableIronic } from './ironic/edit-ironic';
import { editObject, type EditTarget } from './object-edit';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `edit-race-${randomBytes(3).toString('hex')}`;
const name = 'lab';
const path = `${collectionPath(ironicResource, namespace)}/${name}`;
const target = editableIronic({ kc });

function mergePatch(body: unknown, subresource = ''): Promise<Ironic> {
  return kubeRequestJson<Ironic>(kc, `${path}${subresource}`, {
    method: 'PATCH',
    body,
    contentType: 'application/merge-patch+json',
  });
}

/** The Ironic target, with `before` run between each read and its write (another writer's turn). */
function racing(before: (writes: number) => Promise<unknown>): {
  target: EditTarget<Ironic, IronicForm>;
  writes: () => number;
} {
  let writes = 0;
  return {
    writes: () => writes,
    target: {
      ...target,
      read: async (ref) => {
        const live = await target.read(ref);
        if (!live) return live;
        return {
          ...live,
          write: async (patch, dryRun) => {
            writes += 1;
            await before(writes);
            return live.write(patch, dryRun);
          },
        };
      },
    },
  };
}

async function editInput(rangeEnd: string): Promise<EditInput<IronicForm>> {
  const live = await kubeRequestJson<Ironic>(kc, path);
  const form = ironicFormOf(live);
  if (!form.ok) throw new Error(form.error);
  const values = structuredClone(form.values);
  values.networking.rangeEnd = rangeEnd;
  return {
    namespace,
    name,
    resourceVersion: live.metadata.resourceVersion ?? '',
    base: form.values,
    values,
  };
}

beforeAll(async () => {
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  await kubeRequestJson(kc, collectionPath(ironicResource, namespace), {
    method: 'POST',
    body: {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'Ironic',
      metadata: { name, namespace },
      spec: {
        networking: {
          ipAddress: '10.89.0.1',
          interface: 'eth1',
          dhcp: { networkCIDR: '10.89.0.0/24', rangeBegin: '10.89.0.10', rangeEnd: '10.89.0.100' },
        },
      },
    },
  });
});

afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

describe('an edit racing another writer', () => {
  it('writes through a status write that lands between its read and its write', async () => {
    const input = await editInput('10.89.0.150');
    const race = racing((writes) =>
      writes === 1 ? mergePatch({ status: { requestedVersion: 'raced' } }, '/status') : Promise.resolve(),
    );
    expect(await editObject(race.target, input, true)).toMatchObject({
      status: 'accepted',
      changes: [{ path: 'spec.networking.dhcp.rangeEnd', before: '10.89.0.100', after: '10.89.0.150' }],
    });
    expect(await editObject(race.target, input, false)).toMatchObject({ status: 'applied' });
    expect(race.writes()).toBe(3);
    const live = await kubeRequestJson<Ironic>(kc, path);
    expect(live.spec?.networking?.dhcp?.rangeEnd).toBe('10.89.0.150');
    expect(live.status).toMatchObject({ requestedVersion: 'raced' });
  });

  it('answers a conflict naming the field when the racing write changes one of the form', async () => {
    const input = await editInput('10.89.0.160');
    const race = racing((writes) =>
      writes === 1 ? mergePatch({ spec: { networking: { interface: 'eth7' } } }) : Promise.resolve(),
    );
    expect(await editObject(race.target, input, false)).toMatchObject({
      status: 'rejected',
      conflict: { theirs: [{ path: 'spec.networking.interface', before: 'eth1', after: 'eth7' }] },
    });
    expect(race.writes()).toBe(1);
    expect((await kubeRequestJson<Ironic>(kc, path)).spec?.networking?.dhcp?.rangeEnd).toBe('10.89.0.150');
  });

  it('gives up with a conflict after a bounded number of writes when every one is raced', async () => {
    const input = await editInput('10.89.0.170');
    const race = racing((writes) =>
      mergePatch({ status: { requestedVersion: `raced-${writes}` } }, '/status'),
    );
    expect(await editObject(race.target, input, false)).toMatchObject({
      status: 'rejected',
      conflict: { theirs: [] },
    });
    expect(race.writes()).toBe(4);
    expect((await kubeRequestJson<Ironic>(kc, path)).spec?.networking?.dhcp?.rangeEnd).toBe('10.89.0.150');
  });
});
