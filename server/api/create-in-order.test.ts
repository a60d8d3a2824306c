import type { V1ConfigMap, V1Secret } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { configMapResource, secretResource } from '../kube/resource';
import type { CreateResult } from './api-rejection';
import { createInOrder, createStep, type CreateStep, type ObjectWriter } from './create-in-order';

const secret: V1Secret = { kind: 'Secret', metadata: { namespace: 'ns', name: 'web-bmc' } };
const config: V1ConfigMap = { kind: 'ConfigMap', metadata: { namespace: 'ns', name: 'web' } };
const steps = [
  createStep(secretResource, secret, { nameField: 'name' }),
  createStep(configMapResource, config, { nameField: 'name' }),
];

class Refused extends Error {}

/** Records every write; `refuse` names the object (and kind of write) the API server refuses. */
function recordingWriter(refuse?: { name: string; dryRun: boolean }) {
  const writes: string[] = [];
  const writer: ObjectWriter = {
    create: (step, dryRun) => {
      const name = step.object.metadata?.name ?? '';
      writes.push(`${dryRun ? 'dry-run' : 'create'} ${name}`);
      return refuse?.name === name && refuse.dryRun === dryRun
        ? Promise.reject(new Refused(`${name} refused`))
        : Promise.resolve({});
    },
    remove: (step) => {
      writes.push(`delete ${step.object.metadata?.name ?? ''}`);
      return Promise.resolve();
    },
  };
  return { writer, writes };
}

function rejection(error: unknown, step: CreateStep): CreateResult | undefined {
  if (!(error instanceof Refused)) return undefined;
  return { status: 'rejected', message: error.message, fieldErrors: { [step.nameField]: error.message } };
}

describe('createInOrder', () => {
  it('dry-runs every object, the named one first, then creates them in order', async () => {
    const { writer, writes } = recordingWriter();
    const result = await createInOrder(writer, { steps, dryRun: false, rejection });
    expect(writes).toEqual(['dry-run web', 'dry-run web-bmc', 'create web-bmc', 'create web']);
    expect(result).toEqual({ status: 'created', namespace: 'ns', name: 'web' });
  });

  it('stops after the dry runs when asked to, creating nothing', async () => {
    const { writer, writes } = recordingWriter();
    const result = await createInOrder(writer, { steps, dryRun: true, rejection });
    expect(writes).toEqual(['dry-run web', 'dry-run web-bmc']);
    expect(result).toEqual({
      status: 'accepted',
      message: 'The API server accepts these objects (dry run: nothing was created)',
    });
  });

  it('reports a refused dry run as the form answer and writes nothing for real', async () => {
    const { writer, writes } = recordingWriter({ name: 'web', dryRun: true });
    const result = await createInOrder(writer, { steps, dryRun: false, rejection });
    expect(writes).toEqual(['dry-run web']);
    expect(result).toMatchObject({ status: 'rejected', message: 'web refused' });
  });

  it('deletes what it created when a later create fails, so nothing is half-created', async () => {
    const { writer, writes } = recordingWriter({ name: 'web', dryRun: false });
    const result = await createInOrder(writer, { steps, dryRun: false, rejection });
    expect(writes).toEqual([
      'dry-run web',
      'dry-run web-bmc',
      'create web-bmc',
      'create web',
      'delete web-bmc',
    ]);
    expect(result).toMatchObject({ status: 'rejected', message: 'web refused (nothing was kept)' });
  });

  it('rethrows a failure that is no refusal, after deleting what it created', async () => {
    const { writer, writes } = recordingWriter();
    const failing: ObjectWriter = {
      ...writer,
      create: (step, dryRun) =>
        !dryRun && step.object === config
          ? Promise.reject(new Error('connection reset'))
          : writer.create(step, dryRun),
    };
    await expect(createInOrder(failing, { steps, dryRun: false, rejection })).rejects.toThrow(
      'connection reset',
    );
    expect(writes.at(-1)).toBe('delete web-bmc');
  });

  it('sends one object once, and names its kind in a dry run', async () => {
    const one = { steps: [createStep(configMapResource, config, { nameField: 'name' })], rejection };
    const created = recordingWriter();
    await createInOrder(created.writer, { ...one, dryRun: false });
    expect(created.writes).toEqual(['create web']);
    const checked = recordingWriter();
    expect(await createInOrder(checked.writer, { ...one, dryRun: true })).toEqual({
      status: 'accepted',
      message: 'The API server accepts this ConfigMap (dry run: nothing was created)',
    });
    const refused = recordingWriter({ name: 'web', dryRun: false });
    expect(await createInOrder(refused.writer, { ...one, dryRun: false })).toMatchObject({
      message: 'web refused',
    });
  });

  it('gives an owned object its owner reference: a placeholder uid in dry runs, the stored uid after', async () => {
    const owner = createStep(
      configMapResource,
      { kind: 'ConfigMap', metadata: { namespace: 'ns', name: 'owner' } },
      { nameField: 'name' },
    );
    const owned = createStep(secretResource, secret, { nameField: 'name', owner });
    const sent: { dryRun: boolean; references: unknown }[] = [];
    const writer: ObjectWriter = {
      create: (step, dryRun) => {
        sent.push({ dryRun, references: step.object.metadata?.ownerReferences });
        return Promise.resolve({ metadata: { uid: `uid-of-${step.object.metadata?.name ?? ''}` } });
      },
      remove: () => Promise.resolve(),
    };
    await createInOrder(writer, { steps: [owner, owned], dryRun: false, rejection });
    const reference = (uid: string) => [
      { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid, controller: true },
    ];
    expect(sent).toEqual([
      { dryRun: true, references: reference('00000000-0000-0000-0000-000000000000') },
      { dryRun: true, references: undefined },
      { dryRun: false, references: undefined },
      { dryRun: false, references: reference('uid-of-owner') },
    ]);
    expect(owned.object.metadata?.ownerReferences).toBeUndefined();
  });

  it('refuses an owner that is not created before what it owns, writing nothing for real', async () => {
    const owner = createStep(configMapResource, config, { nameField: 'name' });
    const owned = createStep(secretResource, secret, { nameField: 'name', owner });
    const { writer, writes } = recordingWriter();
    await expect(createInOrder(writer, { steps: [owned, owner], dryRun: false, rejection })).rejects.toThrow(
      'ConfigMap must be created before what it owns',
    );
    expect(writes.filter((write) => write.startsWith('create'))).toEqual([]);
  });

  it('refuses an empty list', async () => {
    await expect(
      createInOrder(recordingWriter().writer, { steps: [], dryRun: false, rejection }),
    ).rejects.toThrow('nothing to create');
  });
});
