import { mergePatch } from '../../kube/apply';
import type { ControllerContext } from '../../kube/controller-context';
import { bmcHostOf, powerCyclePatch } from '../../schemas/wipe-power-cycle';
import { bareMetalHostResource } from '../../types/crds/bare-metal-host';

/**
 * A released machine is wiped on its next boot: through the BMC of the BareMetalHost with its boot MAC,
 * where there is one, that boot is caused now. Returns what was done, for the release's event; a failed
 * write is said there and leaves the machine waiting (the console offers "Power-cycle now").
 */
export async function powerCycleForWipe(ctx: ControllerContext, mac: string): Promise<string> {
  const host = bmcHostOf(ctx.informers.of(bareMetalHostResource).list(), mac);
  if (!host) return `no BareMetalHost with boot MAC ${mac} has a BMC: it waits for the machine to restart`;
  const { namespace = '', name = '' } = host.metadata;
  try {
    await mergePatch(ctx.kc, bareMetalHostResource, namespace, name, powerCyclePatch(host));
  } catch (error) {
    return `power-cycling it through BareMetalHost ${namespace}/${name} failed: ${error instanceof Error ? error.message : String(error)}`;
  }
  ctx.metrics.writes.inc({ controller: ctx.controller.name, verb: 'power-cycle' });
  void ctx.events.record(host, {
    type: 'Normal',
    reason: 'PowerCycleForWipe',
    action: 'Reboot',
    note: `Power-cycled so that the released machine ${mac} boots into the wiper`,
  });
  return `power-cycled through BareMetalHost ${namespace}/${name}`;
}
