import type { Runtime } from '../../runtime';
import { mergePatch } from '../../kube/apply';
import { KubeRequestError } from '../../kube/kube-request';
import type { MachineActionOutcome } from '../../schemas/provision-form';
import { bmcHostOf, powerCyclePatch } from '../../schemas/wipe-power-cycle';
import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import { apiServerSaid } from '../api-rejection';
import { recordHostChange } from '../hosts/host-action-events';

/**
 * The operator's "Power-cycle now" for a released machine waiting to be wiped: the same power cycle the
 * release asks for, through the BMC of the BareMetalHost with its boot MAC, recorded on that host.
 */
export async function powerCycleMachine(
  runtime: Runtime,
  mac: string,
  actor: string,
): Promise<MachineActionOutcome> {
  const record = runtime.boot.store.get(mac);
  if (record?.state !== 'wiping' && record?.state !== 'wiped') {
    return { status: 'rejected', message: `${mac} is not a released machine waiting to be wiped` };
  }
  const host = bmcHostOf(runtime.informers.of(bareMetalHostResource).list(), mac);
  if (!host) {
    return {
      status: 'rejected',
      message: `No BareMetalHost with boot MAC ${mac} has a BMC: restart the machine by hand`,
    };
  }
  const { namespace = '', name = '' } = host.metadata;
  try {
    await mergePatch(runtime.kc, bareMetalHostResource, namespace, name, powerCyclePatch(host));
  } catch (error) {
    if (!(error instanceof KubeRequestError)) throw error;
    return {
      status: 'rejected',
      message: `BareMetalHost ${namespace}/${name} was not changed: ${apiServerSaid(error)}`,
    };
  }
  void recordHostChange(
    runtime,
    host,
    'restart',
    actor,
    `so that the released machine ${mac} boots into the wiper`,
  );
  return { status: 'done' };
}
