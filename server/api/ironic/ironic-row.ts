import { ironicApiServicePort, ironicPorts } from '../../controllers/ironic';
import type { Ironic } from '../../types/crds/ironic';
import type { IronicDatabase } from '../../types/crds/ironic-database';
import { isoTime } from '../iso-time';
import { readyView, type ReadyView } from '../ready-view';

export interface DatabaseLinkView {
  name: string;
  ready: ReadyView;
}

/** One line of the Ironic table. */
export interface IronicRow {
  key: string;
  namespace: string;
  name: string;
  resourceVersion: string;
  ready: ReadyView;
  /** Where clients reach the API. */
  endpoint: string;
  /** Undefined: Ironic runs on SQLite. */
  database?: DatabaseLinkView;
  /** `begin–end` of the DHCP range, when Ironic serves DHCP. */
  dhcpRange?: string;
  createdAt?: string;
  deleting: boolean;
}

export function ironicReady(ironic: Ironic): ReadyView {
  return readyView(ironic, 'The Ironic controller has not written a Ready condition yet');
}

export function databaseReady(database: IronicDatabase | undefined): ReadyView {
  if (!database) {
    return {
      status: 'False',
      reason: 'NotFound',
      message: 'The IronicDatabase does not exist',
      outdated: false,
    };
  }
  return readyView(database, 'The IronicDatabase controller has not written a Ready condition yet');
}

/**
 * The API address: the external or provisioning IP on the API port (Ironic runs on the host
 * network), otherwise the Service named after the Ironic.
 */
export function ironicEndpoint(ironic: Ironic): string {
  return ironicNodeEndpoint(ironic) ?? ironicServiceEndpoint(ironic).url;
}

/** Where the API listens on its node (host networking), when the spec names the node's address. */
export function ironicNodeEndpoint(ironic: Ironic): string | undefined {
  const spec = ironic.spec ?? {};
  const host = spec.networking?.externalIP ?? spec.networking?.ipAddress;
  if (host === undefined) return undefined;
  return `${apiScheme(ironic)}://${host.includes(':') ? `[${host}]` : host}:${ironicPorts(ironic).api}`;
}

/** The API through the Service the controller creates: 443 with TLS (else 80) forwarded to the API port. */
export function ironicServiceEndpoint(ironic: Ironic): { url: string; port: number; targetPort: number } {
  return {
    url: `${apiScheme(ironic)}://${ironic.metadata.name ?? ''}.${ironic.metadata.namespace ?? ''}.svc`,
    port: ironicApiServicePort(apiScheme(ironic) === 'https'),
    targetPort: ironicPorts(ironic).api,
  };
}

function apiScheme(ironic: Ironic): 'https' | 'http' {
  return ironic.spec?.tlsRef ? 'https' : 'http';
}

export function dhcpRangeText(ironic: Ironic): string | undefined {
  const dhcp = ironic.spec?.networking?.dhcp;
  if (!dhcp) return undefined;
  if (dhcp.rangeBegin && dhcp.rangeEnd) return `${dhcp.rangeBegin}–${dhcp.rangeEnd}`;
  return `default range in ${dhcp.networkCIDR}`;
}

export type DatabaseLookup = (namespace: string, name: string) => IronicDatabase | undefined;

export function buildIronicRow(ironic: Ironic, database: DatabaseLookup): IronicRow {
  const { name = '', namespace = '', resourceVersion = '' } = ironic.metadata;
  const databaseName = ironic.spec?.databaseRef?.name;
  return {
    key: `${namespace}/${name}`,
    namespace,
    name,
    resourceVersion,
    ready: ironicReady(ironic),
    endpoint: ironicEndpoint(ironic),
    database: databaseName
      ? { name: databaseName, ready: databaseReady(database(namespace, databaseName)) }
      : undefined,
    dhcpRange: dhcpRangeText(ironic),
    createdAt: isoTime(ironic.metadata.creationTimestamp),
    deleting: Boolean(ironic.metadata.deletionTimestamp),
  };
}
