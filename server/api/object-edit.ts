import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import { stringify } from 'yaml';
import { apiServerSaid, kubeRequestJson, KubeRequestError } from '../kube/kube-request';
import { collectionPath, type ResourceDescriptor } from '../kube/resource';
import type { DocumentReading } from '../schemas/document-problem';
import type { FieldErrors } from '../schemas/field-errors';
import { applyMergePatch, editMergePatch, fieldChanges, type FieldChange } from '../schemas/object-changes';
import { fixedFieldErrors, type EditForm, type EditInput, type EditResult } from '../schemas/object-edit';
import { apiRejection } from './api-rejection';
import type { ObjectRef } from './object-ref';

const CONSOLE_FIELD_MANAGER = 'rackpilot-console';
/** Changes an audit row lists; the rest are counted. */
const AUDITED_CHANGES = 30;

/** How one kind is edited through its create form. */
export interface EditableKind<T extends KubernetesObject, F> {
  resource: ResourceDescriptor<T>;
  /** The form's values of a live object, or why the form cannot hold it. */
  formOf(object: T): DocumentReading<F>;
  /** The object the form's values describe (the create's own conversion). */
  objectOf(values: F): T;
  /** Form fields that cannot change after create, with why. */
  fixed: Record<string, string>;
  /** The form field an API-server cause names. */
  fieldOf(path: string): string | undefined;
  /** Checks the API server cannot make (across objects) of the edit against the live object's values. */
  checks?(values: F, live: F): Promise<FieldErrors> | FieldErrors;
}

function objectPath(resource: ResourceDescriptor, ref: ObjectRef): string {
  return `${collectionPath(resource, ref.namespace)}/${encodeURIComponent(ref.name)}`;
}

async function readLive<T extends KubernetesObject>(
  kc: KubeConfig,
  resource: ResourceDescriptor<T>,
  ref: ObjectRef,
): Promise<T | undefined> {
  try {
    return await kubeRequestJson<T>(kc, objectPath(resource, ref), { timeoutMs: 15_000 });
  } catch (error) {
    if (error instanceof KubeRequestError && error.status === 404) return undefined;
    throw error;
  }
}

/** The object as a diff shows it: without status and the fields the API server keeps for itself. */
function shown(object: KubernetesObject): Record<string, unknown> {
  const { status: _status, metadata, ...rest } = object as KubernetesObject & { status?: unknown };
  const {
    managedFields: _managed,
    resourceVersion: _version,
    generation: _generation,
    uid: _uid,
    creationTimestamp: _created,
    ...kept
  } = metadata ?? {};
  return { ...rest, metadata: kept };
}

/** The edit page's start: the live object's values, read from the API server (not a cache). */
export async function readEditForm<T extends KubernetesObject, F>(
  kc: KubeConfig,
  kind: EditableKind<T, F>,
  ref: ObjectRef,
): Promise<EditForm<F>> {
  const live = await readLive(kc, kind.resource, ref);
  if (!live) return { found: false };
  const reading = kind.formOf(live);
  const resourceVersion = live.metadata?.resourceVersion ?? '';
  return reading.ok
    ? { found: true, resourceVersion, values: reading.values, fixed: kind.fixed }
    : {
        found: true,
        unfit: `The form cannot hold this ${kind.resource.kind}: ${reading.error}. Edit it with kubectl.`,
      };
}

function rejected<F>(message: string, fieldErrors: FieldErrors = {}): EditResult<F> {
  return { status: 'rejected', message, fieldErrors };
}

function conflictOf<T extends KubernetesObject, F>(
  kind: EditableKind<T, F>,
  input: EditInput<F>,
  current: T,
  values: F,
): EditResult<F> {
  return {
    status: 'rejected',
    message: `The ${kind.resource.kind} changed since you opened it: re-apply your edit on top, or reload`,
    fieldErrors: {},
    conflict: {
      resourceVersion: current.metadata?.resourceVersion ?? '',
      values,
      theirs: fieldChanges(kind.objectOf(input.seen ?? input.base), kind.objectOf(values)),
      yours: fieldChanges(kind.objectOf(input.base), kind.objectOf(input.values)),
    },
  };
}

/**
 * An edit (or its server-side dry run): a JSON merge patch of what the user changed in the form's
 * fields, three-way (what the form opened on, the edit, the live object), with the resourceVersion the
 * live object was read at as its precondition. A change by someone else to the form's fields since the
 * user last saw the object (`seen`, else `base`) is a conflict; one to other fields only (status,
 * others' labels) is not, as the patch names none of them. Fixed fields are refused here, before the API server is asked.
 */
export async function editObject<T extends KubernetesObject, F>(
  kc: KubeConfig,
  kind: EditableKind<T, F>,
  input: EditInput<F>,
  dryRun: boolean,
): Promise<EditResult<F>> {
  const what = `${kind.resource.kind} ${input.namespace}/${input.name}`;
  const live = await readLive(kc, kind.resource, input);
  if (!live) return rejected(`No ${what}: it was deleted`);
  const reading = kind.formOf(live);
  if (!reading.ok) return rejected(`The form cannot hold this ${kind.resource.kind}: ${reading.error}`);
  const fixed = fixedFieldErrors(kind.fixed, reading.values, input.values);
  if (Object.keys(fixed).length > 0) return rejected('Nothing was changed: fix the marked fields', fixed);
  const checked = (await kind.checks?.(input.values, reading.values)) ?? {};
  if (Object.keys(checked).length > 0) return rejected('Nothing was changed: fix the marked fields', checked);

  const opened = kind.objectOf(input.base);
  const theirs = fieldChanges(kind.objectOf(input.seen ?? input.base), kind.objectOf(reading.values));
  if (live.metadata?.resourceVersion !== input.resourceVersion && theirs.length > 0)
    return conflictOf(kind, input, live, reading.values);
  const patch = editMergePatch(opened, kind.objectOf(input.values), live);
  if (patch === undefined)
    return rejected(`Nothing to change: the form matches the live ${kind.resource.kind}`);

  const body = applyMergePatch(patch, {
    metadata: { resourceVersion: live.metadata?.resourceVersion ?? '' },
  });
  let after: T;
  try {
    after = await kubeRequestJson<T>(kc, objectPath(kind.resource, input), {
      method: 'PATCH',
      body,
      contentType: 'application/merge-patch+json',
      query: {
        fieldManager: CONSOLE_FIELD_MANAGER,
        fieldValidation: 'Strict',
        ...(dryRun ? { dryRun: 'All' } : {}),
      },
      timeoutMs: 15_000,
    });
  } catch (error) {
    if (error instanceof KubeRequestError && error.status === 409) {
      const current = await readLive(kc, kind.resource, input);
      const currentForm = current ? kind.formOf(current) : undefined;
      if (!current || !currentForm?.ok) return rejected(`The ${what} changed: ${apiServerSaid(error)}`);
      return conflictOf(kind, input, current, currentForm.values);
    }
    const refused = apiRejection(error, {
      kind: kind.resource.kind,
      namespace: input.namespace,
      name: input.name,
      nameField: 'name',
      fieldOf: (path) => kind.fieldOf(path),
    });
    if (refused?.status === 'rejected') return rejected(refused.message, refused.fieldErrors);
    throw error;
  }
  const changes = fieldChanges(shown(live), shown(after));
  if (dryRun)
    return {
      status: 'accepted',
      message: `The API server accepts this change (dry run: nothing was changed)`,
      changes,
      yaml: { before: stringify(shown(live)), after: stringify(shown(after)) },
    };
  return {
    status: 'applied',
    namespace: input.namespace,
    name: input.name,
    resourceVersion: after.metadata?.resourceVersion ?? '',
    changes,
  };
}

/**
 * An edit's audit row: which object, at which resourceVersion, and the form's fields it changes (at
 * most AUDITED_CHANGES, values cut and secret-looking fields redacted), not the whole form twice.
 */
export function editAuditInput(input: unknown): unknown {
  const fields = (input ?? {}) as Partial<
    Record<'namespace' | 'name' | 'resourceVersion' | 'base' | 'values', unknown>
  >;
  const changes: FieldChange[] = fieldChanges(fields.base, fields.values);
  const listed = Object.fromEntries(
    changes
      .slice(0, AUDITED_CHANGES)
      .map((change) => [change.path, { from: change.before, to: change.after }]),
  );
  return {
    namespace: fields.namespace,
    name: fields.name,
    resourceVersion: fields.resourceVersion,
    // The audit row redacts secret-looking fields and cuts long values (boundedInput).
    changes: listed,
    ...(changes.length > AUDITED_CHANGES ? { more: changes.length - AUDITED_CHANGES } : {}),
  };
}
