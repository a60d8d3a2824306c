import type {
  DecorateMutationProcedure,
  DecorateQueryProcedure,
  DecorateSubscriptionProcedure,
  DefaultFeatureFlags,
} from '@trpc/tanstack-react-query';
import type { LiveMessage } from '@/server/api/live-view';
import type { EventView } from '@/server/api/object-events';
import type { AppRouter } from '@/server/api/root-router';

/** A namespaced object, as the detail procedures take it. */
export interface ObjectRef {
  namespace: string;
  name: string;
}

type Root = AppRouter['_def']['_config']['$types'];

interface ObjectDef<Output> {
  input: ObjectRef;
  output: Output;
  transformer: Root['transformer'];
  errorShape: Root['errorShape'];
  featureFlags: DefaultFeatureFlags;
}

/**
 * The procedures a kind's router offers for one object's detail page (`trpc.placement`,
 * `trpc.ironic`, `trpc.tenantClusters`): `detail`, a subscription of LiveMessage<M> for
 * {namespace, name}; `events`, a query of its events; `delete`, a mutation.
 */
export interface ObjectProcedures<M, D> {
  detail: DecorateSubscriptionProcedure<ObjectDef<AsyncIterable<LiveMessage<M>>>>;
  events: DecorateQueryProcedure<ObjectDef<EventView[]>>;
  delete: DecorateMutationProcedure<ObjectDef<D>>;
}
