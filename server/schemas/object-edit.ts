/**
 * An edit of a live object through its create form: what the console sends (the values it opened on,
 * the edited ones, and the resourceVersion they were read at), what it is answered, and the fields
 * that cannot change after create. Pure: zod only.
 */
import { z } from 'zod';
import type { FieldErrors } from './field-errors';
import { plainString } from './control-characters';
import type { FieldChange } from './object-changes';

/** The edit's input for a form schema: `base` is what the form opened on, `values` the edit. */
export function editInputOf<T extends z.ZodType>(form: T) {
  return z.object({
    namespace: plainString().min(1).max(63),
    name: plainString().min(1).max(253),
    resourceVersion: plainString().min(1, 'The edit needs the resourceVersion it was read at').max(64),
    base: form,
    values: form,
    /** The form's values of the object at resourceVersion, when that is not `base` (a re-apply on top). */
    seen: form.optional(),
  });
}

export interface EditInput<T> {
  namespace: string;
  name: string;
  resourceVersion: string;
  base: T;
  values: T;
  seen?: T;
}

/** The object as the edit page shows it: the form's values and the live object they came from. */
export type EditForm<T> =
  | { found: false }
  /** The object has fields the form has none for (two jump hosts, a clusterIP): why. */
  | { found: true; unfit: string }
  | {
      found: true;
      unfit?: undefined;
      resourceVersion: string;
      values: T;
      /** Fields that cannot change after create, with why. */
      fixed: Record<string, string>;
    };

/** What the other side changed since the form opened, and what this edit changes. */
export interface EditConflict<T = unknown> {
  resourceVersion: string;
  /** The form's values of the object now: a re-apply on top sends them as `seen`. */
  values: T;
  theirs: FieldChange[];
  yours: FieldChange[];
}

export type EditResult<T = unknown> =
  /** A dry run: the API server's answer compared with the live object, field by field and as YAML. */
  | {
      status: 'accepted';
      message: string;
      changes: FieldChange[];
      yaml: { before: string; after: string };
    }
  | { status: 'applied'; namespace: string; name: string; resourceVersion: string; changes: FieldChange[] }
  | { status: 'rejected'; message: string; fieldErrors: FieldErrors; conflict?: EditConflict<T> };

/** Where a fixed field is not what the live object holds: the field's error, with the reason. */
export function fixedFieldErrors(fixed: Record<string, string>, live: unknown, edited: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, reason] of Object.entries(fixed)) {
    if (JSON.stringify(valueAtPath(live, path)) !== JSON.stringify(valueAtPath(edited, path)))
      errors[path] = `Cannot change after create: ${reason}`;
  }
  return errors;
}

/** The value at a dotted form path (`services.worker.end`). */
export function valueAtPath(values: unknown, path: string): unknown {
  let value: unknown = values;
  for (const key of path.split('.')) {
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}
