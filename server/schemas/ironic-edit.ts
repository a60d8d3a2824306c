/**
 * A live Ironic as the Ironic form's values, and the fields an edit cannot change. Pure.
 */
import type { Ironic } from '../types/crds/ironic';
import type { DocumentReading } from './document-problem';
import type { IronicForm } from './ironic-form';

/** Fixed after create: identity, and the database (the CRD's rule; Ironic's state lives there). */
export const IRONIC_FIXED_FIELDS: Record<string, string> = {
  namespace: 'an object cannot move to another namespace',
  name: 'a Kubernetes object cannot be renamed (its Deployment and Service are named after it)',
  'database.mode':
    'spec.databaseRef cannot be changed or removed once set (a CRD rule: the state lives there)',
  'database.name':
    'spec.databaseRef cannot be changed or removed once set (a CRD rule: the state lives there)',
};

/** A certificate is generated only when the Ironic is created; an edit picks an existing Secret. */
export const GENERATE_ONLY_AT_CREATE =
  'A certificate is generated only at create: choose an existing TLS Secret or no TLS';

/** The form's values of a live Ironic; fields the form has none for (images, credentials) are left out. */
export function ironicFormOf(ironic: Ironic): DocumentReading<IronicForm> {
  const spec = ironic.spec ?? {};
  const networking = spec.networking ?? {};
  const dhcp = networking.dhcp;
  return {
    ok: true,
    values: {
      namespace: ironic.metadata.namespace ?? '',
      name: ironic.metadata.name ?? '',
      tls: spec.tlsRef
        ? { mode: 'existing', secretName: spec.tlsRef.name, dnsName: '' }
        : { mode: 'none', secretName: '', dnsName: '' },
      database: spec.databaseRef
        ? { mode: 'existing', name: spec.databaseRef.name }
        : { mode: 'none', name: '' },
      networking: {
        ipAddress: networking.ipAddress ?? '',
        interface: networking.interface ?? '',
        dhcp: dhcp !== undefined,
        networkCIDR: dhcp?.networkCIDR ?? '',
        rangeBegin: dhcp?.rangeBegin ?? '',
        rangeEnd: dhcp?.rangeEnd ?? '',
      },
      ramdiskSSHKey: spec.ramdiskSSHKey ?? '',
    },
  };
}
