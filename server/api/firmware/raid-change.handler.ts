import { mergePatch } from '../../kube/apply';
import { apiServerSaid, KubeRequestError } from '../../kube/kube-request';
import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import type { HandlerOptions } from '../trpc';
import type { RaidChangeInput } from './raid-change.schema';
import { raidChange, raidChangedMessage } from './raid-change';

export type RaidChangeAnswer =
  | { status: 'written'; resourceVersion: string }
  | { status: 'rejected'; message: string; fieldErrors?: Record<string, string> };

/**
 * Writes a host's spec.raid (a merge patch at the version sent) once BMO's rules accept it; the host
 * operator makes the layout at the host's next preparing.
 */
export async function raidChangeHandler({
  ctx,
  input,
}: HandlerOptions<RaidChangeInput>): Promise<RaidChangeAnswer> {
  const host = ctx.runtime.informers.of(bareMetalHostResource).get(input.name, input.namespace);
  const change = raidChange(host, input.name, input);
  if (change.status === 'rejected') return change;
  try {
    const written = await mergePatch(
      ctx.runtime.kc,
      bareMetalHostResource,
      input.namespace,
      input.name,
      change.patch,
    );
    return { status: 'written', resourceVersion: written.metadata?.resourceVersion ?? '' };
  } catch (error) {
    if (!(error instanceof KubeRequestError)) throw error;
    const message =
      error.status === 409
        ? raidChangedMessage(input.name)
        : `the API server refused it: ${apiServerSaid(error)}`;
    return { status: 'rejected', message };
  }
}
