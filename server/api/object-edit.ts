import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import { stringify } from 'yaml';
import { apiServerSaid, kubeRequestJson, KubeRequestError } from '../kube/kube-request';
import { collectionPath, type ResourceDescriptor } from '../kube/resource';
import type { DocumentReading } from '../schemas/document-problem';
import type { FieldErrors } from '../schemas/field-errors';
import { applyMergePatch, editMergePatch, fieldChanges, type FieldChange } from '../schemas/object-changes';
import { fixedFieldErrors, type EditForm, type EditInput, type EditResult } from '../schemas/object-edit';
import { apiRejection, type RejectedObject } from './api-rejection';
import type { ObjectRef } from './object-ref';

const CONSOLE_FIELD_MANAGER = 'rackpilot-console';
/** Changes an audit row lists; the rest are counted. */
const AUDITED_CHANGES = 30;
const KUBE_TIMEOUT_MS = 15_000;

/** The part of a live object an edit form holds (the whole object, or an entry in a list of it). */
export interface LivePart<P, F> {
  /** The resourceVersion of the object holding the part, when it was read. */
  resourceVersion: string;
  part: P;
  /** The form's values of the part, or why the form cannot hold it. */
  form: DocumentReading<F>;
  /** The object the API server refuses, and the form field a refusal's cause names. */
  refusedAs: RejectedObject;
  /** Checks the API server cannot make (across objects) of the edited values, against what was read. */
  checks?(values: F): Promise<FieldErrors> | FieldErrors;
  /**
   * Writes a merge patch of the part at resourceVersion (a 409 when the holder changed since);
   * answers the part as stored, or with dryRun as it would be, and the holder's resourceVersion.
   */
  write(patch: unknown, dryRun: boolean): Promise<{ part: P; resourceVersion: string }>;
}

/** What an edit form edits: how its live part is found and read, and what the form's values describe. */
export interface EditTarget<P, F> {
  /** The kind in the console's words ("SIPCluster", "vRouter group"). */
  kind: string;
  read(ref: ObjectRef): Promise<LivePart<P, F> | undefined>;
  /** The part the form's values describe (the create's own conversion). */
  objectOf(values: F): P;
  /** Form fields that cannot change after create, with why. */
  fixed: Record<string, string>;
}

/** How one kind is edited whole through its create form. */
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
    return await kubeRequestJson<T>(kc, objectPath(resource, ref), { timeoutMs: KUBE_TIMEOUT_MS });
  } catch (error) {
    if (error instanceof KubeRequestError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * A JSON merge patch of the object at `resource`/`ref` by the console, held to `resourceVersion` (the
 * API server answers 409 when the object moved on): an edit's write, whole object or entry.
 */
export function patchObjectAt<T extends KubernetesObject>(
  kc: KubeConfig,
  resource: ResourceDescriptor<T>,
  ref: ObjectRef,
  resourceVersion: string,
  patch: unknown,
  dryRun: boolean,
): Promise<T> {
  return kubeRequestJson<T>(kc, objectPath(resource, ref), {
    method: 'PATCH',
    body: applyMergePatch(patch, { metadata: { resourceVersion } }),
    contentType: 'application/merge-patch+json',
    query: {
      fieldManager: CONSOLE_FIELD_MANAGER,
      fieldValidation: 'Strict',
      ...(dryRun ? { dryRun: 'All' } : {}),
    },
    timeoutMs: KUBE_TIMEOUT_MS,
  });
}

/** A kind edited whole: the part is the object, written with the edit's patch as it is. */
export function wholeObject<T extends KubernetesObject, F>(
  kc: KubeConfig,
  kind: EditableKind<T, F>,
): EditTarget<T, F> {
  return {
    kind: kind.resource.kind,
    objectOf: (values) => kind.objectOf(values),
    fixed: kind.fixed,
    read: async (ref) => {
      const object = await readLive(kc, kind.resource, ref);
      if (!object) return undefined;
      const resourceVersion = object.metadata?.resourceVersion ?? '';
      const form = kind.formOf(object);
      return {
        resourceVersion,
        part: object,
        form,
        refusedAs: {
          kind: kind.resource.kind,
          namespace: ref.namespace,
          name: ref.name,
          nameField: 'name',
          fieldOf: (path) => kind.fieldOf(path),
        },
        ...(form.ok ? { checks: async (values: F) => (await kind.checks?.(values, form.values)) ?? {} } : {}),
        write: async (patch, dryRun) => {
          const after = await patchObjectAt(kc, kind.resource, ref, resourceVersion, patch, dryRun);
          return { part: after, resourceVersion: after.metadata?.resourceVersion ?? '' };
        },
      };
    },
  };
}

type Shown = { metadata?: Record<string, unknown>; status?: unknown };

/** The part as a diff shows it: without status and the fields the API server keeps for itself. */
function shown(part: unknown): Record<string, unknown> {
  const { status: _status, metadata, ...rest } = part as Shown;
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

/** The edit page's start: the live part's values, read from the API server (not a cache). */
export async function readEditForm<P, F>(target: EditTarget<P, F>, ref: ObjectRef): Promise<EditForm<F>> {
  const live = await target.read(ref);
  if (!live) return { found: false };
  return live.form.ok
    ? { found: true, resourceVersion: live.resourceVersion, values: live.form.values, fixed: target.fixed }
    : {
        found: true,
        unfit: `The form cannot hold this ${target.kind}: ${live.form.error}. Edit it with kubectl.`,
      };
}

function rejected<F>(message: string, fieldErrors: FieldErrors = {}): EditResult<F> {
  return { status: 'rejected', message, fieldErrors };
}

function conflictOf<P, F>(
  target: EditTarget<P, F>,
  input: EditInput<F>,
  resourceVersion: string,
  values: F,
): EditResult<F> {
  return {
    status: 'rejected',
    message: `The ${target.kind} changed since you opened it: re-apply your edit on top, or reload`,
    fieldErrors: {},
    conflict: {
      resourceVersion,
      values,
      theirs: fieldChanges(target.objectOf(input.seen ?? input.base), target.objectOf(values)),
      yours: fieldChanges(target.objectOf(input.base), target.objectOf(input.values)),
    },
  };
}

/** Writes that met a 409 from a change outside the form's fields (a status write) before the edit gives up. */
const WRITE_ATTEMPTS = 4;

/**
 * An edit (or its server-side dry run): a JSON merge patch of what the user changed in the form's
 * fields, three-way (what the form opened on, the edit, the live part), with the resourceVersion the
 * live part was read at as its precondition. A change by someone else to the form's fields since the
 * user last saw the part (`seen`, else `base`) is a conflict; one to other fields only (status,
 * others' labels, another entry of the same list) is not, as the patch names none of them: when such a
 * change lands between the read and the write (a controller writing status), the part is read and
 * written again. Fixed fields are refused here, before the API server is asked.
 */
export async function editObject<P, F>(
  target: EditTarget<P, F>,
  input: EditInput<F>,
  dryRun: boolean,
): Promise<EditResult<F>> {
  const what = `${target.kind} ${input.namespace}/${input.name}`;
  for (let attempt = 1; ; attempt += 1) {
    const live = await target.read(input);
    if (!live) return rejected(`No ${what}: it was deleted`);
    if (!live.form.ok) return rejected(`The form cannot hold this ${target.kind}: ${live.form.error}`);
    const fixed = fixedFieldErrors(target.fixed, live.form.values, input.values);
    if (Object.keys(fixed).length > 0) return rejected('Nothing was changed: fix the marked fields', fixed);
    const checked = (await live.checks?.(input.values)) ?? {};
    if (Object.keys(checked).length > 0)
      return rejected('Nothing was changed: fix the marked fields', checked);

    const theirs = fieldChanges(target.objectOf(input.seen ?? input.base), target.objectOf(live.form.values));
    if (live.resourceVersion !== input.resourceVersion && theirs.length > 0)
      return conflictOf(target, input, live.resourceVersion, live.form.values);
    const patch = editMergePatch(target.objectOf(input.base), target.objectOf(input.values), live.part);
    if (patch === undefined) return rejected(`Nothing to change: the form matches the live ${target.kind}`);

    let after: { part: P; resourceVersion: string };
    try {
      after = await live.write(patch, dryRun);
    } catch (error) {
      if (error instanceof KubeRequestError && error.status === 409) {
        if (attempt < WRITE_ATTEMPTS) continue;
        const current = await target.read(input);
        if (!current?.form.ok) return rejected(`The ${what} changed: ${apiServerSaid(error)}`);
        return conflictOf(target, input, current.resourceVersion, current.form.values);
      }
      const refused = apiRejection(error, live.refusedAs);
      if (refused?.status === 'rejected') return rejected(refused.message, refused.fieldErrors);
      throw error;
    }
    return answerOf(input, live.part, after, dryRun);
  }
}

function answerOf<P, F>(
  input: EditInput<F>,
  before: P,
  after: { part: P; resourceVersion: string },
  dryRun: boolean,
): EditResult<F> {
  const changes = fieldChanges(shown(before), shown(after.part));
  if (dryRun)
    return {
      status: 'accepted',
      message: `The API server accepts this change (dry run: nothing was changed)`,
      changes,
      yaml: { before: stringify(shown(before)), after: stringify(shown(after.part)) },
    };
  return {
    status: 'applied',
    namespace: input.namespace,
    name: input.name,
    resourceVersion: after.resourceVersion,
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
