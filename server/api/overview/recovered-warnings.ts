/**
 * A Warning event stops being news once the object it was about has recovered since: a host out of its
 * error, an object Ready again after it. Objects that say nothing about their health keep their warnings
 * until the events expire. Pure.
 */
import type { KubernetesObject } from '@kubernetes/client-node';
import { hostStatusOf } from '../hosts/host-row';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { isObjectReady, type ConditionedObject } from '../wall/wall-view';

/** Not before `eventTime` (ISO): a recovery without a time is taken as after it. */
function notBefore(time: string | Date | undefined, eventTime: string | undefined): boolean {
  if (!time || !eventTime) return true;
  return new Date(time).getTime() >= Date.parse(eventTime);
}

/** The object (as cached now) has recovered since the warning last seen at `eventTime`. */
export function recoveredSince(object: KubernetesObject | undefined, eventTime: string | undefined): boolean {
  if (!object) return false;
  if (object.kind === 'BareMetalHost') {
    const host = object as BareMetalHost;
    return hostStatusOf(host).group !== 'error' && notBefore(host.status?.lastUpdated, eventTime);
  }
  const conditioned = object as ConditionedObject;
  const ready = conditioned.status?.conditions?.find((condition) => condition.type === 'Ready');
  if (ready) return ready.status === 'True' && notBefore(ready.lastTransitionTime, eventTime);
  return isObjectReady(conditioned);
}
