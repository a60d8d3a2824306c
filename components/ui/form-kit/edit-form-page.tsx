'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { FieldErrors } from '@/server/schemas/field-errors';
import type { EditConflict, EditInput, EditResult } from '@/server/schemas/object-edit';
import { ConsoleLink } from '../../console-link';
import type { EditProcedure } from '../../trpc/procedure-types';
import { Breadcrumb } from '../detail-page';
import { objectHref } from '../object-href';
import { ErrorBox, Panel } from '../panel';
import { ChangesTable, YamlBeforeAfter } from './edit-changes';
import { FormKit } from './form-kit-context';
import type { SchemaForm } from './use-schema-form';
import { FormWithYaml, type YamlView } from './yaml-tab';

/** The live object an edit form opened on. */
export interface EditTarget<T> {
  namespace: string;
  name: string;
  resourceVersion: string;
  values: T;
  /** Fields that cannot change after create, with why. */
  fixed: Record<string, string>;
  /** Reads the live object again; the form then opens on it. */
  reload: () => void;
}

type Review = Extract<EditResult, { status: 'accepted' }>;

/** Where the edit stands against the live object: its resourceVersion and the form's values of it then. */
interface Seen<T> {
  resourceVersion: string;
  values?: T;
}

const BUTTON = 'rounded-md px-4 py-2 text-sm font-medium disabled:opacity-50';

/**
 * A create form in its edit mode: the same fields, opened on the live object. "Review changes" asks
 * the API server for a dry run of the edit and shows what it changes, field by field and as YAML;
 * Apply sends it at the resourceVersion the form read. When the object changed underneath, both sides'
 * changes are shown, to re-apply on top (reviewed again) or reload.
 */
export function EditFormPage<T extends FieldValues>({
  kit,
  target,
  edit,
  dryRun,
  path,
  listLabel,
  kind,
  yaml,
  yamlTabLabel = 'YAML preview',
  hints,
  aside,
  children,
}: {
  kit: SchemaForm<T>;
  target: EditTarget<T>;
  /** The kind's edit mutation (`trpc.ironic.edit`) and its server-side dry run. */
  edit: EditProcedure<T>;
  dryRun: EditProcedure<T>;
  /** The list's path ("/ironic"): breadcrumb, Cancel, and the object's page under it. */
  path: string;
  listLabel: string;
  /** The kind in the console's words ("Ironic"). */
  kind: string;
  yaml: YamlView<T>;
  yamlTabLabel?: string;
  hints?: FieldErrors;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const router = useRouter();
  const [seen, setSeen] = useState<Seen<T>>({ resourceVersion: target.resourceVersion });
  const [review, setReview] = useState<Review>();
  const [conflict, setConflict] = useState<EditConflict<T>>();
  const detailHref = objectHref(path, target);
  const { watch } = kit.form;
  useEffect(() => {
    // A review is of the values it was made for.
    const subscription = watch(() => {
      setReview(undefined);
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [watch]);

  const refused = kit.outcome(() => undefined);
  const answered = (result: EditResult<T>) => {
    if (result.status === 'accepted') {
      setConflict(undefined);
      setReview(result);
    } else if (result.status === 'applied') {
      router.push(detailHref);
    } else {
      setReview(undefined);
      if (result.conflict) setConflict(result.conflict);
      refused.onSuccess({ status: 'rejected', message: result.message, fieldErrors: result.fieldErrors });
    }
  };
  const options = { onSuccess: answered, onError: refused.onError };
  const dryRunCall = useMutation(dryRun.mutationOptions(options));
  const editCall = useMutation(edit.mutationOptions(options));
  const pending = dryRunCall.isPending || editCall.isPending;
  /** What the last review was of: Apply sends exactly that. */
  const [reviewed, setReviewed] = useState<EditInput<T>>();
  const reviewAt = (at: Seen<T>) =>
    kit.onSubmit((values) => {
      const input: EditInput<T> = {
        namespace: target.namespace,
        name: target.name,
        resourceVersion: at.resourceVersion,
        base: target.values,
        values,
        ...(at.values === undefined ? {} : { seen: at.values }),
      };
      setReviewed(input);
      dryRunCall.mutate(input);
    });

  const message = kit.invalidSubmit ? 'Nothing was changed: fix the marked fields.' : kit.message;
  const bar = (
    <div className="space-y-3">
      {message && <ErrorBox testId="form-error">{message}</ErrorBox>}
      {conflict && (
        <Panel title="Changed since you opened it" testId="edit-conflict">
          <p className="mb-2 text-sm text-amber-200">
            Someone changed this {kind} while you edited it. Their change:
          </p>
          <ChangesTable changes={conflict.theirs} testId="conflict-theirs" empty="No field of this form." />
          <p className="mb-2 mt-3 text-sm text-slate-300">Yours:</p>
          <ChangesTable changes={conflict.yours} testId="conflict-yours" empty="No change." />
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              type="button"
              data-testid="reapply-edit"
              disabled={pending}
              className={`${BUTTON} bg-amber-700 text-white hover:bg-amber-600`}
              onClick={() => {
                const now = { resourceVersion: conflict.resourceVersion, values: conflict.values };
                setSeen(now);
                setConflict(undefined);
                void reviewAt(now)();
              }}
            >
              Re-apply mine on top
            </button>
            <button
              type="button"
              data-testid="reload-edit"
              className={`${BUTTON} border border-slate-700 text-slate-200 hover:bg-slate-800`}
              onClick={target.reload}
            >
              Reload (drop my edit)
            </button>
          </div>
        </Panel>
      )}
      {review && (
        <Panel title="What this changes" testId="edit-review">
          <p role="status" className="mb-2 text-sm text-emerald-200">
            {review.message}
          </p>
          <ChangesTable changes={review.changes} testId="edit-changes" empty="Nothing changes." />
          <details className="mt-3">
            <summary className="cursor-pointer text-xs text-slate-400">As YAML</summary>
            <YamlBeforeAfter before={review.yaml.before} after={review.yaml.after} />
          </details>
        </Panel>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          data-testid="review-edit"
          disabled={pending}
          className={`${BUTTON} border border-slate-700 text-slate-200 hover:bg-slate-800`}
          title="Server-side dry run of the edit: nothing is changed"
        >
          {dryRunCall.isPending ? 'Checking…' : 'Review changes'}
        </button>
        <button
          type="button"
          data-testid="apply-edit"
          disabled={pending || !review || review.changes.length === 0}
          className={`${BUTTON} bg-sky-700 text-white hover:bg-sky-600`}
          onClick={() => {
            if (reviewed) editCall.mutate(reviewed);
          }}
        >
          {editCall.isPending ? 'Applying…' : 'Apply'}
        </button>
        <ConsoleLink href={detailHref} className="text-sm text-slate-400 hover:text-white">
          Cancel
        </ConsoleLink>
      </div>
      <p className="text-xs text-slate-400">
        Only the fields you changed are sent, at resourceVersion {seen.resourceVersion}; labels, annotations
        and status set by others stay.
      </p>
    </div>
  );
  return (
    <section className="space-y-4">
      <Breadcrumb href={path} label={listLabel} trail={[target.namespace, target.name, 'edit']} />
      <h1 className="text-2xl font-semibold">
        Edit {kind} {target.name}
      </h1>
      <FormKit
        kit={kit}
        hints={hints}
        onSubmit={reviewAt(seen)}
        className={aside ? 'grid max-w-7xl gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]' : 'max-w-4xl space-y-4'}
      >
        <FormWithYaml kit={kit} yaml={yaml} yamlTabLabel={yamlTabLabel}>
          {children}
        </FormWithYaml>
        {aside ? (
          <aside className="space-y-4 lg:sticky lg:top-4 lg:self-start">
            {aside}
            {bar}
          </aside>
        ) : (
          bar
        )}
      </FormKit>
    </section>
  );
}
