/**
 * The "new Ironic" form: one zod schema shared by the browser form and the tRPC mutation, and the
 * conversion from form values to the objects it creates. The Ironic spec rules come from
 * ironic-spec-rules.ts, the same rules (and messages) as the CRD's CEL. Pure: no server imports
 * beyond types.
 */
import { z } from 'zod';
import { plainString } from './control-characters';
import type { Ironic, IronicSpec } from '../types/crds/ironic';
import type { IronicDatabase } from '../types/crds/ironic-database';
import { addressInCidr, parseCidr } from './ip-address';
import { ironicSpecProblems } from './ironic-spec-rules';
import { DNS1035_LABEL, DNS1123_SUBDOMAIN, namespaceFieldSchema, objectNameFieldSchema } from './kube-names';

export const TLS_MODES = ['none', 'existing', 'generate'] as const;
export const DATABASE_MODES = ['none', 'new', 'existing'] as const;

/** The Deployment is `<name>-service` and a label value is at most 63 characters. */
export const IRONIC_NAME_MAX = 63 - '-service'.length;
/** The database's Deployment and Service are `<name>-database`. */
export const DATABASE_NAME_MAX = 63 - '-database'.length;

const HOSTNAME = /^(\*\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/i;
const INTERFACE = /^[A-Za-z0-9][-A-Za-z0-9_.:@]*$/;

const optionalText = (max: number, message: string) => plainString().trim().max(max, message);

export const ironicFormSchema = z
  .object({
    namespace: namespaceFieldSchema,
    name: objectNameFieldSchema(
      IRONIC_NAME_MAX,
      'its Deployment is <name>-service, and the Service named after it must be a DNS-1035 label',
      DNS1035_LABEL,
    ),
    tls: z.object({
      mode: z.enum(TLS_MODES, { error: 'Choose how Ironic gets its certificate' }),
      /** mode existing: a kubernetes.io/tls Secret in the namespace. */
      secretName: optionalText(253, 'A Secret name is at most 253 characters'),
      /** mode generate: the DNS name the self-signed certificate is issued for. */
      dnsName: optionalText(253, 'A DNS name is at most 253 characters'),
    }),
    database: z.object({
      mode: z.enum(DATABASE_MODES, { error: 'Choose where Ironic keeps its state' }),
      name: optionalText(253, 'A name is at most 253 characters'),
    }),
    networking: z.object({
      ipAddress: optionalText(45, 'An IP address is at most 45 characters'),
      interface: optionalText(15, 'A Linux interface name is at most 15 characters'),
      dhcp: z.boolean(),
      networkCIDR: optionalText(49, 'A CIDR is at most 49 characters'),
      rangeBegin: optionalText(45, 'An IP address is at most 45 characters'),
      rangeEnd: optionalText(45, 'An IP address is at most 45 characters'),
    }),
    ramdiskSSHKey: optionalText(16_384, 'An SSH public key is at most 16384 characters'),
  })
  .superRefine((form, ctx) => {
    const issue = (path: string[], message: string) => {
      ctx.addIssue({ code: 'custom', path, message });
    };
    if (form.tls.mode === 'existing') {
      if (form.tls.secretName === '') issue(['tls', 'secretName'], 'Choose a TLS Secret');
      else if (!DNS1123_SUBDOMAIN.test(form.tls.secretName))
        issue(['tls', 'secretName'], 'Not a valid Secret name');
    }
    if (form.tls.mode === 'generate') {
      if (form.tls.dnsName === '')
        issue(['tls', 'dnsName'], 'Enter the DNS name clients use to reach Ironic');
      else if (!HOSTNAME.test(form.tls.dnsName))
        issue(['tls', 'dnsName'], 'Not a DNS name (letters, digits, "-" and ".")');
    }
    if (form.database.mode !== 'none') {
      const name = form.database.name;
      if (name === '') issue(['database', 'name'], 'Enter the IronicDatabase name');
      else if (name.length > DATABASE_NAME_MAX)
        issue(
          ['database', 'name'],
          `At most ${DATABASE_NAME_MAX} characters (its Service is <name>-database)`,
        );
      else if (!DNS1035_LABEL.test(name))
        issue(
          ['database', 'name'],
          'Lower-case letters, digits and "-" only, starting with a letter and not ending with "-"',
        );
    }
    if (form.networking.interface !== '' && !INTERFACE.test(form.networking.interface))
      issue(['networking', 'interface'], 'Not a Linux interface name');
    if (form.networking.dhcp) {
      if (form.networking.networkCIDR === '')
        issue(['networking', 'networkCIDR'], 'Enter the provisioning network, e.g. 10.89.0.0/24');
    }
    for (const problem of ironicSpecProblems(ironicSpecFromForm(form))) {
      const field = formFieldOfSpecPath(problem.field);
      if (field) issue(field.split('.'), inFormWords(problem.message));
    }
  });

export type IronicForm = z.input<typeof ironicFormSchema>;

export function defaultIronicForm(): IronicForm {
  return {
    namespace: '',
    name: '',
    tls: { mode: 'generate', secretName: '', dnsName: '' },
    database: { mode: 'new', name: '' },
    networking: {
      ipAddress: '',
      interface: '',
      dhcp: false,
      networkCIDR: '',
      rangeBegin: '',
      rangeEnd: '',
    },
    ramdiskSSHKey: '',
  };
}

const FORM_FIELDS: Record<string, string> = {
  'spec.networking.ipAddress': 'networking.ipAddress',
  'spec.networking.interface': 'networking.interface',
  'spec.networking.dhcp': 'networking.dhcp',
  'spec.networking.dhcp.networkCIDR': 'networking.networkCIDR',
  'spec.networking.dhcp.rangeBegin': 'networking.rangeBegin',
  'spec.networking.dhcp.rangeEnd': 'networking.rangeEnd',
  'spec.ramdiskSSHKey': 'ramdiskSSHKey',
  'spec.tlsRef': 'tls.secretName',
  'spec.tlsRef.name': 'tls.secretName',
  'spec.databaseRef': 'database.name',
  'spec.databaseRef.name': 'database.name',
  'metadata.name': 'name',
  'metadata.namespace': 'namespace',
};

/** The form's fields as their labels name them, for messages in the user's words. */
export const IRONIC_FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  namespace: 'Namespace',
  'tls.secretName': 'TLS Secret',
  'database.name': 'IronicDatabase',
  'networking.ipAddress': 'Provisioning IP',
  'networking.interface': 'Interface',
  'networking.dhcp': 'DHCP',
  'networking.networkCIDR': 'Network CIDR',
  'networking.rangeBegin': 'Range begin',
  'networking.rangeEnd': 'Range end',
  ramdiskSSHKey: 'SSH public key',
};

/** Each path the form has a field for, matched whole: `spec.networking.dhcp` not inside a longer path. */
const SPEC_PATHS = Object.entries(FORM_FIELDS).flatMap(([path, field]) => {
  const label = IRONIC_FIELD_LABELS[field];
  const whole = new RegExp(`${path.replaceAll('.', '\\.')}(?![\\w.])`, 'g');
  return label ? [{ whole, label }] : [];
});

/**
 * A rule's message (the CRD's CEL wording, which names API paths) with each path the form has a field
 * for replaced by that field's label: "Range end must be inside Network CIDR".
 */
export function inFormWords(message: string): string {
  return SPEC_PATHS.reduce((words, { whole, label }) => words.replace(whole, label), message);
}

/** The form field that holds an object path the API server (or the spec rules) names. */
export function formFieldOfSpecPath(path: string): string | undefined {
  return FORM_FIELDS[path.replace(/^\./, '')];
}

/** The name of the Secret a "generate a self-signed certificate" form creates. */
export function generatedTlsSecretName(ironicName: string): string {
  return `${ironicName}-tls`;
}

function tlsSecretOf(form: IronicForm): string | undefined {
  if (form.tls.mode === 'existing') return form.tls.secretName.trim();
  if (form.tls.mode === 'generate') return generatedTlsSecretName(form.name.trim());
  return undefined;
}

/**
 * The Ironic spec the form describes (also for forms still being filled in: the DHCP helper). A
 * chosen TLS Secret or database is referenced even while its name is empty, so the API server
 * refuses what the form refuses.
 */
export function ironicSpecFromForm(form: IronicForm): IronicSpec {
  const spec: IronicSpec = {};
  const tls = tlsSecretOf(form);
  if (tls !== undefined) spec.tlsRef = { name: tls };
  if (form.database.mode !== 'none') spec.databaseRef = { name: form.database.name.trim() };
  const networking = form.networking;
  const ipAddress = networking.ipAddress.trim();
  const iface = networking.interface.trim();
  if (ipAddress !== '' || iface !== '' || networking.dhcp) {
    spec.networking = {
      ...(ipAddress !== '' ? { ipAddress } : {}),
      ...(iface !== '' ? { interface: iface } : {}),
      ...(networking.dhcp
        ? {
            dhcp: {
              networkCIDR: networking.networkCIDR.trim(),
              ...(networking.rangeBegin.trim() !== '' ? { rangeBegin: networking.rangeBegin.trim() } : {}),
              ...(networking.rangeEnd.trim() !== '' ? { rangeEnd: networking.rangeEnd.trim() } : {}),
            },
          }
        : {}),
    };
  }
  const key = form.ramdiskSSHKey.trim();
  if (key !== '') spec.ramdiskSSHKey = key;
  return spec;
}

export interface IronicFormObjects {
  ironic: Ironic;
  /** Only when the form asks for a new IronicDatabase. */
  database?: IronicDatabase;
  /** Only when the form asks for a self-signed certificate: the Secret to generate it into. */
  generatedTls?: { secretName: string; dnsName: string };
}

/** Everything a valid form creates, in creation order: TLS Secret, IronicDatabase, Ironic. */
export function objectsFromIronicForm(form: IronicForm): IronicFormObjects {
  const namespace = form.namespace.trim();
  const name = form.name.trim();
  const objects: IronicFormObjects = {
    ironic: {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'Ironic',
      metadata: { name, namespace },
      spec: ironicSpecFromForm(form),
    },
  };
  if (form.database.mode === 'new') {
    objects.database = {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'IronicDatabase',
      metadata: { name: form.database.name.trim(), namespace },
      spec: {},
    };
  }
  if (form.tls.mode === 'generate') {
    objects.generatedTls = { secretName: generatedTlsSecretName(name), dnsName: form.tls.dnsName.trim() };
  }
  return objects;
}

/**
 * What the DHCP helper suggests for a network: from the 10th address to the second-to-last one
 * (the controller's defaults for a range left empty), or undefined when the text is no CIDR.
 */
export function suggestedDhcpRange(networkCIDR: string): { begin: string; end: string } | undefined {
  const cidr = parseCidr(networkCIDR.trim());
  if (!cidr) return undefined;
  return defaultDhcpRange(cidr);
}

/**
 * The controller's range for a DHCP section without rangeBegin/rangeEnd (upstream's webhook filled
 * them in): the 10th address to the second-to-last, or the whole usable network when it is small.
 */
export function defaultDhcpRange(cidr: NonNullable<ReturnType<typeof parseCidr>>): {
  begin: string;
  end: string;
} {
  const hostBits = cidr.address.bytes.length * 8 - cidr.prefix;
  if (hostBits <= 1) return { begin: addressInCidr(cidr, 0), end: addressInCidr(cidr, -1) };
  const small = hostBits < 5;
  return { begin: addressInCidr(cidr, small ? 1 : 10), end: addressInCidr(cidr, -2) };
}
