import { TRPCError } from '@trpc/server';
import { apiServerSaid, KubeRequestError } from '../kube/kube-request';
import type { FieldErrors } from '../schemas/field-errors';

export type CreateResult =
  | { status: 'created'; namespace: string; name: string }
  /** A server-side dry run: the API server (CEL rules, admission) accepted every object; none is stored. */
  | { status: 'accepted'; message: string }
  | { status: 'rejected'; message: string; fieldErrors: FieldErrors };

/** The answer when checks the API server cannot make (across objects) found problems; none: undefined. */
export function fieldRejection(fieldErrors: FieldErrors): CreateResult | undefined {
  if (Object.keys(fieldErrors).length === 0) return undefined;
  return { status: 'rejected', message: 'Nothing was created: fix the marked fields', fieldErrors };
}

/** A typed name that is free for the object itself but not for one the console would make with it. */
export function nameInUse(name: string, object: string, namespace: string): string {
  return `Name ${name} is in use: ${object} made for it already exists in namespace ${namespace}; choose another name or delete that Secret`;
}

export interface RejectedObject {
  kind: string;
  namespace: string;
  name: string;
  /** The form field of the object's name (409 lands there). */
  nameField: string;
  /** What a 409 means to the user, when the name is not one they typed but made from it. */
  taken?: string;
  /** The API server's message in the form's words (its field paths as the form labels them). */
  words?: (message: string) => string;
  /** The form field that holds an object path the API server names in a Status cause. */
  fieldOf(path: string): string | undefined;
}

export { apiServerSaid };

/** The API server's 403 behind `error`: thrown as it came, or wrapped by a handler as its cause. */
export function apiServerForbade(error: unknown): KubeRequestError | undefined {
  const cause = error instanceof TRPCError ? error.cause : error;
  return cause instanceof KubeRequestError && cause.status === 403 ? cause : undefined;
}

/** Turns an API-server refusal into a message and field errors the form shows next to its fields. */
export function apiRejection(error: unknown, object: RejectedObject): CreateResult | undefined {
  if (!(error instanceof KubeRequestError)) return undefined;
  const where = `namespace ${object.namespace}`;
  if (error.status === 409) {
    const message = object.taken ?? `A ${object.kind} named ${object.name} already exists in ${where}`;
    return { status: 'rejected', message, fieldErrors: { [object.nameField]: message } };
  }
  if (error.status === 404 && /namespaces? .*not found/i.test(error.message)) {
    const message = `Namespace ${object.namespace} does not exist`;
    return { status: 'rejected', message, fieldErrors: { namespace: message } };
  }
  if (error.status === 422 || error.status === 400) {
    const fieldErrors: FieldErrors = {};
    const unplaced: string[] = [];
    for (const cause of error.causes) {
      const path = cause.field ?? '';
      const field = object.fieldOf(path);
      const said = cause.message ?? cause.reason ?? 'invalid';
      const text = object.words ? object.words(said) : `${path}: ${said}`;
      if (field) fieldErrors[field] ??= text;
      else unplaced.push(text);
    }
    return {
      status: 'rejected',
      message: `The API server rejected the ${object.kind}: ${unplaced.length > 0 ? unplaced.join('; ') : apiServerSaid(error)}`,
      fieldErrors,
    };
  }
  if (error.status === 403) {
    return { status: 'rejected', message: `Not allowed: ${apiServerSaid(error)}`, fieldErrors: {} };
  }
  return undefined;
}
