/**
 * The "new vRouter group" form: one zod schema shared by the browser form and the tRPC mutation,
 * and the Manager entries it adds (a vrouterTemplates group and, optionally, a new profile). The
 * rules and messages are the CRD's CEL rules (crds/contrail.juniper.net_managers.yaml): group and
 * profile names are DNS labels, the core mask is non-zero hex, the gateway an IP, every named
 * profile exists, and one group never mixes DPDK with kernel mode; and the Control it names is one
 * its Manager declares. Pure: no server imports beyond types.
 */
import { z } from 'zod';
import type { Manager, ManagerGroupTemplate, ManagerProfileSpec } from '../types/crds/manager';
import { plainString } from './control-characters';
import { isIp } from './ip-address';
import { DNS1123_LABEL, namespaceFieldSchema } from './kube-names';
import { labelKeySchema, labelValueSchema } from './label-rules';

export const PROFILE_MODES = ['dpdk', 'sriov', 'kernel', 'other'] as const;
export type ProfileMode = (typeof PROFILE_MODES)[number];
export const UPGRADE_STRATEGIES = ['rolling', 'deleteFirst'] as const;

export const GROUP_NAME_MESSAGE =
  'group name must be a DNS label: lowercase letters, digits and "-", no spaces';
export const PROFILE_NAME_MESSAGE =
  'profile name must be a DNS label: lowercase letters, digits and "-", no spaces';
export const CORE_MASK_MESSAGE = 'coreMask must be a non-zero hex number such as 0xF';
export const GATEWAY_MESSAGE = 'vRouterGateway must be an IPv4 or IPv6 address';
export const MIXED_MODES_MESSAGE =
  'a vrouterTemplate cannot combine DPDK and kernel-mode profiles: a node runs one vRouter forwarding mode';

const CORE_MASK = /^0[xX][0-9a-fA-F]+$/;
const ZERO_MASK = /^0[xX]0+$/;
const CPU_LIST = /^[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*$/;

/** A profile already on the Manager, by name and what it configures (for the mode rule). */
export interface KnownProfile {
  name: string;
  spec: ManagerProfileSpec;
}

const count = (max: number) =>
  z.number({ error: 'Enter a whole number' }).int('Enter a whole number').min(0).max(max);

const newProfileSchema = z.object({
  enabled: z.boolean(),
  name: plainString().trim().max(63, PROFILE_NAME_MESSAGE),
  mode: z.enum(PROFILE_MODES),
  coreMask: plainString().trim().max(66),
  hugepages2M: count(1_048_576),
  hugepages1G: count(4096),
  cpuPinning: plainString().trim().max(256),
  numberOfVfs: count(256),
  vfMappings: plainString().trim().max(4096),
  moreConfig: z
    .array(
      z.object({ key: plainString().trim().min(1, 'Enter a key').max(253), value: plainString().max(1024) }),
    )
    .max(64),
});

export const contrailGroupFormSchema = z
  .object({
    namespace: namespaceFieldSchema,
    manager: plainString().min(1, 'Choose the Manager the group belongs to').max(253),
    name: plainString()
      .trim()
      .min(1, 'Enter a name')
      .max(63, GROUP_NAME_MESSAGE)
      .regex(DNS1123_LABEL, GROUP_NAME_MESSAGE),
    nodeSelector: z
      .array(z.object({ key: labelKeySchema, value: labelValueSchema }))
      .max(20, 'At most 20 labels'),
    tolerations: z
      .array(
        z.object({
          key: plainString().max(253),
          operator: z.enum(['Exists', 'Equal']),
          value: plainString().max(63),
          effect: z.enum(['', 'NoSchedule', 'PreferNoSchedule', 'NoExecute']),
        }),
      )
      .max(16),
    gateway: plainString().trim().max(45, GATEWAY_MESSAGE),
    /** The Control the agents connect to; '' for none (they then know no control node). */
    controlInstance: plainString().trim().max(253),
    /** The Controls the Manager declares (spec.services.controls), the ones the group may name. */
    knownControls: z.array(plainString()),
    upgradeStrategy: z.enum(UPGRADE_STRATEGIES),
    profiles: z.array(plainString()).max(8, 'At most 8 profiles per group'),
    knownProfiles: z.array(z.object({ name: plainString(), spec: z.custom<ManagerProfileSpec>() })),
    newProfile: newProfileSchema,
    /**
     * The fewest SR-IOV VFs a node the selector matches advertises (VF_CAPACITY_LABEL; no label: 0),
     * null when no node matches. The form fills it from the live node count; the server from the Nodes.
     */
    nodeVfCapacity: z.number().int().min(0).nullable(),
  })
  .superRefine((form, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    if (form.gateway && !isIp(form.gateway)) issue(['gateway'], GATEWAY_MESSAGE);
    if (form.controlInstance && !form.knownControls.includes(form.controlInstance))
      issue(['controlInstance'], unknownControlMessage(form));
    const keys = form.nodeSelector.map((pair) => pair.key);
    keys.forEach((key, index) => {
      if (keys.indexOf(key) !== index) issue(['nodeSelector', index, 'key'], 'Each label key only once');
    });
    const profile = form.newProfile;
    if (profile.enabled) {
      if (!DNS1123_LABEL.test(profile.name)) issue(['newProfile', 'name'], PROFILE_NAME_MESSAGE);
      if (form.knownProfiles.some((p) => p.name === profile.name)) {
        issue(['newProfile', 'name'], `a profile named ${profile.name} exists already`);
      }
      if (
        profile.mode === 'dpdk' &&
        !(CORE_MASK.test(profile.coreMask) && !ZERO_MASK.test(profile.coreMask))
      ) {
        issue(['newProfile', 'coreMask'], CORE_MASK_MESSAGE);
      }
      if (profile.mode === 'dpdk' && profile.cpuPinning && !CPU_LIST.test(profile.cpuPinning)) {
        issue(['newProfile', 'cpuPinning'], 'A CPU list such as 2-5,8');
      }
      if (profile.mode === 'sriov' && profile.numberOfVfs < 1)
        issue(['newProfile', 'numberOfVfs'], 'At least 1 VF');
    }
    const specs = profileSpecs(form);
    form.profiles.forEach((name, index) => {
      if (!specs.has(name)) {
        issue(
          ['profiles', index],
          `every profile a vrouterTemplate names must be defined in vrouterProfileTemplates: ${name} is not`,
        );
      }
    });
    const chosen = form.profiles.flatMap((name) => specs.get(name) ?? []);
    if (chosen.some((s) => s.dpdkConfiguration) && chosen.some((s) => s.kernelModeConfiguration)) {
      issue(['profiles'], MIXED_MODES_MESSAGE);
    }
    const vfs = Math.max(0, ...chosen.map((s) => s.sriovConfiguration?.numberOfVfs ?? 0));
    if (form.nodeVfCapacity !== null && vfs > form.nodeVfCapacity) {
      const own = profile.enabled && form.profiles.includes(profile.name) && profile.mode === 'sriov';
      issue(
        own && profile.numberOfVfs === vfs ? ['newProfile', 'numberOfVfs'] : ['profiles'],
        vfCapacityMessage(vfs, form.nodeVfCapacity),
      );
    }
  });

/**
 * A Control the Manager does not declare is refused: the Manager creates the group's Vrouter only once
 * the Control it names is one of its own and active, so the group would wait for ever.
 */
function unknownControlMessage(form: { manager: string; controlInstance: string; knownControls: string[] }) {
  const declared = form.knownControls.length > 0 ? form.knownControls.join(', ') : 'none';
  return `Manager ${form.manager} declares no Control named ${form.controlInstance} (its spec.services.controls: ${declared}): its agents would wait for it for ever`;
}

/** The Controls a Manager declares: what its groups may name. */
export function declaredControls(manager: Manager): string[] {
  return (manager.spec.services?.controls ?? []).map((control) => control.metadata.name);
}

/** The node label a node's SR-IOV VF capacity is read from, by the form and the vRouter controller. */
export const VF_CAPACITY_LABEL = 'contrail.juniper.net/sriov-vf-capacity';

export function vfCapacityMessage(vfs: number, capacity: number): string {
  return `the group needs ${vfs} SR-IOV VFs per node, but a node it selects advertises only ${capacity} (${VF_CAPACITY_LABEL})`;
}

export type ContrailGroupForm = z.infer<typeof contrailGroupFormSchema>;

export function defaultContrailGroupForm(): ContrailGroupForm {
  return {
    namespace: '',
    manager: '',
    name: '',
    nodeSelector: [],
    tolerations: [],
    gateway: '',
    controlInstance: '',
    knownControls: [],
    upgradeStrategy: 'rolling',
    profiles: [],
    knownProfiles: [],
    newProfile: {
      enabled: false,
      name: '',
      mode: 'dpdk',
      coreMask: '0xF',
      hugepages2M: 0,
      hugepages1G: 0,
      cpuPinning: '',
      numberOfVfs: 1,
      vfMappings: '',
      moreConfig: [],
    },
    nodeVfCapacity: null,
  };
}

/** The new profile's spec as the CRD stores it. */
export function newProfileSpec(form: ContrailGroupForm): ManagerProfileSpec {
  const p = form.newProfile;
  const moreConfig =
    p.moreConfig.length > 0
      ? { moreConfig: Object.fromEntries(p.moreConfig.map((e) => [e.key, e.value])) }
      : {};
  switch (p.mode) {
    case 'dpdk':
      return {
        dpdkConfiguration: {
          coreMask: p.coreMask,
          ...(p.hugepages2M > 0 ? { '2MBHugePages': p.hugepages2M } : {}),
          ...(p.hugepages1G > 0 ? { '1GBHugePages': p.hugepages1G } : {}),
          ...(p.cpuPinning ? { cpuPinning: p.cpuPinning } : {}),
          ...moreConfig,
        },
      };
    case 'sriov': {
      const mappings = p.vfMappings
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean);
      return {
        sriovConfiguration: {
          numberOfVfs: p.numberOfVfs,
          ...(mappings.length > 0 ? { virtualFunctionMappings: mappings } : {}),
          ...moreConfig,
        },
      };
    }
    case 'kernel':
      return { kernelModeConfiguration: { ...moreConfig } };
    case 'other':
      return { otherConfig: { ...moreConfig } };
  }
}

/** Every profile the group may name: the Manager's and the one the form defines. */
function profileSpecs(form: ContrailGroupForm): Map<string, ManagerProfileSpec> {
  const specs = new Map(form.knownProfiles.map((p) => [p.name, p.spec]));
  if (form.newProfile.enabled) specs.set(form.newProfile.name, newProfileSpec(form));
  return specs;
}

/** The group entry the form adds to spec.services.vrouterTemplates. */
export function groupFromForm(form: ContrailGroupForm): ManagerGroupTemplate {
  return {
    metadata: { name: form.name, kind: 'ContrailVrouter' },
    spec: {
      activate: true,
      upgradeStrategy: form.upgradeStrategy,
      nodeSelector: Object.fromEntries(form.nodeSelector.map((pair) => [pair.key, pair.value])),
      ...(form.tolerations.length > 0
        ? {
            tolerations: form.tolerations.map((t) => ({
              ...(t.key ? { key: t.key } : {}),
              operator: t.operator,
              ...(t.operator === 'Equal' ? { value: t.value } : {}),
              ...(t.effect ? { effect: t.effect } : {}),
            })),
          }
        : {}),
      configuration: {
        ...(form.gateway ? { vRouterGateway: form.gateway } : {}),
        ...(form.controlInstance ? { controlInstance: form.controlInstance } : {}),
        profiles: form.profiles,
      },
    },
  };
}

/** The profile entry the form adds to spec.services.vrouterProfileTemplates, if it defines one. */
export function profileFromForm(
  form: ContrailGroupForm,
): { metadata: { name: string }; spec: ManagerProfileSpec } | undefined {
  return form.newProfile.enabled
    ? { metadata: { name: form.newProfile.name }, spec: newProfileSpec(form) }
    : undefined;
}

/**
 * The Manager's services with the form's entries added: what the mutation writes (with the
 * Manager's resourceVersion) and what the YAML view shows.
 */
export function servicesWithGroup(
  services: NonNullable<Manager['spec']['services']>,
  form: ContrailGroupForm,
): NonNullable<Manager['spec']['services']> {
  const profile = profileFromForm(form);
  return {
    ...services,
    vrouterProfileTemplates: [...(services.vrouterProfileTemplates ?? []), ...(profile ? [profile] : [])],
    vrouterTemplates: [...(services.vrouterTemplates ?? []), groupFromForm(form)],
  };
}
