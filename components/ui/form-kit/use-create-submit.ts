'use client';

import { useMutation } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import type { CreateResult } from '@/server/api/api-rejection';
import type { CreateProcedure } from '../../trpc/procedure-types';
import type { SchemaForm } from './use-schema-form';

export type Created = Extract<CreateResult, { status: 'created' }>;

/**
 * A create form's submit plumbing: Create and "Check (dry run)" call the kind's mutations with the
 * schema's output; a refusal lands on the form (field errors at their fields, the message above the
 * buttons, a dry run's acceptance as a notice); `onCreated` runs once the object exists.
 */
export function useCreateSubmit<T extends FieldValues>(
  kit: SchemaForm<T>,
  {
    create,
    dryRun,
    onCreated,
  }: {
    create: CreateProcedure<T>;
    dryRun: CreateProcedure<T>;
    onCreated: (created: Created) => void;
  },
) {
  const outcome = kit.outcome(onCreated);
  const createCall = useMutation(create.mutationOptions(outcome));
  const dryRunCall = useMutation(dryRun.mutationOptions(outcome));
  return {
    /** The <form>'s onSubmit. */
    submit: kit.onSubmit((input) => {
      createCall.mutate(input);
    }),
    /** The dry-run button's onClick: the same checks, then the server-side dry run. */
    dryRun: () => {
      void kit.onSubmit((input) => {
        dryRunCall.mutate(input);
      })();
    },
    /** Which call is under way, if any. */
    pending: createCall.isPending
      ? ('create' as const)
      : dryRunCall.isPending
        ? ('dry-run' as const)
        : undefined,
  };
}
