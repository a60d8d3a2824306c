/**
 * What a mutation's audit row says beyond who and when: the action done, the object it was done to, and
 * what happened. Pure: server/api/trpc.ts reads these around each call.
 */
import type { TRPCError } from '@trpc/server';
import { auditTarget, type AuditOutcome } from '../access/audit-log';
import { apiServerForbade } from './api-rejection';
import { HOST_ACTIONS } from '../schemas/host-actions';

/** How a procedure names its audit rows where its path and the usual input shapes do not say enough. */
export interface AuditNaming {
  /** The action done, when the input chooses it (one procedure, several actions); else the path. */
  auditAction?: (input: unknown) => string | undefined;
  /** The object acted on, when the input names it in its own way (or does not name it: own settings). */
  auditTarget?: (input: unknown, actor: string) => string | undefined;
  /** What the row keeps of the input, when the input itself is not the record (an edit: its changes). */
  auditInput?: (input: unknown) => unknown;
}

function fieldsOf(input: unknown): Record<string, unknown> {
  return input !== null && typeof input === 'object' ? (input as Record<string, unknown>) : {};
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `power-off` → `host.powerOff`: the audit names the host action, not the procedure that carries them all. */
export function hostActionName(input: unknown): string | undefined {
  const action = fieldsOf(input).action;
  if (!HOST_ACTIONS.some((known) => known === action)) return undefined;
  const words = String(action).split('-');
  return `host.${words.map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('')}`;
}

/** A provision acts on the PlunderCluster its machines join (an existing one, or the one it creates). */
export function provisionTarget(input: unknown): string | undefined {
  const fields = fieldsOf(input);
  const cluster = fieldsOf(fields.cluster);
  const name = textOf(cluster.name) ?? textOf(fieldsOf(cluster.cluster).name);
  const namespace = textOf(fields.namespace);
  if (!name) return namespace;
  return namespace ? `${namespace}/${name}` : name;
}

/** The object a mutation acted on: the procedure's own naming, else the usual input shapes. */
export function auditTargetOf(input: unknown, actor: string, naming: AuditNaming | undefined): string | null {
  return naming?.auditTarget?.(input, actor) ?? auditTarget(input);
}

/** What the audit row keeps of a mutation's input: the procedure's own record of it, else the input. */
export function auditInputOf(input: unknown, naming: AuditNaming | undefined): unknown {
  return naming?.auditInput ? naming.auditInput(input) : input;
}

export function auditActionOf(path: string, input: unknown, naming: AuditNaming | undefined): string {
  return naming?.auditAction?.(input) ?? path;
}

/**
 * A procedure that could not do what was asked answers `{ status: 'rejected', message }` (the API
 * server refused the object, a check across objects failed), with the form's field errors, instead of
 * throwing, so the form can mark its fields. Such an answer is a refusal, not a success.
 */
interface RefusedAnswer {
  status: 'rejected';
  message?: unknown;
  fieldErrors?: Record<string, string>;
}

function isRefusedAnswer(data: unknown): data is RefusedAnswer {
  const fields = fieldsOf(data);
  return fields.status === 'rejected';
}

/** The reason on record: the answer's message, and each field's error it does not already say. */
function refusalReason(answer: RefusedAnswer): string {
  const message = textOf(answer.message) ?? 'refused';
  const details = Object.entries(answer.fieldErrors ?? {})
    .filter(([, text]) => !message.includes(text))
    .map(([field, text]) => `${field}: ${text}`);
  return [message, ...details].join('; ');
}

/** What happened: a thrown refusal of access is `denied`, any other error `error`, a refused answer `refused`. */
export function auditOutcomeOf(
  result: { ok: true; data: unknown } | { ok: false; error: TRPCError },
): AuditOutcome {
  if (!result.ok) {
    // The cluster's RBAC said no to the user the console acted as: the call ran and was refused there.
    if (apiServerForbade(result.error)) return { result: 'refused', error: result.error.message };
    const denied = result.error.code === 'FORBIDDEN' || result.error.code === 'UNAUTHORIZED';
    return { result: denied ? 'denied' : 'error', error: result.error.message };
  }
  if (isRefusedAnswer(result.data)) return { result: 'refused', error: refusalReason(result.data) };
  return { result: 'ok' };
}
