/**
 * The "create tenant cluster" form: one zod schema shared by the browser form, the tRPC mutation
 * and the YAML tab (sip-cluster-document.ts reads YAML into these values, sip-cluster-object.ts
 * builds the SIPCluster from them). Pure: zod only.
 */
import { z } from 'zod';
import { plainString } from './control-characters';
import { DNS1123_SUBDOMAIN, namespaceFieldSchema, objectNameFieldSchema } from './kube-names';
import {
  labelKeyProblem,
  labelKeySchema,
  labelValueProblem,
  labelValueSchema,
  splitValues,
} from './label-rules';

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
export const MAX_SELECTOR_VALUES = 64;
/** The CRD's limit on one sshAuthorizedKeys entry. */
const MAX_AUTHORIZED_KEY = 16_384;
const MAX_AUTHORIZED_KEYS_TEXT = 64 * 1024;

/** Same rule as the CRD's pattern for sshAuthorizedKeys entries (options, key type, base64, comment). */
const AUTHORIZED_KEY =
  /^([^\r\n]+ )?(ssh-(rsa|dss|ed25519)|ecdsa-sha2-nistp(256|384|521)|sk-(ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com) AAAA[0-9A-Za-z+/]+={0,3}( [^\r\n]*)?$/;
const IMAGE = /^[^\s]+$/;
const INTERFACE_ID = /^[A-Za-z0-9][-A-Za-z0-9_.]*$/;

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

/** Non-empty, trimmed lines of the authorized-keys text area. */
export function authorizedKeyLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const matchLabelSchema = z.object({ key: labelKeySchema, value: labelValueSchema });

const matchExpressionSchema = z
  .object({
    key: labelKeySchema,
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
    if (values.length > MAX_SELECTOR_VALUES) {
      ctx.addIssue({ code: 'custom', path: ['values'], message: `At most ${MAX_SELECTOR_VALUES} values` });
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
            if (trimmed.length > MAX_AUTHORIZED_KEY) {
              ctx.addIssue({
                code: 'custom',
                message: `Line ${index + 1} is longer than ${MAX_AUTHORIZED_KEY} characters`,
              });
            } else if (trimmed !== '' && !AUTHORIZED_KEY.test(trimmed)) {
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
      /** Leave the BMC usernames and passwords out of the jump host (jump-host-bmc-credentials.ts). */
      omitBmcCredentials: z.boolean(),
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
/** The scheduling explanation's host search: a few words, matched case-insensitively on the server. */
export const scheduleSearchSchema = plainString().max(100).default('');

export const sipPreviewSchema = z.object({
  namespace: plainString().max(63),
  name: plainString().max(253),
  roles: rolesFormSchema,
  search: scheduleSearchSchema,
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
        omitBmcCredentials: false,
      },
    },
  };
}
