'use client';

import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { EditForm } from '@/server/schemas/object-edit';
import { ConsoleLink } from '../../console-link';
import { errorText } from '../errors';
import { objectHref } from '../object-href';
import { ErrorBox } from '../panel';
import type { EditTarget } from './edit-form-page';

/**
 * Reads the live object for an edit form: loading, not found, or a form that cannot hold it, else the
 * form opened on it, once per resourceVersion (a reload opens it afresh on the new one).
 */
export function EditFormLoader<T, E extends { message: string }, K extends QueryKey>({
  query,
  object,
  path,
  kind,
  children,
}: {
  /** The kind's editForm query options (`trpc.<kind>.editForm.queryOptions(object)`). */
  query: UseQueryOptions<EditForm<T>, E, EditForm<T>, K>;
  object: { namespace: string; name: string };
  path: string;
  kind: string;
  children: (target: EditTarget<T>) => ReactNode;
}) {
  // Read once: the form must not reopen under the user when the object's status changes.
  const read = useQuery({
    ...query,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const form = read.data;
  const error = read.error;
  const reload = () => {
    void read.refetch();
  };
  const back = (
    <ConsoleLink href={objectHref(path, object)} className="underline">
      Back to {object.name}
    </ConsoleLink>
  );
  if (error) return <ErrorBox testId="edit-load-error">{errorText(error)}</ErrorBox>;
  if (!form) return <p className="text-sm text-slate-400">Loading {kind}…</p>;
  if (!form.found)
    return (
      <ErrorBox testId="edit-not-found">
        No {kind} {object.namespace}/{object.name}. {back}
      </ErrorBox>
    );
  if (form.unfit !== undefined)
    return (
      <ErrorBox testId="edit-unfit">
        {form.unfit} {back}
      </ErrorBox>
    );
  return children({
    ...object,
    resourceVersion: form.resourceVersion,
    values: form.values,
    fixed: form.fixed,
    reload,
  });
}
