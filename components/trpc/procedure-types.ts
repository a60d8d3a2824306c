import type {
  DecorateMutationProcedure,
  DecorateQueryProcedure,
  DecorateSubscriptionProcedure,
  DefaultFeatureFlags,
} from '@trpc/tanstack-react-query';
import type { CreateResult } from '@/server/api/api-rejection';
import type { EditInput, EditResult } from '@/server/schemas/object-edit';
import type { LiveMessage } from '@/server/types/live-message';
import type { EventView } from '@/server/api/object-events';
import type { AppRouter } from '@/server/api/root-router';

/**
 * Shapes of the app router's procedures that shared pages take whatever the kind, so a page can
 * be handed `trpc.placement` (or one of its procedures) and stay fully typed.
 */

type Root = AppRouter['_def']['_config']['$types'];

interface ProcedureDef<Input, Output> {
  input: Input;
  output: Output;
  transformer: Root['transformer'];
  errorShape: Root['errorShape'];
  featureFlags: DefaultFeatureFlags;
}

/** A namespaced object, as the detail procedures take it. */
export interface ObjectRef {
  namespace: string;
  name: string;
}

/**
 * A kind router's procedures for one object's detail page (`trpc.placement`, `trpc.ironic`,
 * `trpc.clusters`): `detail`, a subscription of LiveMessage<M> for {namespace, name};
 * `events`, a query of its events; `delete`, a mutation answering D.
 */
export interface ObjectProcedures<M, D> {
  detail: DecorateSubscriptionProcedure<ProcedureDef<ObjectRef, AsyncIterable<LiveMessage<M>>>>;
  events: DecorateQueryProcedure<ProcedureDef<ObjectRef, EventView[]>>;
  delete: DecorateMutationProcedure<ProcedureDef<ObjectRef, D>>;
}

/** A create (or its server-side dry run) taking the form's values T and answering a CreateResult. */
export type CreateProcedure<T> = DecorateMutationProcedure<ProcedureDef<T, CreateResult>>;

/** An edit (or its dry run) of a live object through its create form's values T. */
export type EditProcedure<T> = DecorateMutationProcedure<ProcedureDef<EditInput<T>, EditResult<T>>>;
