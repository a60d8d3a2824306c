/**
 * The "create tenant cluster" form: one zod schema shared by the browser form and the tRPC
 * mutation, plus the conversions between form values and the SIPCluster object (the YAML tab
 * round-trips through them). Pure: zod only, no server imports beyond types.
 */
import { z } from 'zod';
import { plainString } from './control-characters';
import type { SIPCluster, SIPClusterNodeSet } from '../types/crds/sip-cluster';
import { fieldErrorsOf, type FieldErrors } from './field-errors';
import { DNS1123_SUBDOMAIN, namespaceFieldSchema, objectNameFieldSchema } from './kube-names';

export const SIP_ROLES = ['ControlPlane', 'Worker'] as const;
export type SipRole = (typeof SIP_ROLES)[number];

export const SELECTOR_OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist'] as const;
export type SelectorOperator = (typeof SELECTOR_OPERATORS)[number];

export const DEFAULT_LB_IMAGE = 'haproxy:2.3.2';
export const DEFAULT_JUMP_HOST_IMAGE = 'quay.io/airshipit/jump-host:latest';
export const DEFAULT_NODE_INTERFACE_ID = 'oam-ipv4';
/** The API server's default --service-node-port-range. */
export const NODE_PORT_MIN = 30000;
export const NODE_PORT_MAX = 32767;
/**
 * Services are named `loadbalancer-controlplane-<name>`, `loadbalancer-worker-<name>` and
 * `jumphost-<name>` (upstream SIP's names), and a Service name is at most 63 characters.
 */
export const CLUSTER_NAME_MAX = 63 - 'loadbalancer-controlplane-'.length;
export const MAX_COUNT = 500;
export const MAX_SELECTOR_TERMS = 20;
const MAX_AUTHORIZED_KEYS_TEXT = 64 * 1024;

const LABEL_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
/** Same rule as the CRD's pattern for sshAuthorizedKeys entries (options, key type, base64, comment). */
const AUTHORIZED_KEY =
  /^([^\r\n]+ )?(ssh-(rsa|dss|ed25519)|ecdsa-sha2-nistp(256|384|521)|sk-(ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com) AAAA[0-9A-Za-z+/]+={0,3}( [^\r\n]*)?$/;
const IMAGE = /^[^\s]+$/;
const INTERFACE_ID = /^[A-Za-z0-9][-A-Za-z0-9_.]*$/;

/** Why a string is not a Kubernetes label key, or undefined when it is one. */
export function labelKeyProblem(key: string): string | undefined {
  if (key === '') return 'Enter a label key';
  const slash = key.lastIndexOf('/');
  const prefix = slash >= 0 ? key.slice(0, slash) : undefined;
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  if (prefix !== undefined) {
    if (prefix === '' || prefix.length > 253 || !DNS1123_SUBDOMAIN.test(prefix)) {
      return 'The prefix before "/" must be a DNS subdomain (lower-case letters, digits, "-" and ".")';
    }
  }
  if (name === '') return 'The name after "/" is empty';
  if (name.length > 63) return 'The name part of a label key is at most 63 characters';
  if (!LABEL_NAME.test(name)) {
    return 'A label key name uses letters, digits, "-", "_" and ".", and starts and ends with a letter or digit';
  }
  return undefined;
}

/** Why a string is not a Kubernetes label value, or undefined when it is one ('' is valid). */
export function labelValueProblem(value: string): string | undefined {
  if (value === '') return undefined;
  if (value.length > 63) return 'A label value is at most 63 characters';
  if (!LABEL_NAME.test(value)) {
    return 'A label value uses letters, digits, "-", "_" and ".", and starts and ends with a letter or digit';
  }
  return undefined;
}

const labelKey = plainString().superRefine((key, ctx) => {
  const problem = labelKeyProblem(key);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const labelValue = plainString().superRefine((value, ctx) => {
  const problem = labelValueProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

function wholeNumber(min: number, max: number, range: string) {
  return z.number({ error: 'Enter a number' }).int('Enter a whole number').min(min, range).max(max, range);
}

const count = wholeNumber(0, MAX_COUNT, `Enter a whole number from 0 to ${MAX_COUNT}`);
const nodePort = wholeNumber(
  NODE_PORT_MIN,
  NODE_PORT_MAX,
  `Node ports are ${NODE_PORT_MIN}–${NODE_PORT_MAX} (the default service-node-port-range)`,
);
const image = plainString()
  .min(1, 'Enter an image')
  .max(512, 'An image reference is at most 512 characters')
  .regex(IMAGE, 'An image reference has no spaces');

/** Splits the comma-separated values of an In/NotIn expression. */
export function splitValues(values: string): string[] {
  return values
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

/** Non-empty, trimmed lines of the authorized-keys text area. */
export function authorizedKeyLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const matchLabelSchema = z.object({ key: labelKey, value: labelValue });

const matchExpressionSchema = z
  .object({
    key: labelKey,
    operator: z.enum(SELECTOR_OPERATORS, { error: 'Choose In, NotIn, Exists or DoesNotExist' }),
    /** Comma-separated. */
    values: plainString().max(4096, 'Too many values'),
  })
  .superRefine((expression, ctx) => {
    const values = splitValues(expression.values);
    const needsValues = expression.operator === 'In' || expression.operator === 'NotIn';
    if (needsValues && values.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['values'],
        message: `${expression.operator} needs at least one value`,
      });
    }
    if (!needsValues && values.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['values'], message: `${expression.operator} takes no values` });
    }
    for (const value of values) {
      const problem = labelValueProblem(value);
      if (problem) {
        ctx.addIssue({ code: 'custom', path: ['values'], message: `"${value}": ${problem}` });
        break;
      }
    }
  });

export const roleFormSchema = z
  .object({
    matchLabels: z.array(matchLabelSchema).max(MAX_SELECTOR_TERMS, `At most ${MAX_SELECTOR_TERMS} labels`),
    matchExpressions: z
      .array(matchExpressionSchema)
      .max(MAX_SELECTOR_TERMS, `At most ${MAX_SELECTOR_TERMS} expressions`),
    /** '' means no anti-affinity. */
    topologyKey: plainString().superRefine((key, ctx) => {
      if (key === '') return;
      const problem = labelKeyProblem(key);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    active: count,
    standby: count,
  })
  .superRefine((role, ctx) => {
    const seen = new Set<string>();
    role.matchLabels.forEach((label, index) => {
      if (seen.has(label.key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['matchLabels', index, 'key'],
          message: 'This key is already used above',
        });
      }
      seen.add(label.key);
    });
  });
export type RoleForm = z.input<typeof roleFormSchema>;

export const rolesFormSchema = z
  .object({ ControlPlane: roleFormSchema, Worker: roleFormSchema })
  .superRefine((roles, ctx) => {
    if (SIP_ROLES.every((role) => roles[role].active + roles[role].standby === 0)) {
      ctx.addIssue({ code: 'custom', message: 'At least one role needs an active or standby count above 0' });
    }
  });

const namespaceSchema = namespaceFieldSchema;

const nameSchema = objectNameFieldSchema(CLUSTER_NAME_MAX, 'the Services derived from it are limited to 63');

export const servicesFormSchema = z
  .object({
    nodeInterfaceId: plainString()
      .min(1, 'Enter the networkData network id, e.g. oam-ipv4')
      .max(253, 'At most 253 characters')
      .regex(INTERFACE_ID, 'Letters, digits, "-", "_" and "."'),
    controlPlane: z.object({ image, nodePort }),
    worker: z.object({ image, start: nodePort, end: nodePort }),
    jumpHost: z.object({
      image,
      nodePort,
      /** One OpenSSH public key per line. */
      authorizedKeys: plainString({ multiLine: true })
        .max(MAX_AUTHORIZED_KEYS_TEXT, 'At most 64 KiB of keys')
        .superRefine((text, ctx) => {
          const lines = text.split(/\r?\n/);
          lines.forEach((line, index) => {
            const trimmed = line.trim();
            if (trimmed !== '' && !AUTHORIZED_KEY.test(trimmed)) {
              ctx.addIssue({
                code: 'custom',
                message: `Line ${index + 1} is not an OpenSSH public key (expected "ssh-ed25519 AAAA… comment")`,
              });
            }
          });
        }),
      privateKeySecret: plainString()
        .min(1, 'Choose the Secret holding the SSH private keys')
        .max(253, 'At most 253 characters')
        .regex(DNS1123_SUBDOMAIN, 'Not a valid Secret name'),
      bmcProxy: z.boolean(),
    }),
  })
  .superRefine((services, ctx) => {
    const { controlPlane, worker, jumpHost } = services;
    const inRange = (port: number) => port >= worker.start && port <= worker.end;
    if (worker.start > worker.end) {
      ctx.addIssue({
        code: 'custom',
        path: ['worker', 'end'],
        message: `The range end must not be below its start (${worker.start})`,
      });
    } else {
      if (inRange(controlPlane.nodePort)) {
        ctx.addIssue({
          code: 'custom',
          path: ['controlPlane', 'nodePort'],
          message: `Port ${controlPlane.nodePort} is inside the worker range ${worker.start}–${worker.end}`,
        });
      }
      if (inRange(jumpHost.nodePort)) {
        ctx.addIssue({
          code: 'custom',
          path: ['jumpHost', 'nodePort'],
          message: `Port ${jumpHost.nodePort} is inside the worker range ${worker.start}–${worker.end}`,
        });
      }
    }
    if (controlPlane.nodePort === jumpHost.nodePort) {
      ctx.addIssue({
        code: 'custom',
        path: ['jumpHost', 'nodePort'],
        message: `Port ${jumpHost.nodePort} is already the control-plane load balancer's`,
      });
    }
  });

export const sipClusterFormSchema = z.object({
  namespace: namespaceSchema,
  name: nameSchema,
  roles: rolesFormSchema,
  services: servicesFormSchema,
});
export type SipClusterForm = z.input<typeof sipClusterFormSchema>;

const portNumber = z.int().min(0).max(65_535);

/** What the scheduling preview needs: the roles, where the cluster would live, and its node ports. */
export const sipPreviewSchema = z.object({
  namespace: plainString().max(63),
  name: plainString().max(253),
  roles: rolesFormSchema,
  ports: z.object({
    controlPlane: portNumber,
    workerStart: portNumber,
    workerEnd: portNumber,
    jumpHost: portNumber,
  }),
});
export type SipPreviewInput = z.input<typeof sipPreviewSchema>;

export function emptyRole(): RoleForm {
  return { matchLabels: [], matchExpressions: [], topologyKey: '', active: 0, standby: 0 };
}

export function defaultSipClusterForm(): SipClusterForm {
  return {
    namespace: '',
    name: '',
    roles: {
      ControlPlane: { ...emptyRole(), active: 1 },
      Worker: { ...emptyRole(), active: 1 },
    },
    services: {
      nodeInterfaceId: DEFAULT_NODE_INTERFACE_ID,
      controlPlane: { image: DEFAULT_LB_IMAGE, nodePort: 30001 },
      worker: { image: DEFAULT_LB_IMAGE, start: 30002, end: 30011 },
      jumpHost: {
        image: DEFAULT_JUMP_HOST_IMAGE,
        nodePort: 30000,
        authorizedKeys: '',
        privateKeySecret: '',
        bmcProxy: false,
      },
    },
  };
}

export { fieldErrorsOf, type FieldErrors };

export function validateSipClusterForm(values: unknown): FieldErrors {
  const result = sipClusterFormSchema.safeParse(values);
  return result.success ? {} : fieldErrorsOf(result.error.issues);
}

function roleIsSet(role: RoleForm): boolean {
  return (
    role.active + role.standby > 0 ||
    role.matchLabels.length > 0 ||
    role.matchExpressions.length > 0 ||
    role.topologyKey !== ''
  );
}

/** spec.nodes entry of one role. */
export function nodeSetOfRole(role: RoleForm): SIPClusterNodeSet {
  const nodeSet: SIPClusterNodeSet = {};
  const selector: NonNullable<SIPClusterNodeSet['labelSelector']> = {};
  if (role.matchLabels.length > 0) {
    selector.matchLabels = Object.fromEntries(role.matchLabels.map((label) => [label.key, label.value]));
  }
  if (role.matchExpressions.length > 0) {
    selector.matchExpressions = role.matchExpressions.map((expression) => {
      const values = splitValues(expression.values);
      return {
        key: expression.key,
        operator: expression.operator,
        ...(expression.operator === 'In' || expression.operator === 'NotIn' || values.length > 0
          ? { values }
          : {}),
      };
    });
  }
  if (selector.matchLabels || selector.matchExpressions) nodeSet.labelSelector = selector;
  if (role.topologyKey !== '') nodeSet.topologyKey = role.topologyKey;
  nodeSet.count = { active: role.active, standby: role.standby };
  return nodeSet;
}

/** spec.nodes for the roles: a role appears when it has a count, a selector or a topology key. */
export function nodesOfRoles(roles: SipClusterForm['roles']): Record<string, SIPClusterNodeSet> {
  const nodes: Record<string, SIPClusterNodeSet> = {};
  for (const role of SIP_ROLES) if (roleIsSet(roles[role])) nodes[role] = nodeSetOfRole(roles[role]);
  return nodes;
}

/** The SIPCluster object the form describes (also for invalid values: the YAML tab shows it). */
export function sipClusterFromForm(form: SipClusterForm): SIPCluster {
  const { services } = form;
  const nodeInterfaceId = services.nodeInterfaceId;
  const keys = authorizedKeyLines(services.jumpHost.authorizedKeys);
  return {
    apiVersion: 'airship.airshipit.org/v1',
    kind: 'SIPCluster',
    metadata: { name: form.name, namespace: form.namespace },
    spec: {
      nodes: nodesOfRoles(form.roles),
      services: {
        loadBalancerControlPlane: [
          { image: services.controlPlane.image, nodeInterfaceId, nodePort: services.controlPlane.nodePort },
        ],
        loadBalancerWorker: [
          {
            image: services.worker.image,
            nodeInterfaceId,
            nodePortRange: { start: services.worker.start, end: services.worker.end },
          },
        ],
        jumpHost: [
          {
            image: services.jumpHost.image,
            nodeInterfaceId,
            nodePort: services.jumpHost.nodePort,
            ...(keys.length > 0 ? { sshAuthorizedKeys: keys } : {}),
            nodeSSHPrivateKeys: services.jumpHost.privateKeySecret,
            bmc: { proxy: services.jumpHost.bmcProxy },
          },
        ],
      },
    },
  };
}

export type FormFromObjectResult = { ok: true; values: SipClusterForm } | { ok: false; error: string };

class ShapeError extends Error {}

type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function object(value: unknown, path: string, allowed: string[]): Plain {
  if (value === undefined || value === null) return {};
  if (!isPlain(value)) throw new ShapeError(`${path} must be a mapping`);
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw new ShapeError(`${path}.${key} is not supported by the form`);
  }
  return value;
}

function text(value: unknown, path: string, fallback = ''): string {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string') throw new ShapeError(`${path} must be a string`);
  return value;
}

function numberAt(value: unknown, path: string): number {
  if (value === undefined || value === null) return Number.NaN;
  if (typeof value !== 'number') throw new ShapeError(`${path} must be a number`);
  return value;
}

function list(value: unknown, path: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new ShapeError(`${path} must be a list`);
  return value;
}

function single(value: unknown, path: string, allowed: string[]): Plain {
  const items = list(value, path);
  if (items.length !== 1) {
    throw new ShapeError(`${path} must have exactly one entry for the form (found ${items.length})`);
  }
  return object(items[0], `${path}[0]`, allowed);
}

const SHARED_SERVICE_KEYS = ['image', 'nodeInterfaceId'];

function roleFromNodeSet(value: unknown, path: string): RoleForm {
  const nodeSet = object(value, path, ['labelSelector', 'topologyKey', 'count']);
  const selector = object(nodeSet.labelSelector, `${path}.labelSelector`, [
    'matchLabels',
    'matchExpressions',
  ]);
  const matchLabels = object(
    selector.matchLabels,
    `${path}.labelSelector.matchLabels`,
    Object.keys(isPlain(selector.matchLabels) ? selector.matchLabels : {}),
  );
  const countObject = object(nodeSet.count, `${path}.count`, ['active', 'standby']);
  return {
    matchLabels: Object.entries(matchLabels).map(([key, labelValue]) => ({
      key,
      value: text(labelValue, `${path}.labelSelector.matchLabels.${key}`),
    })),
    matchExpressions: list(selector.matchExpressions, `${path}.labelSelector.matchExpressions`).map(
      (item, index) => {
        const itemPath = `${path}.labelSelector.matchExpressions[${index}]`;
        const expression = object(item, itemPath, ['key', 'operator', 'values']);
        const operator = text(expression.operator, `${itemPath}.operator`);
        if (!(SELECTOR_OPERATORS as readonly string[]).includes(operator)) {
          throw new ShapeError(`${itemPath}.operator must be one of ${SELECTOR_OPERATORS.join(', ')}`);
        }
        return {
          key: text(expression.key, `${itemPath}.key`),
          operator: operator as SelectorOperator,
          values: list(expression.values, `${itemPath}.values`)
            .map((v, i) => text(v, `${itemPath}.values[${i}]`))
            .join(', '),
        };
      },
    ),
    topologyKey: text(nodeSet.topologyKey, `${path}.topologyKey`),
    active: countObject.active === undefined ? 0 : numberAt(countObject.active, `${path}.count.active`),
    standby: countObject.standby === undefined ? 0 : numberAt(countObject.standby, `${path}.count.standby`),
  };
}

/**
 * Reads a SIPCluster object (parsed from the YAML tab) back into form values. Values the form can
 * hold but the schema rejects (a port of 80, a bad key) come back as they are so the form shows
 * them with their field errors; shapes the form cannot hold (two jump hosts, clusterIP) fail with
 * a message naming the field, and the caller keeps its last good form state.
 */
export function formFromSipCluster(value: unknown): FormFromObjectResult {
  try {
    const root = object(value, 'the document', ['apiVersion', 'kind', 'metadata', 'spec', 'status']);
    if (root.apiVersion !== undefined && root.apiVersion !== 'airship.airshipit.org/v1') {
      throw new ShapeError('apiVersion must be airship.airshipit.org/v1');
    }
    if (root.kind !== undefined && root.kind !== 'SIPCluster')
      throw new ShapeError('kind must be SIPCluster');
    const metadata = object(root.metadata, 'metadata', ['name', 'namespace']);
    const spec = object(root.spec, 'spec', ['nodes', 'services']);
    const nodes = object(spec.nodes, 'spec.nodes', [...SIP_ROLES]);
    const roles = {
      ControlPlane:
        nodes.ControlPlane === undefined
          ? emptyRole()
          : roleFromNodeSet(nodes.ControlPlane, 'spec.nodes.ControlPlane'),
      Worker: nodes.Worker === undefined ? emptyRole() : roleFromNodeSet(nodes.Worker, 'spec.nodes.Worker'),
    };
    const services = object(spec.services, 'spec.services', [
      'loadBalancerControlPlane',
      'loadBalancerWorker',
      'jumpHost',
    ]);
    const controlPlane = single(services.loadBalancerControlPlane, 'spec.services.loadBalancerControlPlane', [
      ...SHARED_SERVICE_KEYS,
      'nodePort',
    ]);
    const worker = single(services.loadBalancerWorker, 'spec.services.loadBalancerWorker', [
      ...SHARED_SERVICE_KEYS,
      'nodePortRange',
    ]);
    const range = object(worker.nodePortRange, 'spec.services.loadBalancerWorker[0].nodePortRange', [
      'start',
      'end',
    ]);
    const jumpHost = single(services.jumpHost, 'spec.services.jumpHost', [
      ...SHARED_SERVICE_KEYS,
      'nodePort',
      'sshAuthorizedKeys',
      'nodeSSHPrivateKeys',
      'bmc',
    ]);
    const bmc = object(jumpHost.bmc, 'spec.services.jumpHost[0].bmc', ['proxy']);
    if (bmc.proxy !== undefined && typeof bmc.proxy !== 'boolean') {
      throw new ShapeError('spec.services.jumpHost[0].bmc.proxy must be true or false');
    }
    const interfaceIds = new Set(
      [controlPlane, worker, jumpHost].map((service, index) =>
        text(service.nodeInterfaceId, `spec.services (entry ${index + 1}).nodeInterfaceId`),
      ),
    );
    if (interfaceIds.size > 1) {
      throw new ShapeError('the form uses one nodeInterfaceId for all three services; they differ here');
    }
    const values: SipClusterForm = {
      namespace: text(metadata.namespace, 'metadata.namespace'),
      name: text(metadata.name, 'metadata.name'),
      roles,
      services: {
        nodeInterfaceId: [...interfaceIds][0] ?? '',
        controlPlane: {
          image: text(controlPlane.image, 'spec.services.loadBalancerControlPlane[0].image'),
          nodePort: numberAt(controlPlane.nodePort, 'spec.services.loadBalancerControlPlane[0].nodePort'),
        },
        worker: {
          image: text(worker.image, 'spec.services.loadBalancerWorker[0].image'),
          start: numberAt(range.start, 'spec.services.loadBalancerWorker[0].nodePortRange.start'),
          end: numberAt(range.end, 'spec.services.loadBalancerWorker[0].nodePortRange.end'),
        },
        jumpHost: {
          image: text(jumpHost.image, 'spec.services.jumpHost[0].image'),
          nodePort: numberAt(jumpHost.nodePort, 'spec.services.jumpHost[0].nodePort'),
          authorizedKeys: list(jumpHost.sshAuthorizedKeys, 'spec.services.jumpHost[0].sshAuthorizedKeys')
            .map((key, index) => text(key, `spec.services.jumpHost[0].sshAuthorizedKeys[${index}]`))
            .join('\n'),
          privateKeySecret: text(jumpHost.nodeSSHPrivateKeys, 'spec.services.jumpHost[0].nodeSSHPrivateKeys'),
          bmcProxy: bmc.proxy === true,
        },
      },
    };
    return { ok: true, values };
  } catch (error) {
    if (error instanceof ShapeError) return { ok: false, error: error.message };
    throw error;
  }
}

const SERVICE_FIELDS: [RegExp, string][] = [
  [/^spec\.services\.loadBalancerControlPlane(\[\d+\])?\.nodePort/, 'services.controlPlane.nodePort'],
  [/^spec\.services\.loadBalancerControlPlane(\[\d+\])?\.image/, 'services.controlPlane.image'],
  [/^spec\.services\.loadBalancerWorker(\[\d+\])?\.nodePortRange\.start/, 'services.worker.start'],
  [/^spec\.services\.loadBalancerWorker(\[\d+\])?\.nodePortRange/, 'services.worker.end'],
  [/^spec\.services\.loadBalancerWorker(\[\d+\])?\.image/, 'services.worker.image'],
  [/^spec\.services\.jumpHost(\[\d+\])?\.nodePort/, 'services.jumpHost.nodePort'],
  [/^spec\.services\.jumpHost(\[\d+\])?\.image/, 'services.jumpHost.image'],
  [/^spec\.services\.jumpHost(\[\d+\])?\.sshAuthorizedKeys/, 'services.jumpHost.authorizedKeys'],
  [/^spec\.services\.jumpHost(\[\d+\])?\.nodeSSHPrivateKeys/, 'services.jumpHost.privateKeySecret'],
  [/^spec\.services\.[A-Za-z]+(\[\d+\])?\.nodeInterfaceId/, 'services.nodeInterfaceId'],
  [/^metadata\.name/, 'name'],
  [/^metadata\.namespace/, 'namespace'],
];

/**
 * The form field an API-server validation cause points at (`spec.services.jumpHost[0].nodePort`
 * → `services.jumpHost.nodePort`), or undefined when no single field owns it.
 */
export function formFieldOfObjectPath(field: string): string | undefined {
  const path = field.replace(/^\./, '');
  for (const [pattern, formField] of SERVICE_FIELDS) if (pattern.test(path)) return formField;
  const role = /^spec\.nodes(?:\.([A-Za-z]+)|\[([A-Za-z]+)\])?(?:\.(.*))?$/.exec(path);
  if (role) {
    const name = role[1] ?? role[2];
    const rest = role[3] ?? '';
    if (!name || !(SIP_ROLES as readonly string[]).includes(name)) return 'roles';
    if (rest.startsWith('count.active')) return `roles.${name}.active`;
    if (rest.startsWith('count.standby')) return `roles.${name}.standby`;
    if (rest.startsWith('topologyKey')) return `roles.${name}.topologyKey`;
    if (rest.startsWith('labelSelector.matchExpressions')) return `roles.${name}.matchExpressions`;
    if (rest.startsWith('labelSelector')) return `roles.${name}.matchLabels`;
    return `roles.${name}`;
  }
  return undefined;
}
