'use client';

import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { FieldErrors } from '@/server/schemas/field-errors';
import type { CreateProcedure, EditProcedure } from '../../trpc/procedure-types';
import { CreateFormPage } from './create-form-page';
import { EditFormPage, type EditTarget } from './edit-form-page';
import type { SchemaForm } from './use-schema-form';
import type { YamlView } from './yaml-tab';

/** A kind router's form procedures (`trpc.placement`): create and edit, each with its dry run. */
export interface FormProcedures<T> {
  create: CreateProcedure<T>;
  dryRun: CreateProcedure<T>;
  edit: EditProcedure<T>;
  editDryRun: EditProcedure<T>;
}

/**
 * A kind's form page: with `edit`, the form opened on the live object it was read from (EditFormPage);
 * else a new object (CreateFormPage). The fields are the kind's; which mode is shown is decided here.
 */
export function KindFormPage<T extends FieldValues>({
  kit,
  procedures,
  edit,
  path,
  listLabel,
  kind,
  create,
  yaml,
  yamlTabLabel,
  hints,
  aside,
  children,
}: {
  kit: SchemaForm<T>;
  procedures: FormProcedures<T>;
  edit: EditTarget<T> | undefined;
  /** The list's path ("/ironic"). */
  path: string;
  listLabel: string;
  /** The kind in the console's words ("Ironic"). */
  kind: string;
  /** The create page's heading, the words for a user who may not create, and its submit button. */
  create: {
    title: string;
    noPermission?: string;
    submit: { label: string; testId: string; note?: ReactNode };
  };
  yaml: YamlView<T>;
  yamlTabLabel?: string;
  hints?: FieldErrors;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const shared = { kit, path, listLabel, yaml, yamlTabLabel, hints, aside };
  return edit ? (
    <EditFormPage {...shared} target={edit} edit={procedures.edit} dryRun={procedures.editDryRun} kind={kind}>
      {children}
    </EditFormPage>
  ) : (
    <CreateFormPage {...shared} create={procedures.create} dryRun={procedures.dryRun} {...create}>
      {children}
    </CreateFormPage>
  );
}
