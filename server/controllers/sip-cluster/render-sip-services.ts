/**
 * A SIPCluster's services for the hosts it holds after this plan, in a fixed order: control-plane
 * load balancers, worker load balancers, jump hosts. A service that cannot be rendered is left out
 * and named in `problems`. Pure.
 */
import { jumpHostBmcMode } from './jump-host-bmc-mode';
import { renderJumpHost } from './render-jump-host';
import { renderControlPlaneLoadBalancer, renderWorkerLoadBalancer } from './render-load-balancer';
import type { RenderedService } from './rendered-service';
import { addressesOn, toServiceHosts, type ClusterMember, type ServiceHost } from './service-hosts';
import type { SipPlanScope } from './sip-plan-scope';
import { instanceNameProblem, jumpHostInstance, loadBalancerInstance, type SipRole } from './sip-names';
import { compareStrings } from './stable-order';

export interface SipServices {
  rendered: RenderedService[];
  /** One line per service left out: `<instance>: <why>`. */
  problems: string[];
}

/**
 * Services are rendered for the hosts the cluster holds after this plan, also when it is
 * Unschedulable: running load balancers keep serving the hosts already labelled, and an owned
 * object missing from the plan would be deleted as a leftover.
 */
export function renderSipServices(scope: SipPlanScope, members: readonly ClusterMember[]): SipServices {
  const { cluster, namespace, name } = scope;
  const hosts = toServiceHosts(members, scope.factsOf);
  const rendered: RenderedService[] = [];
  const problems: string[] = [];
  const render = (
    instance: string,
    networkId: string | undefined,
    build: (networkId: string) => RenderedService,
  ) => {
    const problem = instanceNameProblem(instance) ?? (networkId ? undefined : 'nodeInterfaceId is not set');
    if (problem !== undefined) problems.push(`${instance}: ${problem}`);
    else if (networkId) rendered.push(build(networkId));
  };
  scope.controlPlaneBalancers.forEach((entry, index) => {
    render(loadBalancerInstance('ControlPlane', name, index), entry.nodeInterfaceId, (networkId) =>
      renderControlPlaneLoadBalancer(
        cluster,
        index,
        entry,
        addressesOn(ofRole(hosts, 'ControlPlane'), networkId),
      ),
    );
  });
  scope.workerBalancers.forEach((entry, index) => {
    render(loadBalancerInstance('Worker', name, index), entry.nodeInterfaceId, (networkId) =>
      renderWorkerLoadBalancer(cluster, index, entry, addressesOn(ofRole(hosts, 'Worker'), networkId)),
    );
  });
  const bmcMode = jumpHostBmcMode(cluster);
  scope.jumpHosts.forEach((entry, index) => {
    const instance = jumpHostInstance(name, index);
    if (!bmcMode.ok) {
      problems.push(`${instance}: ${bmcMode.error}`);
      return;
    }
    // Without the key Secret the ssh_config cannot be written and the pod could not mount it.
    // The reconcile runs again when that Secret appears.
    const keys = scope.secret(namespace, entry.nodeSSHPrivateKeys);
    if (!keys) {
      problems.push(
        `${instance}: Secret ${namespace}/${entry.nodeSSHPrivateKeys} (nodeSSHPrivateKeys) not found`,
      );
      return;
    }
    render(instance, entry.nodeInterfaceId, (networkId) =>
      renderJumpHost({
        cluster,
        index,
        entry,
        addresses: addressesOn(hosts, networkId),
        bmcs: hosts.flatMap(({ name: hostName, bmc }) => (bmc ? [{ name: hostName, bmc }] : [])),
        bmcMode: bmcMode.value,
        privateKeyNames: Object.keys(keys.data ?? {}).sort(compareStrings),
      }),
    );
  });
  return { rendered, problems };
}

function ofRole(hosts: readonly ServiceHost[], role: SipRole): ServiceHost[] {
  return hosts.filter((host) => host.role === role);
}
