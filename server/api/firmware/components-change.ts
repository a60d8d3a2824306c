/**
 * A change of a host's requested firmware updates (HostFirmwareComponents spec.updates), checked at the
 * edge by baremetal-operator's rules before anything is written: a name BMO would mark Valid=False, a URL
 * Ironic cannot fetch, a component named twice. The whole list is written (a merge patch replaces a list),
 * at the version the operator looked at. Pure: components-change.handler.ts writes.
 */
import { sameUpdates, updatesProblems, type FirmwareUpdate } from '../../schemas/firmware-component-rules';
import type { HostFirmwareComponents } from '../../types/crds/host-firmware-components';
import { NO_COMPONENTS } from './components-view';

export type ComponentsChange =
  | { status: 'rejected'; message: string; fieldErrors?: Record<string, string> }
  | {
      status: 'ok';
      patch: { metadata: { resourceVersion: string }; spec: { updates: FirmwareUpdate[] } };
    };

export function componentsChange(
  hfc: HostFirmwareComponents | undefined,
  updates: readonly FirmwareUpdate[],
  resourceVersion: string,
): ComponentsChange {
  if (!hfc) return { status: 'rejected', message: NO_COMPONENTS };
  const problems = updatesProblems(updates);
  if (problems.length > 0) {
    const fieldErrors: Record<string, string> = {};
    for (const problem of problems) fieldErrors[problem.component] ??= problem.message;
    return {
      status: 'rejected',
      message: `nothing was written: ${problems.map((problem) => problem.message).join('; ')}`,
      fieldErrors,
    };
  }
  if (sameUpdates(updates, hfc.spec?.updates)) {
    return { status: 'rejected', message: 'nothing was written: these are already the requested updates' };
  }
  return {
    status: 'ok',
    patch: {
      metadata: { resourceVersion },
      spec: { updates: updates.map(({ component, url }) => ({ component, url })) },
    },
  };
}
