/**
 * Good and bad form inputs per kind, fed both to the form's zod schema and (as the objects the form
 * creates) to the API server's CRD schema and CEL rules by form-schema-agreement.int.test.ts. Each
 * case says which verdict both must reach; `formOnly` marks the few rules only the form can make,
 * with the reason: for those the form refuses and the API server accepts.
 */
import { defaultContrailGroupForm, type ContrailGroupForm } from '../server/schemas/contrail-group-form';
import { defaultIronicForm, type IronicForm } from '../server/schemas/ironic-form';
import { defaultPlacementForm, type PlacementForm } from '../server/schemas/placement-form';
import { KEY, validSipClusterForm } from '../server/schemas/sip-cluster-form-test-fixtures';
import type { SipClusterForm } from '../server/schemas/sip-cluster-form';

export interface AgreementCase<T> {
  name: string;
  edit: (form: T) => void;
  valid: boolean;
  /** Why only the form can check this: the form refuses, the API server accepts. */
  formOnly?: string;
}

const good = <T>(name: string, edit: (form: T) => void): AgreementCase<T> => ({ name, edit, valid: true });
const bad = <T>(name: string, edit: (form: T) => void, formOnly?: string): AgreementCase<T> => ({
  name,
  edit,
  valid: false,
  ...(formOnly ? { formOnly } : {}),
});

export function sipClusterBase(namespace: string): SipClusterForm {
  return { ...validSipClusterForm(), namespace };
}

export const sipClusterCases: AgreementCase<SipClusterForm>[] = [
  good('the defaults with a name, selectors and a Secret', () => undefined),
  good('a 37-character name', (f) => (f.name = 'a'.repeat(37))),
  good('Exists and DoesNotExist without values', (f) => {
    f.roles.Worker.matchExpressions = [
      { key: 'rackpilot.io/rack', operator: 'Exists', values: '' },
      { key: 'broken', operator: 'DoesNotExist', values: '' },
    ];
  }),
  good('a prefixed label key with an empty value', (f) => {
    f.roles.ControlPlane.matchLabels = [{ key: 'example.com/role', value: '' }];
  }),
  good('node ports at both ends of the range', (f) => {
    f.services.controlPlane.nodePort = 30000;
    f.services.worker.start = 30001;
    f.services.worker.end = 30010;
    f.services.jumpHost.nodePort = 32767;
  }),
  good('no worker hosts', (f) => (f.roles.Worker.active = 0)),
  good('an authorized key with options', (f) => (f.services.jumpHost.authorizedKeys = `no-pty ${KEY}`)),
  bad('an upper-case name', (f) => (f.name = 'Sub1')),
  bad('a name with a dot', (f) => (f.name = 'sub.1')),
  bad('a 38-character name', (f) => (f.name = 'a'.repeat(38))),
  bad('a name ending in "-"', (f) => (f.name = 'sub1-')),
  bad('a negative count', (f) => (f.roles.Worker.active = -1)),
  bad('a fractional count', (f) => (f.roles.Worker.standby = 1.5)),
  bad('a label key with a space', (f) => {
    f.roles.Worker.matchLabels = [{ key: 'bad key', value: 'x' }];
  }),
  bad('a label key prefix that is no DNS subdomain', (f) => {
    f.roles.Worker.matchLabels = [{ key: 'Example.com/role', value: 'x' }];
  }),
  bad('a label value with a space', (f) => {
    f.roles.Worker.matchLabels = [{ key: 'role', value: 'a b' }];
  }),
  bad('21 labels', (f) => {
    f.roles.Worker.matchLabels = Array.from({ length: 21 }, (_, index) => ({ key: `k${index}`, value: 'v' }));
  }),
  bad('In without values', (f) => {
    f.roles.Worker.matchExpressions = [{ key: 'rack', operator: 'In', values: '' }];
  }),
  bad('Exists with values', (f) => {
    f.roles.Worker.matchExpressions = [{ key: 'rack', operator: 'Exists', values: 'r1' }];
  }),
  bad('an expression value with a space', (f) => {
    f.roles.Worker.matchExpressions = [{ key: 'rack', operator: 'In', values: 'r 1' }];
  }),
  bad('a topology key with a space', (f) => (f.roles.ControlPlane.topologyKey = 'rack pilot')),
  bad('a worker range ending before it starts', (f) => {
    f.services.worker.start = 30020;
    f.services.worker.end = 30010;
  }),
  bad('the control-plane port inside the worker range', (f) => (f.services.controlPlane.nodePort = 30005)),
  bad('the jump host port inside the worker range', (f) => (f.services.jumpHost.nodePort = 30005)),
  bad('the jump host on the control-plane port', (f) => (f.services.jumpHost.nodePort = 30001)),
  bad('a port above 65535', (f) => (f.services.jumpHost.nodePort = 70_000)),
  bad('an image with a space', (f) => (f.services.worker.image = 'haproxy 2.3')),
  bad('an empty image', (f) => (f.services.jumpHost.image = '')),
  bad('an empty node interface id', (f) => (f.services.nodeInterfaceId = '')),
  bad('a node interface id with a space', (f) => (f.services.nodeInterfaceId = 'oam ipv4')),
  bad('no private-key Secret', (f) => (f.services.jumpHost.privateKeySecret = '')),
  bad('an upper-case private-key Secret', (f) => (f.services.jumpHost.privateKeySecret = 'Keys')),
  bad('a line that is no public key', (f) => (f.services.jumpHost.authorizedKeys = `${KEY}\nssh-rsa nope`)),
  bad('a key line over 16384 characters', (f) => {
    f.services.jumpHost.authorizedKeys = `${KEY} ${'c'.repeat(16_400)}`;
  }),
  bad(
    'a node port below 30000',
    (f) => (f.services.controlPlane.nodePort = 80),
    "the node-port range is the API server's --service-node-port-range, a cluster setting the CRD cannot know; the form holds the default",
  ),
  bad(
    'no role asks for hosts',
    (f) => (f.roles.ControlPlane.active = f.roles.Worker.active = 0),
    'an object with no hosts is valid (scaled to zero); creating one from the form is a mistake',
  ),
  bad(
    '501 hosts for one role',
    (f) => (f.roles.Worker.active = 501),
    'a guard against typing mistakes; a larger cluster is not an invalid object',
  ),
  bad(
    'the same label key twice',
    (f) => {
      f.roles.Worker.matchLabels = [
        { key: 'rack', value: 'r1' },
        { key: 'rack', value: 'r2' },
      ];
    },
    'matchLabels is a map: the object cannot hold the second entry, the form would silently drop one',
  ),
];

export function ironicBase(namespace: string): IronicForm {
  const form = defaultIronicForm();
  form.namespace = namespace;
  form.name = 'lab';
  form.tls.dnsName = 'ironic.lab.example';
  form.database.name = 'lab-db';
  return form;
}

const dhcp = (form: IronicForm) => {
  form.networking = {
    ipAddress: '10.89.0.1',
    interface: '',
    dhcp: true,
    networkCIDR: '10.89.0.0/24',
    rangeBegin: '10.89.0.10',
    rangeEnd: '10.89.0.100',
  };
};

export const ironicCases: AgreementCase<IronicForm>[] = [
  good('a generated certificate and a new database', () => undefined),
  good('no TLS and SQLite', (f) => {
    f.tls.mode = 'none';
    f.database = { mode: 'none', name: '' };
  }),
  good('an existing TLS Secret and database', (f) => {
    f.tls = { mode: 'existing', secretName: 'lab-tls', dnsName: '' };
    f.database = { mode: 'existing', name: 'shared-db' };
  }),
  good('a 55-character name', (f) => (f.name = 'a'.repeat(55))),
  good('DHCP with a range', dhcp),
  good('DHCP without a range (the controller picks one)', (f) => {
    dhcp(f);
    f.networking.rangeBegin = f.networking.rangeEnd = '';
  }),
  good('IPv6 DHCP', (f) => {
    f.networking = {
      ipAddress: 'fd00::1',
      interface: 'eno2',
      dhcp: true,
      networkCIDR: 'fd00::/64',
      rangeBegin: 'fd00::10',
      rangeEnd: 'fd00::ff',
    };
  }),
  good('a ramdisk SSH key', (f) => (f.ramdiskSSHKey = KEY)),
  bad('an upper-case name', (f) => (f.name = 'Lab')),
  bad('a name starting with a digit', (f) => (f.name = '1lab')),
  bad('a name with a dot', (f) => (f.name = 'lab.one')),
  bad('a 56-character name', (f) => (f.name = 'a'.repeat(56))),
  bad('no database name', (f) => (f.database.name = '')),
  bad('a database name starting with a digit', (f) => (f.database.name = '1db')),
  bad('a 55-character database name', (f) => (f.database.name = 'd'.repeat(55))),
  bad('an existing database without a name', (f) => (f.database = { mode: 'existing', name: '' })),
  bad('no TLS Secret chosen', (f) => (f.tls = { mode: 'existing', secretName: '', dnsName: '' })),
  bad('an upper-case TLS Secret', (f) => (f.tls = { mode: 'existing', secretName: 'Lab-TLS', dnsName: '' })),
  bad('an interface name with a space', (f) => (f.networking.interface = 'eth 0')),
  bad('a 16-character interface name', (f) => (f.networking.interface = 'e'.repeat(16))),
  bad('a provisioning IP that is no address', (f) => (f.networking.ipAddress = 'nope')),
  bad('DHCP without a provisioning IP', (f) => {
    dhcp(f);
    f.networking.ipAddress = '';
  }),
  bad('DHCP without a network', (f) => {
    dhcp(f);
    f.networking.networkCIDR = '';
  }),
  bad('a network that is no CIDR', (f) => {
    dhcp(f);
    f.networking.networkCIDR = '10.89.0.0/33';
  }),
  bad('a range outside the network', (f) => {
    dhcp(f);
    f.networking.rangeEnd = '10.89.1.100';
  }),
  bad('a reversed range', (f) => {
    dhcp(f);
    f.networking.rangeBegin = '10.89.0.100';
    f.networking.rangeEnd = '10.89.0.20';
  }),
  bad('a provisioning IP outside the network', (f) => {
    dhcp(f);
    f.networking.ipAddress = '10.90.0.1';
  }),
  good('a ramdisk key upstream takes as it is', (f) => (f.ramdiskSSHKey = '<YOUR SSH PUBLIC KEY HERE>')),
  bad('a ramdisk key with a double quote', (f) => (f.ramdiskSSHKey = 'ssh-ed25519 "AAAA"')),
  bad(
    'no DNS name for the certificate',
    (f) => (f.tls.dnsName = ''),
    'the DNS name goes into the generated certificate, which the API server does not read',
  ),
  bad(
    'a certificate DNS name with a space',
    (f) => (f.tls.dnsName = 'ironic lab'),
    'the DNS name goes into the generated certificate, which the API server does not read',
  ),
];

export function contrailGroupBase(namespace: string): ContrailGroupForm {
  const form = defaultContrailGroupForm();
  form.namespace = namespace;
  form.manager = 'cluster1';
  form.name = 'vrouter-dpdk-group1';
  form.gateway = '1.1.1.1';
  form.nodeSelector = [
    { key: 'node-role.kubernetes.io/infra', value: '' },
    { key: 'nicType', value: 'x710' },
  ];
  form.knownProfiles = [
    { name: 'kernelmode-profile1', spec: { kernelModeConfiguration: {} } },
    { name: 'other-profile1', spec: { otherConfig: { moreConfig: { log_level: 'SYS_NOTICE' } } } },
  ];
  form.newProfile = {
    ...form.newProfile,
    enabled: true,
    name: 'dpdk-profile1',
    mode: 'dpdk',
    coreMask: '0xF',
  };
  form.profiles = ['dpdk-profile1', 'other-profile1'];
  return form;
}

export const contrailGroupCases: AgreementCase<ContrailGroupForm>[] = [
  good("the design's DPDK group with a new profile", () => undefined),
  good('hugepages and CPU pinning', (f) => {
    f.newProfile.hugepages2M = 1024;
    f.newProfile.hugepages1G = 10;
    f.newProfile.cpuPinning = '2-5,8';
  }),
  good('an SR-IOV profile with mappings', (f) => {
    f.newProfile = {
      ...f.newProfile,
      mode: 'sriov',
      name: 'sriov-profile1',
      numberOfVfs: 7,
      vfMappings: 'vf1, vf2',
    };
    f.profiles = ['sriov-profile1'];
  }),
  good('a kernel-mode group with an existing profile', (f) => {
    f.newProfile.enabled = false;
    f.profiles = ['kernelmode-profile1', 'other-profile1'];
  }),
  good('an IPv6 gateway', (f) => (f.gateway = 'fd00::1')),
  good('a Control the Manager declares', (f) => {
    f.knownControls = ['control1'];
    f.controlInstance = 'control1';
  }),
  good(
    'a toleration',
    (f) => (f.tolerations = [{ key: '', operator: 'Exists', value: '', effect: 'NoSchedule' }]),
  ),
  bad('a group name with a space', (f) => (f.name = 'vrouter-sriov-group 1')),
  bad('an upper-case group name', (f) => (f.name = 'Group1')),
  bad('a profile that is defined nowhere', (f) => f.profiles.push('missing-profile')),
  bad('DPDK and kernel mode in one group', (f) => f.profiles.push('kernelmode-profile1')),
  bad('a zero core mask', (f) => (f.newProfile.coreMask = '0x00')),
  bad('a core mask that is not hex', (f) => (f.newProfile.coreMask = 'F')),
  bad('a gateway that is no IP', (f) => (f.gateway = '1.1.1')),
  bad('a profile name with a space', (f) => {
    f.newProfile.name = 'dpdk profile';
    f.profiles = ['dpdk profile'];
  }),
  bad('a CPU list with letters', (f) => (f.newProfile.cpuPinning = 'two')),
  bad('0 VFs', (f) => {
    f.newProfile = { ...f.newProfile, mode: 'sriov', numberOfVfs: 0 };
  }),
  bad('nine profiles', (f) => {
    f.knownProfiles.push(
      ...Array.from({ length: 8 }, (_, i) => ({ name: `o${i}`, spec: { otherConfig: {} } })),
    );
    f.profiles = ['dpdk-profile1', ...Array.from({ length: 8 }, (_, i) => `o${i}`)];
  }),
];

export function placementBase(namespace: string): PlacementForm {
  return { ...defaultPlacementForm(), namespace, secret: 'osp-secret' };
}

const SECRET_EXISTS = 'the API server does not look up referenced Secrets; the form checks names';

export const placementCases: AgreementCase<PlacementForm>[] = [
  good('the defaults with a Secret', () => undefined),
  good('0 replicas', (f) => (f.replicas = 0)),
  good('32 replicas', (f) => (f.replicas = 32)),
  good('a MetalLB internal endpoint and a public URL', (f) => {
    f.internal.type = 'LoadBalancer';
    f.internal.annotations = 'metallb.universe.tf/address-pool=osp-internalapi';
    f.public.endpointURL = 'http://placement-openstack.apps-crc.testing';
  }),
  good('TLS Secrets and a CA bundle', (f) => {
    f.internal.tlsSecret = 'cert-internal-svc';
    f.public.tlsSecret = 'cert-public-svc';
    f.caBundleSecret = 'combined-ca-bundle';
  }),
  good('network attachments and customServiceConfig', (f) => {
    f.networkAttachments = 'internalapi\nstorage';
    f.customServiceConfig = '[DEFAULT]\ndebug = true\n';
  }),
  bad('33 replicas', (f) => (f.replicas = 33)),
  bad('-1 replicas', (f) => (f.replicas = -1)),
  bad('an upper-case name', (f) => (f.name = 'Placement')),
  bad('no database instance', (f) => (f.databaseInstance = '')),
  bad('no Secret', (f) => (f.secret = '')),
  bad('an endpoint URL that is not http(s)', (f) => (f.public.endpointURL = 'ftp://placement.example')),
  bad('a TLS Secret name with a space', (f) => (f.internal.tlsSecret = 'cert internal'), SECRET_EXISTS),
];
