import { buildHostRow } from '@/server/api/hosts/host-row';
import { hostQuerySchema, queryHosts } from '@/server/api/hosts/host-query';
import { RACK_LABEL, SIP_CLUSTER_NAME_LABEL } from '@/server/schemas/host-labels';
import type { BareMetalHost } from '@/server/types/crds/bare-metal-host';
import type { ConsoleTestApi } from './console-test-api';
import { tableRow } from './render-console';

/** A host as a test describes it; everything else is what a settled lab host has. */
export interface HostFacts {
  name: string;
  state?: string;
  poweredOn?: boolean;
  /** spec.online; defaults to poweredOn. */
  online?: boolean;
  rack?: string;
  /** The SIPCluster holding it (in namespace lab). */
  tenant?: string;
}

/**
 * The BareMetalHosts of namespace `lab` as the hosts list's subscription sees them: `publish` sends
 * every open list subscription the page the server would build for its query (the server's own
 * buildHostRow and queryHosts), with a new resourceVersion for each host that changed.
 */
export class LiveHosts {
  private readonly hosts = new Map<string, BareMetalHost>();
  private version = 0;

  constructor(private readonly api: ConsoleTestApi) {}

  set(...facts: HostFacts[]): this {
    for (const host of facts) this.hosts.set(host.name, this.toHost(host));
    return this;
  }

  remove(name: string): this {
    this.hosts.delete(name);
    return this;
  }

  async publish(): Promise<void> {
    const rows = [...this.hosts.values()].map((host) => buildHostRow(host, () => undefined));
    await this.api.push('hosts.list', (input) => ({
      view: queryHosts(rows, hostQuerySchema.parse(input)),
    }));
  }

  private toHost({
    name,
    state = 'available',
    poweredOn = true,
    online,
    rack,
    tenant,
  }: HostFacts): BareMetalHost {
    this.version += 1;
    const labels: Record<string, string> = {};
    if (rack) labels[RACK_LABEL] = rack;
    if (tenant) labels[SIP_CLUSTER_NAME_LABEL] = tenant;
    return {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'BareMetalHost',
      metadata: {
        name,
        namespace: 'lab',
        resourceVersion: String(this.version),
        creationTimestamp: new Date('2026-01-01T00:00:00Z'),
        labels,
      },
      spec: {
        online: online ?? poweredOn,
        bmc: {
          address: `redfish://10.0.0.1/redfish/v1/Systems/${name}`,
          credentialsName: `${name}-bmc-secret`,
        },
        bootMACAddress: '52:54:00:00:00:01',
      },
      status: {
        provisioning: { state },
        operationalStatus: 'OK',
        poweredOn,
      },
    } as BareMetalHost;
  }
}

/** A host's row on screen. */
export function hostRow(name: string): HTMLElement {
  return tableRow(`lab/${name}`);
}
