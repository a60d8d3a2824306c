'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createNamespaceInputSchema } from '@/server/schemas/ssh-key-secret';
import { useTRPC } from '../../trpc/trpc';
import { errorText } from '../errors';
import { buttonClass } from '../modal-dialog';

/**
 * Under a create form's namespace field: when the namespace typed does not exist, a button that creates
 * it at once (operator, audited), so the form needs no kubectl first. Nothing shows for an existing
 * namespace, or a name that is not one (the field says why).
 */
export function CreateNamespaceOffer({ namespace }: { namespace: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const valid = createNamespaceInputSchema.safeParse({ name: namespace }).success;
  const namespaces = useQuery({ ...trpc.namespaces.list.queryOptions(), enabled: valid });
  const create = useMutation(
    trpc.namespaces.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.namespaces.list.queryFilter()),
    }),
  );
  if (!valid || !namespaces.data) return null;
  const outcome = create.variables?.name === namespace ? create.data : undefined;
  if (outcome?.status === 'created') {
    return (
      <p role="status" className="mt-1 text-xs text-emerald-300" data-testid="namespace-created">
        Namespace {namespace} created.
      </p>
    );
  }
  if (namespaces.data.includes(namespace)) return null;
  const problem =
    outcome?.status === 'rejected'
      ? outcome.message
      : create.isError && create.variables.name === namespace
        ? errorText(create.error)
        : undefined;
  return (
    <div className="mt-1 space-y-1 text-xs text-amber-200" data-testid="create-namespace-offer">
      <p>Namespace {namespace} does not exist yet.</p>
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={create.isPending}
        onClick={() => {
          create.mutate({ name: namespace });
        }}
      >
        {create.isPending ? 'Creating…' : `Create namespace ${namespace}`}
      </button>
      {problem && (
        <p role="alert" className="text-red-300">
          {problem}
        </p>
      )}
    </div>
  );
}
