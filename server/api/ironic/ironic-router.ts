import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { ironicDatabaseDeclaration, ironicDeclaration, readCredentials } from '../../controllers/ironic';
import { deleteObject } from '../../kube/apply';
import { declaredResources } from '../../kube/controller-declaration';
import { KubeRequestError } from '../../kube/kube-request';
import { planWithSecrets } from '../../kube/secret-values';
import type { Runtime } from '../../runtime';
import { ironicFormSchema, type IronicForm } from '../../schemas/ironic-form';
import { ironicDatabaseResource, ironicResource } from '../../types/crds';
import { apiServerSaid, fieldRejection, type CreateResult } from '../api-rejection';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import { fetchObjectEvents } from '../object-events';
import { secretPicker, type SecretPicker } from '../namespace-secrets';
import { namespaceNameSchema, objectRefSchema, type ObjectRef } from '../object-ref';
import { readyView, type ReadyView } from '../ready-view';
import { namespaceNames } from '../tenant-clusters/object-names';
import { adminProcedure, operatorProcedure, router, viewerProcedure } from '../trpc';
import { createIronic, ironicFormConflicts } from './create-ironic';
import { buildIronicDetail, type IronicDetailView } from './ironic-detail';
import { ironicQuerySchema, queryIronics, type IronicPage, type IronicQuery } from './ironic-query';
import { buildIronicRow } from './ironic-row';

/** What an Ironic page shows is read from the kinds its controllers read: a change in any re-renders it. */
const LIVE_RESOURCES = declaredResources(ironicDeclaration, ironicDatabaseDeclaration);

function ironics(runtime: Runtime) {
  return runtime.informers.of(ironicResource);
}

function databases(runtime: Runtime) {
  return runtime.informers.of(ironicDatabaseResource);
}

function ironicPage(runtime: Runtime, query: IronicQuery): IronicPage {
  const lookup = (namespace: string, name: string) => databases(runtime).get(name, namespace);
  return queryIronics(
    ironics(runtime)
      .list()
      .map((ironic) => buildIronicRow(ironic, lookup)),
    query,
  );
}

export type IronicDetailMessage = { found: true; ironic: IronicDetailView } | { found: false };

function ironicDetail(runtime: Runtime, ref: ObjectRef): IronicDetailMessage {
  const ironic = ironics(runtime).get(ref.name, ref.namespace);
  return ironic ? { found: true, ironic: buildIronicDetail(ironic, runtime.informers) } : { found: false };
}

export interface NamespaceOptions {
  /** The namespace's Secret names, and the chosen one's type (never data). */
  secrets: SecretPicker;
  databases: { name: string; ready: ReadyView; usedBy: string[] }[];
}

async function namespaceOptions(
  runtime: Runtime,
  namespace: string,
  secret: string | undefined,
): Promise<NamespaceOptions> {
  const users = new Map<string, string[]>();
  for (const ironic of ironics(runtime).list()) {
    const database = ironic.spec?.databaseRef?.name;
    if (ironic.metadata.namespace !== namespace || !database) continue;
    users.set(database, [...(users.get(database) ?? []), ironic.metadata.name ?? '']);
  }
  return {
    secrets: await secretPicker(runtime, namespace, secret),
    databases: databases(runtime)
      .list()
      .filter((database) => database.metadata.namespace === namespace)
      .map((database) => ({
        name: database.metadata.name ?? '',
        ready: readyView(database, 'not reconciled yet'),
        usedBy: users.get(database.metadata.name ?? '') ?? [],
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

export interface RevealedCredentials {
  secretName: string;
  username: string;
  password: string;
}

/** Checks across objects the API server cannot make, then the create (or its dry run). */
async function submitIronic(runtime: Runtime, input: IronicForm, dryRun: boolean): Promise<CreateResult> {
  return planWithSecrets(
    runtime.secrets,
    (secret) =>
      ironicFormConflicts(input, {
        ironicExists: (namespace, name) => ironics(runtime).get(name, namespace) !== undefined,
        secret,
        databaseExists: (namespace, name) => databases(runtime).get(name, namespace) !== undefined,
      }),
    async (conflicts) => fieldRejection(conflicts) ?? createIronic(runtime.kc, input, dryRun),
  );
}

export const ironicRouter = router({
  /** One page of Ironic rows, live. */
  list: viewerProcedure
    .input(ironicQuerySchema)
    .subscription(({ ctx, input, signal }) =>
      liveView(changesOf(ctx.runtime.informers, LIVE_RESOURCES), () => ironicPage(ctx.runtime, input), signal),
    ),
  /** One Ironic with its database and owned objects, live. */
  detail: viewerProcedure
    .input(objectRefSchema)
    .subscription(({ ctx, input, signal }) =>
      liveView(changesOf(ctx.runtime.informers, LIVE_RESOURCES), () => ironicDetail(ctx.runtime, input), signal),
    ),
  events: viewerProcedure.input(objectRefSchema).query(({ ctx, input }) => {
    const uid = ironics(ctx.runtime).get(input.name, input.namespace)?.metadata.uid;
    return uid ? fetchObjectEvents(ctx.runtime.kc, input.namespace, uid) : [];
  }),
  namespaces: viewerProcedure.query(({ ctx }) => namespaceNames(ctx.runtime.kc)),
  /** TLS Secret names and IronicDatabases of a namespace, for the create form. */
  /** Secret names (the chosen one's type too) and IronicDatabases of a namespace, for the form. */
  namespaceOptions: viewerProcedure
    .input(z.object({ namespace: namespaceNameSchema, secret: objectRefSchema.shape.name.optional() }))
    .query(({ ctx, input }) => namespaceOptions(ctx.runtime, input.namespace, input.secret)),
  create: operatorProcedure
    .input(ironicFormSchema)
    .mutation(({ ctx, input }) => submitIronic(ctx.runtime, input, false)),
  /** The same checks as create, ending in a server-side dry run of every object: nothing is stored. */
  dryRun: operatorProcedure
    .input(ironicFormSchema)
    .mutation(({ ctx, input }) => submitIronic(ctx.runtime, input, true)),
  /** Deletes the Ironic; its Deployment, Service and generated credentials go with it. */
  delete: operatorProcedure.input(objectRefSchema).mutation(async ({ ctx, input }) => {
    if (!ironics(ctx.runtime).get(input.name, input.namespace)) {
      throw new TRPCError({
        code: 'NOT_FOUND',
        message: `Ironic ${input.namespace}/${input.name} does not exist`,
      });
    }
    try {
      await deleteObject(ctx.runtime.kc, ironicResource, input.namespace, input.name);
    } catch (error) {
      if (error instanceof KubeRequestError && error.status === 403)
        throw new TRPCError({ code: 'FORBIDDEN', message: apiServerSaid(error) });
      throw error;
    }
    return { status: 'deleting' as const };
  }),
  /**
   * The API credentials in clear text, for admins only; a mutation so that every reveal is audited.
   * Nothing else ever sends Secret values to the browser.
   */
  revealCredentials: adminProcedure
    .input(objectRefSchema)
    .mutation(async ({ ctx, input }): Promise<RevealedCredentials> => {
      const ironic = ironics(ctx.runtime).get(input.name, input.namespace);
      if (!ironic) {
        throw new TRPCError({
          code: 'NOT_FOUND',
          message: `Ironic ${input.namespace}/${input.name} does not exist`,
        });
      }
      const secretName = ironic.spec?.credentialsRef?.name;
      if (!secretName) {
        throw new TRPCError({
          code: 'PRECONDITION_FAILED',
          message: 'The credentials have not been generated yet',
        });
      }
      // A GET of this one Secret: the cache holds Secrets by metadata only.
      const secret = await ctx.runtime.secrets.fetch(input.namespace, secretName);
      if (!secret) throw new TRPCError({ code: 'NOT_FOUND', message: `Secret ${secretName} does not exist` });
      const credentials = readCredentials(secret, 'API credentials');
      if (!credentials.ok) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: credentials.error });
      return { secretName, ...credentials.value };
    }),
});
