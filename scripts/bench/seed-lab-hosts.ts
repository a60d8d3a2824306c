// Many BareMetalHosts shaped like the hardware lab's (spec, labels, status), each with its own name
// and MAC: what bench:server and bench:console fill the control plane with.
import type { KubeConfig } from '@kubernetes/client-node';
import { objectPath } from '../../server/kube/apply';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath } from '../../server/kube/resource';
import { RACK_LABEL } from '../../server/schemas/host-labels';
import { DEFAULT_RACK_SETTINGS } from '../../server/schemas/rack-settings';
import { bareMetalHostResource } from '../../server/types/crds/bare-metal-host';
import { labHosts, type LabHost } from '../../tools/lab/lab-hosts';
import { benchLog as log, inBatches } from './throwaway-cluster';

/**
 * Host `index` of the fleet: the lab's hosts repeated, the round number appended to the name and to
 * the rack label, so each round fills racks of its own, as a fleet does (copies of the lab in the lab's
 * racks would stack dozens of hosts on every unit). With `perRack`, the fleet is racked instead:
 * `perRack` hosts to a rack, one unit each from the bottom, in index order.
 */
export function numberedLabHost(lab: readonly LabHost[], index: number, perRack?: number): LabHost {
  const template = lab[index % lab.length];
  if (!template) throw new Error('the lab has no hosts');
  const round = String(Math.floor(index / lab.length)).padStart(4, '0');
  const name = `${template.name}-${round}`;
  const bareMetalHost = structuredClone(template.bareMetalHost);
  bareMetalHost.metadata.name = name;
  const labels = bareMetalHost.metadata.labels;
  const rack = labels?.[RACK_LABEL];
  if (labels && rack) labels[RACK_LABEL] = `${rack}-${round}`;
  if (labels && perRack !== undefined) {
    labels[RACK_LABEL] = `bench-rack-${String(Math.floor(index / perRack)).padStart(4, '0')}`;
    labels[DEFAULT_RACK_SETTINGS.slotKey] = String((index % perRack) + 1);
    labels[DEFAULT_RACK_SETTINGS.heightKey] = '1';
  }
  const hex = index.toString(16).padStart(6, '0');
  bareMetalHost.spec.bootMACAddress = `02:be:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
  return { ...template, name, bareMetalHost };
}

/**
 * Creates `count` numbered lab hosts in `namespace` and writes each one's status; with `racks`, spread
 * evenly over that many racks (they must fit a rack's units).
 */
export async function seedLabHosts(
  kc: KubeConfig,
  namespace: string,
  count: number,
  racks?: number,
): Promise<string[]> {
  const lab = labHosts({ namespace });
  const perRack = racks === undefined ? undefined : Math.ceil(count / racks);
  if (perRack !== undefined && !(perRack >= 1 && perRack <= DEFAULT_RACK_SETTINGS.units)) {
    throw new Error(
      `${count} hosts in ${racks} racks do not fit ${DEFAULT_RACK_SETTINGS.units} units a rack`,
    );
  }
  log(`creating ${count} lab-shaped BareMetalHosts${racks === undefined ? '' : ` in ${racks} racks`}`);
  const started = Date.now();
  const hosts = Array.from({ length: count }, (_, i) => numberedLabHost(lab, i, perRack));
  await inBatches(hosts, 32, async (host) => {
    await kubeRequestJson(kc, collectionPath(bareMetalHostResource, namespace), {
      method: 'POST',
      body: host.bareMetalHost,
    });
    await kubeRequestJson(kc, `${objectPath(bareMetalHostResource, namespace, host.name)}/status`, {
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
      body: { status: host.status },
    });
  });
  log(`hosts created in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return hosts.map((host) => host.name);
}
