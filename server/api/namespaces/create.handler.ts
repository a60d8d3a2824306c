import type { V1Namespace } from '@kubernetes/client-node';
import { namespaceResource } from '../../kube/resource';
import type { CreateNamespaceInput } from '../../schemas/ssh-key-secret';
import { apiRejection, type CreateResult } from '../api-rejection';
import { CREATED_BY_CONSOLE } from '../created-by-console';
import { createInOrder, createStep, kubeObjectWriter } from '../create-in-order';
import type { HandlerOptions } from '../trpc';

/** A namespace a create form needs (docs/decisions.md: created at once, not with the form's submit). */
export function createHandler({ ctx, input }: HandlerOptions<CreateNamespaceInput>): Promise<CreateResult> {
  const namespace: V1Namespace = {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: input.name, labels: { ...CREATED_BY_CONSOLE } },
  };
  const taken = `Namespace ${input.name} already exists`;
  return createInOrder(kubeObjectWriter(ctx.runtime.kc), {
    steps: [createStep(namespaceResource, namespace, { nameField: 'name', taken })],
    dryRun: false,
    rejection: (error) =>
      apiRejection(error, {
        kind: 'Namespace',
        namespace: input.name,
        name: input.name,
        nameField: 'name',
        taken,
        fieldOf: (path) => (path === 'metadata.name' ? 'name' : undefined),
      }),
  });
}
