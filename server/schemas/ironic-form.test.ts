import { describe, expect, it } from 'vitest';
import {
  inFormWords,
  defaultIronicForm,
  ironicFormSchema,
  objectsFromIronicForm,
  suggestedDhcpRange,
  type IronicForm,
} from './ironic-form';
import { fieldErrorsOf } from './field-errors';

function validateIronicForm(values: unknown) {
  const result = ironicFormSchema.safeParse(values);
  return result.success ? {} : fieldErrorsOf(result.error.issues);
}

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICR9yyVYlNW7MKMcwStmGY7N+qJy2kJ6/pNgH/h3kiWz ironic-debug';

function form(edit: (draft: IronicForm) => void = () => undefined): IronicForm {
  const draft = defaultIronicForm();
  draft.namespace = 'metal';
  draft.name = 'lab';
  draft.tls.dnsName = 'ironic.lab.example';
  draft.database.name = 'lab-db';
  draft.networking = {
    ipAddress: '10.89.0.1',
    interface: '',
    dhcp: true,
    networkCIDR: '10.89.0.1/24',
    rangeBegin: '10.89.0.10',
    rangeEnd: '10.89.0.100',
  };
  edit(draft);
  return draft;
}

describe("ironicFormSchema: the CRD's rules, its messages in the form's words", () => {
  it.each<[string, (draft: IronicForm) => void, Record<string, string>]>([
    ['the acceptance example', () => undefined, {}],
    ['with an SSH key', (d) => (d.ramdiskSSHKey = KEY), {}],
    [
      'range outside the CIDR',
      (d) => (d.networking.rangeEnd = '10.89.1.100'),
      {
        'networking.rangeEnd': 'Range end must be inside Network CIDR',
      },
    ],
    [
      'reversed range',
      (d) => {
        d.networking.rangeBegin = '10.89.0.100';
        d.networking.rangeEnd = '10.89.0.20';
      },
      {
        'networking.rangeBegin': 'Range begin must not be greater than Range end',
      },
    ],
    [
      'provisioning IP outside the network',
      (d) => (d.networking.ipAddress = '10.90.0.1'),
      { 'networking.ipAddress': 'Provisioning IP must be inside Network CIDR' },
    ],
    [
      'DHCP without IP',
      (d) => (d.networking.ipAddress = ''),
      { 'networking.dhcp': 'DHCP requires Provisioning IP' },
    ],
    [
      // The controller hands out the 10th to the second-to-last address then.
      'DHCP without range',
      (d) => {
        d.networking.rangeBegin = '';
        d.networking.rangeEnd = '';
      },
      {},
    ],
    [
      'an SSH key with a double quote',
      (d) => (d.ramdiskSSHKey = 'ssh-ed25519 "AAAA"'),
      {
        ramdiskSSHKey:
          'SSH public key must be one line without double quotes: the ramdisk receives it as a quoted kernel parameter',
      },
    ],
    [
      'a name with a dot',
      (d) => (d.name = 'lab.one'),
      { name: expect.stringContaining('Lower-case letters') as string },
    ],
    [
      'no DNS name for the certificate',
      (d) => (d.tls.dnsName = ''),
      { 'tls.dnsName': expect.stringContaining('DNS name') as string },
    ],
    ['no TLS Secret chosen', (d) => (d.tls.mode = 'existing'), { 'tls.secretName': 'Choose a TLS Secret' }],
    ['no database name', (d) => (d.database.name = ''), { 'database.name': 'Enter the IronicDatabase name' }],
    [
      'SQLite needs no database name',
      (d) => {
        d.database.mode = 'none';
        d.database.name = '';
      },
      {},
    ],
  ])('%s', (_, edit, errors) => {
    expect(validateIronicForm(form(edit))).toEqual(errors);
  });
});

describe('objectsFromIronicForm', () => {
  it('creates a TLS Secret name, the IronicDatabase and the Ironic that refers to both', () => {
    const objects = objectsFromIronicForm(form((d) => (d.ramdiskSSHKey = `${KEY}\n`)));
    expect(objects.generatedTls).toEqual({ secretName: 'lab-tls', dnsName: 'ironic.lab.example' });
    expect(objects.database?.metadata).toEqual({ name: 'lab-db', namespace: 'metal' });
    expect(objects.ironic.spec).toEqual({
      tlsRef: { name: 'lab-tls' },
      databaseRef: { name: 'lab-db' },
      networking: {
        ipAddress: '10.89.0.1',
        dhcp: { networkCIDR: '10.89.0.1/24', rangeBegin: '10.89.0.10', rangeEnd: '10.89.0.100' },
      },
      ramdiskSSHKey: KEY,
    });
  });

  it('leaves out what the form leaves empty', () => {
    const objects = objectsFromIronicForm(
      form((d) => {
        d.tls.mode = 'none';
        d.database.mode = 'none';
        d.networking.dhcp = false;
        d.networking.ipAddress = '';
      }),
    );
    expect(objects).toEqual({
      ironic: {
        apiVersion: 'metal3.io/v1alpha1',
        kind: 'Ironic',
        metadata: { name: 'lab', namespace: 'metal' },
        spec: {},
      },
    });
  });
});

describe('suggestedDhcpRange', () => {
  it.each([
    ['10.89.0.1/24', { begin: '10.89.0.10', end: '10.89.0.254' }],
    ['192.168.0.0/30', { begin: '192.168.0.1', end: '192.168.0.2' }],
    ['fd2e::/64', { begin: 'fd2e::a', end: 'fd2e::ffff:ffff:ffff:fffe' }],
    ['not a cidr', undefined],
  ])('%s', (cidr, range) => {
    expect(suggestedDhcpRange(cidr)).toEqual(range);
  });
});

describe('inFormWords', () => {
  it.each([
    [
      'spec.networking.dhcp.rangeEnd must be inside spec.networking.dhcp.networkCIDR',
      'Range end must be inside Network CIDR',
    ],
    ['spec.tlsRef.name: Required value', 'TLS Secret: Required value'],
    // A path the form has no field for stays as the API server wrote it, whole.
    [
      'spec.networking.dhcp.dnsAddress cannot be set together with spec.networking.dhcp.serveDNS',
      'spec.networking.dhcp.dnsAddress cannot be set together with spec.networking.dhcp.serveDNS',
    ],
    [
      'spec.databaseRef is required when spec.highAvailability is true',
      'IronicDatabase is required when spec.highAvailability is true',
    ],
  ])('%s → %s', (message, words) => {
    expect(inFormWords(message)).toBe(words);
  });
});
