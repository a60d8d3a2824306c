/**
 * The click-to-provision form: one zod schema shared by the browser form and the `hardware.provision`
 * mutation, plus the fixed choices it offers. Pure: zod and other pure schemas only.
 */
import { z } from 'zod';
import { plainString } from './control-characters';
import { compareIps, cidrContains, parseCidr, parseIp } from './ip-address';
import { DNS1123_LABEL, namespaceFieldSchema, objectNameFieldSchema } from './kube-names';
import type { FieldErrors } from './field-errors';
import { macFieldSchema } from './hardware-list';
import { bootProfileNameSchema } from './boot-profile';

/**
 * The boot profile (PlunderMachine spec.deploymentType) a machine installs with when none is named.
 * Any usable profile of the table may be named; the server checks it (server/api/hardware/provision.ts).
 */
export const DEFAULT_DEPLOYMENT_PROFILE = 'preseed';

export const MACHINE_ROLES = ['control-plane', 'worker'] as const;
export type MachineRole = (typeof MACHINE_ROLES)[number];

/** Kubernetes versions the installer profiles know how to install, newest first. */
export const KUBERNETES_VERSIONS = ['v1.34.4', 'v1.33.8', 'v1.32.12'] as const;
export const DEFAULT_KUBERNETES_VERSION = KUBERNETES_VERSIONS[0];

/** At most this many machines per provision call (one bulk selection). */
export const MAX_PROVISION_MACS = 100;
/** Machine names get `-<n>` appended for bulk provisioning; host names are DNS labels. */
export const HOSTNAME_MAX = 58;

const ipField = z
  .string()
  .trim()
  .refine((value) => parseIp(value) !== undefined, 'Enter an IPv4 or IPv6 address, e.g. 10.0.0.21');
const cidrField = z
  .string()
  .trim()
  .refine((value) => parseCidr(value) !== undefined, 'Enter a subnet in CIDR form, e.g. 10.0.0.0/24');

/** A new PlunderCluster created with the machines: its subnet, gateway and allocation pool. */
export const newClusterSchema = z
  .object({
    name: objectNameFieldSchema(63, 'a Kubernetes name'),
    subnet: cidrField,
    gateway: ipField.optional(),
    poolStart: ipField.optional(),
    poolEnd: ipField.optional(),
  })
  .superRefine((cluster, context) => {
    const subnet = parseCidr(cluster.subnet);
    if (!subnet) return;
    for (const field of ['gateway', 'poolStart', 'poolEnd'] as const) {
      const ip = cluster[field] === undefined ? undefined : parseIp(cluster[field]);
      if (ip && !cidrContains(subnet, ip)) {
        context.addIssue({ code: 'custom', path: [field], message: `Must be inside ${cluster.subnet}` });
      }
    }
    if ((cluster.poolStart === undefined) !== (cluster.poolEnd === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [cluster.poolStart === undefined ? 'poolStart' : 'poolEnd'],
        message: 'Give both ends of the pool, or neither to use the whole subnet',
      });
    }
    const start = cluster.poolStart === undefined ? undefined : parseIp(cluster.poolStart);
    const end = cluster.poolEnd === undefined ? undefined : parseIp(cluster.poolEnd);
    if (start && end && (start.family !== end.family || compareIps(start, end) > 0)) {
      context.addIssue({
        code: 'custom',
        path: ['poolEnd'],
        message: 'The pool must end at or after its start',
      });
    }
  });
export type NewCluster = z.output<typeof newClusterSchema>;

export const provisionInputSchema = z
  .object({
    /** MACs in any spelling; normalised to aa:bb:cc:dd:ee:ff, duplicates refused. */
    macs: z
      .array(macFieldSchema)
      .min(1, 'Select at least one machine')
      .max(MAX_PROVISION_MACS, `At most ${MAX_PROVISION_MACS} machines at once`),
    namespace: namespaceFieldSchema,
    /** An existing PlunderCluster by name, or a new one created first. */
    cluster: z.discriminatedUnion('mode', [
      z.object({ mode: z.literal('existing'), name: objectNameFieldSchema(63, 'a Kubernetes name') }),
      z.object({ mode: z.literal('new'), cluster: newClusterSchema }),
    ]),
    role: z.enum(MACHINE_ROLES),
    /** A boot profile by name (`bootProfiles.list`); it must exist and be usable for an install. */
    profile: bootProfileNameSchema.shape.name.default(DEFAULT_DEPLOYMENT_PROFILE),
    /** Host name (and PlunderMachine name); with several MACs a prefix: `<hostname>-1`, `-2`, … */
    hostname: plainString()
      .trim()
      .max(HOSTNAME_MAX, `At most ${HOSTNAME_MAX} characters`)
      .regex(DNS1123_LABEL, 'Lower-case letters, digits and "-" only, not at either end')
      .optional(),
    /** Only with one MAC; empty → allocated from the cluster's pool. */
    ip: ipField.optional(),
    kubernetesVersion: z.enum(KUBERNETES_VERSIONS).default(DEFAULT_KUBERNETES_VERSION),
  })
  .superRefine((input, context) => {
    const seen = new Set<string>();
    input.macs.forEach((mac, index) => {
      if (seen.has(mac)) {
        context.addIssue({ code: 'custom', path: ['macs', index], message: `${mac} is selected twice` });
      }
      seen.add(mac);
    });
    if (input.ip !== undefined && input.macs.length > 1) {
      context.addIssue({
        code: 'custom',
        path: ['ip'],
        message: 'Give an address only for a single machine; leave it empty to allocate from the pool',
      });
    }
  });
export type ProvisionInput = z.output<typeof provisionInputSchema>;
export type ProvisionFormValues = z.input<typeof provisionInputSchema>;

/** Names the machines of one provision call: the host name (or `<cluster>-<role>-<last 6 MAC digits>`), `-<n>` for several. */
export function machineNamesFor(
  input: Pick<ProvisionInput, 'macs' | 'hostname' | 'role'>,
  clusterName: string,
): string[] {
  return input.macs.map((mac, index) => {
    if (input.hostname) return input.macs.length === 1 ? input.hostname : `${input.hostname}-${index + 1}`;
    const suffix = mac.replace(/:/g, '').slice(6);
    const role = input.role === 'control-plane' ? 'cp' : 'worker';
    return `${clusterName.slice(0, 63 - role.length - suffix.length - 2)}-${role}-${suffix}`;
  });
}

/** A machine of one provision call, as the mutation created it. */
export interface ProvisionedMachine {
  namespace: string;
  name: string;
  mac: string;
  ip: string;
}

/** What `hardware.provision` answers: everything created, or nothing and why (per form field). */
export type ProvisionOutcome =
  | {
      status: 'created';
      cluster: { namespace: string; name: string; created: boolean };
      machines: ProvisionedMachine[];
      /** Whether a cluster.x-k8s.io Machine was created beside each PlunderMachine. */
      capiMachines: boolean;
    }
  | { status: 'rejected'; message: string; fieldErrors: FieldErrors };

/** A PlunderCluster as the form offers it. */
export interface ClusterOption {
  namespace: string;
  name: string;
  ready: boolean;
  subnet: string | null;
  gateway: string | null;
  pool: { start: string; end: string } | null;
  /** Free addresses left in the pool (null without a pool). */
  freeAddresses: number | null;
}

export interface ProvisionFormOptions {
  clusters: ClusterOption[];
  roles: MachineRole[];
  kubernetesVersions: string[];
  /** Whether the Cluster API CRDs are installed (a Machine is then created with each PlunderMachine). */
  clusterApi: boolean;
}

/** `hardware.checkIp`: an address for a machine of a cluster, or the next free ones. */
export const ipCheckInputSchema = z.object({
  namespace: namespaceFieldSchema,
  /** An existing cluster, or a subnet/pool typed into the inline "new cluster" form. */
  cluster: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('existing'), name: objectNameFieldSchema(63, 'a Kubernetes name') }),
    z.object({ mode: z.literal('new'), cluster: newClusterSchema }),
  ]),
  ip: ipField.optional(),
  /** How many free addresses to suggest. */
  count: z.int().min(0).max(MAX_PROVISION_MACS).default(1),
});
export type IpCheckInput = z.input<typeof ipCheckInputSchema>;

export interface IpCheckResult {
  /** Set when `ip` was given: whether it can be used, and why not. */
  ip?: { ok: boolean; message?: string };
  /** The next free addresses of the pool, in order (fewer when the pool is short). */
  free: string[];
}

/** `hardware.retry` and `hardware.release` answer whether the machine was in a state to do it. */
export type MachineActionOutcome = { status: 'done' } | { status: 'rejected'; message: string };

/** `hardware.retry` and `hardware.release` name one PlunderMachine. */
export const machineRefSchema = z.object({
  namespace: namespaceFieldSchema,
  name: objectNameFieldSchema(253, 'a Kubernetes name', /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/),
});
export type MachineRef = z.output<typeof machineRefSchema>;
