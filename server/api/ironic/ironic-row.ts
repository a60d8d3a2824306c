import { DEFAULT_PORTS } from '../../controllers/ironic';
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
  const spec = ironic.spec ?? {};
  const scheme = spec.tlsRef ? 'https' : 'http';
  const host = spec.networking?.externalIP ?? spec.networking?.ipAddress;
  if (host === undefined)
    return `${scheme}://${ironic.metadata.name ?? ''}.${ironic.metadata.namespace ?? ''}.svc`;
  const port = spec.networking?.apiPort ?? DEFAULT_PORTS.api;
  return `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}`;
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
