import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { placementDeclaration } from '../../controllers/placement';
import { deleteObject } from '../../kube/apply';
import { declaredResources } from '../../kube/controller-declaration';
import { KubeRequestError } from '../../kube/kube-request';
import type { Runtime } from '../../runtime';
import { placementFormSchema, type PlacementForm } from '../../schemas/placement-form';
import { placementApiResource } from '../../types/crds/placement-api';
import { apiServerSaid, fieldRejection, type CreateResult } from '../api-rejection';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import { fetchObjectEvents } from '../object-events';
import { secretPicker } from '../namespace-secrets';
import { namespaceNameSchema, objectRefSchema, type ObjectRef } from '../object-ref';
import { namespaceNames } from '../tenant-clusters/object-names';
import { operatorProcedure, router, viewerProcedure } from '../trpc';
import { createPlacement, placementFormConflicts } from './create-placement';
import { buildPlacementDetail, type PlacementDetailView } from './placement-detail';
import {
  buildPlacementRow,
  placementQuerySchema,
  queryPlacements,
  type PlacementPage,
} from './placement-row';
import { secretResource } from '../../kube/resource';

/** What a Placement page shows is read from the kinds its controller reads: a change in any re-renders it. */
const LIVE_RESOURCES = declaredResources(placementDeclaration);

function placements(runtime: Runtime) {
  return runtime.informers.of(placementApiResource);
}

function secrets(runtime: Runtime) {
  return runtime.informers.of(secretResource);
}

export type PlacementDetailMessage = { found: true; placement: PlacementDetailView } | { found: false };

function placementDetail(runtime: Runtime, ref: ObjectRef): PlacementDetailMessage {
  const placement = placements(runtime).get(ref.name, ref.namespace);
  return placement
    ? { found: true, placement: buildPlacementDetail(placement, runtime.informers) }
    : { found: false };
}

/** What the form may know of a namespace's Secrets: names, and whether the chosen one has the selector key. */
export interface PlacementSecretOptions {
  names: string[];
  chosen?: { name: string; type: string; hasSelectorKey: boolean };
}

async function secretOptions(
  runtime: Runtime,
  namespace: string,
  selector: string,
  secret: string | undefined,
): Promise<PlacementSecretOptions> {
  const { names, chosen } = await secretPicker(runtime, namespace, secret);
  if (!chosen) return { names };
  return {
    names,
    chosen: { name: chosen.name, type: chosen.type, hasSelectorKey: chosen.keys.includes(selector) },
  };
}

async function submitPlacement(
  runtime: Runtime,
  input: PlacementForm,
  dryRun: boolean,
): Promise<CreateResult> {
  const conflicts = placementFormConflicts(
    input,
    (namespace, name) => secrets(runtime).get(name, namespace) !== undefined,
  );
  return fieldRejection(conflicts) ?? createPlacement(runtime.kc, input, dryRun);
}

export const placementRouter = router({
  list: viewerProcedure
    .input(placementQuerySchema)
    .subscription(({ ctx, input, signal }) =>
      liveView(
        changesOf(ctx.runtime.informers, LIVE_RESOURCES),
        (): PlacementPage => queryPlacements(placements(ctx.runtime).list().map(buildPlacementRow), input),
        signal,
      ),
    ),
  detail: viewerProcedure
    .input(objectRefSchema)
    .subscription(({ ctx, input, signal }) =>
      liveView(changesOf(ctx.runtime.informers, LIVE_RESOURCES), () => placementDetail(ctx.runtime, input), signal),
    ),
  events: viewerProcedure.input(objectRefSchema).query(({ ctx, input }) => {
    const uid = placements(ctx.runtime).get(input.name, input.namespace)?.metadata.uid;
    return uid ? fetchObjectEvents(ctx.runtime.kc, input.namespace, uid) : [];
  }),
  namespaces: viewerProcedure.query(({ ctx }) => namespaceNames(ctx.runtime.kc)),
  /** Secret names of a namespace (never their values) and whether the chosen one holds the selector key. */
  secretOptions: viewerProcedure
    .input(
      z.object({
        namespace: namespaceNameSchema,
        selector: z.string().max(253),
        secret: objectRefSchema.shape.name.optional(),
      }),
    )
    .query(({ ctx, input }) => secretOptions(ctx.runtime, input.namespace, input.selector, input.secret)),
  create: operatorProcedure
    .input(placementFormSchema)
    .mutation(({ ctx, input }) => submitPlacement(ctx.runtime, input, false)),
  dryRun: operatorProcedure
    .input(placementFormSchema)
    .mutation(({ ctx, input }) => submitPlacement(ctx.runtime, input, true)),
  delete: operatorProcedure.input(objectRefSchema).mutation(async ({ ctx, input }) => {
    if (!placements(ctx.runtime).get(input.name, input.namespace)) {
      throw new TRPCError({
        code: 'NOT_FOUND',
        message: `PlacementAPI ${input.namespace}/${input.name} does not exist`,
      });
    }
    try {
      await deleteObject(ctx.runtime.kc, placementApiResource, input.namespace, input.name);
    } catch (error) {
      if (error instanceof KubeRequestError && error.status === 403)
        throw new TRPCError({ code: 'FORBIDDEN', message: apiServerSaid(error) });
      throw error;
    }
    return { status: 'deleting' as const };
  }),
});
