'use client';

import { useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { FieldErrors } from '@/server/schemas/field-errors';
import { canAct, useViewer } from '../../access/use-viewer';
import type { CreateProcedure } from '../../trpc/procedure-types';
import { Breadcrumb } from '../detail-page';
import { objectHref } from '../object-href';
import { ErrorBox } from '../panel';
import { FormKit } from './form-kit-context';
import { SubmitBar } from './submit-bar';
import { useCreateSubmit, type Created } from './use-create-submit';
import type { SchemaForm } from './use-schema-form';
import { FormWithYaml, type YamlView } from './yaml-tab';

/**
 * The page of a create form: breadcrumb and heading, the Form and YAML tabs around the kind's
 * fields (`children`), and the submit bar; submitting runs the kind's create mutation, maps a
 * refusal onto the fields, and once created goes to the object's detail page, which follows it
 * live (or does `onCreated`). Viewers see the form without the buttons.
 */
export function CreateFormPage<T extends FieldValues>({
  kit,
  create,
  dryRun,
  path,
  listLabel,
  step = 'new',
  title,
  noPermission,
  yaml,
  yamlTabLabel = 'YAML preview',
  submit,
  hints,
  aside,
  onCreated,
  children,
}: {
  /** From useSchemaForm. */
  kit: SchemaForm<T>;
  /** The kind's create mutation (`trpc.ironic.create`) and its server-side dry run. */
  create: CreateProcedure<T>;
  dryRun: CreateProcedure<T>;
  /** The list's path ("/ironic"): breadcrumb, Cancel, and the created object's page under it. */
  path: string;
  /** The breadcrumb's first step ("Ironic"). */
  listLabel: string;
  /** The breadcrumb's last step; default "new". */
  step?: string;
  /** The heading ("New Ironic"). */
  title: string;
  /** Shown to signed-in users below the operator role, e.g. "Creating an Ironic needs the operator role." */
  noPermission?: string;
  /** What the YAML tab shows (and, with `read`, edits). */
  yaml: YamlView<T>;
  /** The YAML tab's label; default "YAML preview". */
  yamlTabLabel?: string;
  /** The Create button's label and data-testid, and an optional note under the buttons. */
  submit: { label: string; testId: string; note?: ReactNode };
  /** Messages under fields without an error of their own (e.g. a server preview's conflicts). */
  hints?: FieldErrors;
  /** A side column (e.g. a live preview); the submit bar then sits under it. */
  aside?: ReactNode;
  /** Instead of going to the detail page once created. */
  onCreated?: (created: Created) => void;
  children: ReactNode;
}) {
  const router = useRouter();
  const viewer = useViewer();
  const calls = useCreateSubmit(kit, {
    create,
    dryRun,
    onCreated:
      onCreated ??
      ((created) => {
        router.push(objectHref(path, created));
      }),
  });
  const operator = canAct(viewer, 'operator');
  const submitBar = (
    <SubmitBar
      kit={kit}
      createLabel={submit.label}
      createTestId={submit.testId}
      canCreate={operator}
      pending={calls.pending}
      onDryRun={calls.dryRun}
      cancelHref={path}
    >
      {submit.note}
    </SubmitBar>
  );
  const form = (
    <FormWithYaml kit={kit} yaml={yaml} yamlTabLabel={yamlTabLabel}>
      {children}
    </FormWithYaml>
  );
  return (
    <section className="space-y-4">
      <Breadcrumb href={path} label={listLabel} trail={[step]} />
      <h1 className="text-2xl font-semibold">{title}</h1>
      {noPermission && !operator && viewer.role !== undefined && (
        <ErrorBox testId="no-permission">{noPermission}</ErrorBox>
      )}
      <FormKit
        kit={kit}
        hints={hints}
        onSubmit={calls.submit}
        className={aside ? 'grid max-w-7xl gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]' : 'max-w-4xl space-y-4'}
      >
        {form}
        {aside ? (
          <aside className="space-y-4 lg:sticky lg:top-4 lg:self-start">
            {aside}
            {submitBar}
          </aside>
        ) : (
          submitBar
        )}
      </FormKit>
    </section>
  );
}
