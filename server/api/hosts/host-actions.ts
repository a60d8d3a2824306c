import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { Runtime } from '../../runtime';
import { deleteObject, mergePatch } from '../../kube/apply';
import { KubeRequestError } from '../../kube/kube-request';
import { bareMetalHostResource, type BareMetalHost } from '../../types/crds/bare-metal-host';
import {
  actionPatch,
  actionRefusal,
  deleteNeedsTypedName,
  HOST_ACTION_LABELS,
  HOST_ACTIONS,
  labelsPatch,
  type HostActionState,
} from '../../schemas/host-actions';
import { labelKeySchema, labelValueSchema } from '../../schemas/label-rules';
import { plainString } from '../../schemas/control-characters';
import { apiServerSaid } from '../api-rejection';
import { objectRefSchema, type ObjectRef } from '../object-ref';
import { hostStatusOf } from './host-row';
import { claimOf } from '../../schemas/host-free';
import { labelChangeText, recordHostChange } from './host-action-events';

export const hostActionInputSchema = objectRefSchema.extend({ action: z.enum(HOST_ACTIONS) });
export const hostLabelsInputSchema = objectRefSchema.extend({
  /** The version the operator edited; the write is refused if the host changed since. */
  resourceVersion: plainString().min(1).max(64),
  labels: z.record(labelKeySchema, labelValueSchema),
});
export const hostDeleteInputSchema = objectRefSchema.extend({
  /** The host's name, typed by the operator; required when the host is provisioned or claimed. */
  confirmName: plainString().max(253).optional(),
});

export type HostActionInput = z.output<typeof hostActionInputSchema>;
export type HostLabelsInput = z.output<typeof hostLabelsInputSchema>;
export type HostDeleteInput = z.output<typeof hostDeleteInputSchema>;

export function actionStateOf(host: BareMetalHost): HostActionState {
  const status = hostStatusOf(host);
  return { ...status, claimed: claimOf(host) !== undefined };
}

function currentHost(runtime: Runtime, ref: ObjectRef): BareMetalHost {
  const host = runtime.informers.of(bareMetalHostResource).get(ref.name, ref.namespace);
  if (!host) {
    throw new TRPCError({
      code: 'NOT_FOUND',
      message: `BareMetalHost ${ref.namespace}/${ref.name} does not exist`,
    });
  }
  return host;
}

/** An API server refusal in words for the dialog; anything else stays an internal error. */
function refusal(error: unknown, ref: ObjectRef): never {
  if (!(error instanceof KubeRequestError)) throw error;
  const host = `${ref.namespace}/${ref.name}`;
  if (error.status === 409) {
    throw new TRPCError({
      code: 'CONFLICT',
      message: `${host} changed after you opened this dialog; nothing was written. Look at it again and retry.`,
    });
  }
  if (error.status === 404) throw new TRPCError({ code: 'NOT_FOUND', message: `${host} no longer exists` });
  if (error.status === 403)
    throw new TRPCError({ code: 'FORBIDDEN', message: `Not allowed: ${apiServerSaid(error)}`, cause: error });
  if (error.status === 400 || error.status === 422) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `The API server refused it: ${apiServerSaid(error)}`,
    });
  }
  throw error;
}

/**
 * One action on one host: checked against the host's current state (so a stale page or a script cannot
 * power off a host that is already off, or detach one in provisioning), then one merge patch, then an
 * Event on the host naming `actor`.
 */
export async function actOnHost(
  runtime: Runtime,
  input: HostActionInput,
  actor: string,
): Promise<{ status: 'requested' }> {
  const host = currentHost(runtime, input);
  const why = actionRefusal(input.action, actionStateOf(host));
  if (why) {
    throw new TRPCError({
      code: 'PRECONDITION_FAILED',
      message: `${HOST_ACTION_LABELS[input.action]} is not possible for ${input.name}: ${why}`,
    });
  }
  try {
    await mergePatch(
      runtime.kc,
      bareMetalHostResource,
      input.namespace,
      input.name,
      actionPatch(input.action),
    );
  } catch (error) {
    refusal(error, input);
  }
  void recordHostChange(runtime, host, input.action, actor);
  return { status: 'requested' };
}

export async function setHostLabels(
  runtime: Runtime,
  input: HostLabelsInput,
  actor: string,
): Promise<{ status: 'done' }> {
  const host = currentHost(runtime, input);
  const seen = host.metadata.labels ?? {};
  const patch = labelsPatch(seen, input.labels, input.resourceVersion);
  try {
    await mergePatch(runtime.kc, bareMetalHostResource, input.namespace, input.name, patch);
  } catch (error) {
    refusal(error, input);
  }
  const changed = labelChangeText(seen, input.labels);
  if (changed) void recordHostChange(runtime, host, 'labels', actor, changed);
  return { status: 'done' };
}

/** Deletes the host; the uid precondition makes sure it is the host the operator confirmed, not a new one. */
export async function deleteHost(
  runtime: Runtime,
  input: HostDeleteInput,
  actor: string,
): Promise<{ status: 'deleting' }> {
  const host = currentHost(runtime, input);
  if (deleteNeedsTypedName(actionStateOf(host)) && input.confirmName !== input.name) {
    throw new TRPCError({
      code: 'PRECONDITION_FAILED',
      message: `${input.name} is provisioned or claimed by a tenant cluster: type its name to delete it`,
    });
  }
  try {
    await deleteObject(runtime.kc, bareMetalHostResource, input.namespace, input.name, {
      uid: host.metadata.uid,
    });
  } catch (error) {
    refusal(error, input);
  }
  void recordHostChange(runtime, host, 'delete', actor);
  return { status: 'deleting' };
}
