/** What a SIPCluster plan reads of the cluster once, and each host's facts at most once. Pure. */
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type {
  SIPCluster,
  SIPClusterJumpHostService,
  SIPClusterLoadBalancerControlPlaneService,
  SIPClusterLoadBalancerWorkerService,
  SIPClusterSpec,
} from '../../types/crds/sip-cluster';
import type { SecretLookup, SecretPending } from '../common/secret-data';
import { readHostFacts, type HostFacts } from './host-facts';
import type { SipRole } from './sip-names';
import { compareStrings, hostKey } from './stable-order';

export interface SipPlanScope {
  cluster: SIPCluster;
  namespace: string;
  name: string;
  controlPlaneBalancers: SIPClusterLoadBalancerControlPlaneService[];
  workerBalancers: SIPClusterLoadBalancerWorkerService[];
  jumpHosts: SIPClusterJumpHostService[];
  /**
   * The networks each role's hosts must have an address on: its own load balancers' and the jump
   * hosts' (which list every host).
   */
  networksFor: Record<SipRole, string[]>;
  /** A host's facts (networks, BMC access), read from its Secrets the first time they are asked for. */
  factsOf: (host: BareMetalHost) => HostFacts;
  secret: SecretLookup;
}

export function sipPlanScope(observed: {
  cluster: SIPCluster;
  secret: SecretLookup;
  secretPending?: SecretPending;
}): SipPlanScope {
  const { cluster } = observed;
  const services = cluster.spec.services as SIPClusterSpec['services'] | undefined;
  const controlPlaneBalancers = services?.loadBalancerControlPlane ?? [];
  const workerBalancers = services?.loadBalancerWorker ?? [];
  const jumpHosts = services?.jumpHost ?? [];
  const factsByHost = new Map<string, HostFacts>();
  return {
    cluster,
    namespace: cluster.metadata.namespace ?? '',
    name: cluster.metadata.name ?? '',
    controlPlaneBalancers,
    workerBalancers,
    jumpHosts,
    networksFor: {
      ControlPlane: networkIds([...controlPlaneBalancers, ...jumpHosts]),
      Worker: networkIds([...workerBalancers, ...jumpHosts]),
    },
    factsOf: (host) => {
      const key = hostKey(host);
      let facts = factsByHost.get(key);
      if (!facts) {
        facts = readHostFacts(host, observed.secret, observed.secretPending);
        factsByHost.set(key, facts);
      }
      return facts;
    },
    secret: observed.secret,
  };
}

function networkIds(entries: readonly { nodeInterfaceId?: string }[]): string[] {
  const ids = new Set(entries.flatMap(({ nodeInterfaceId }) => (nodeInterfaceId ? [nodeInterfaceId] : [])));
  return [...ids].sort(compareStrings);
}
