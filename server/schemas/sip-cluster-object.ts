/**
 * The SIPCluster a tenant-cluster form describes, and the form field that owns a path the API
 * server names in a refusal. Pure.
 */
import type { SIPCluster, SIPClusterNodeSet } from '../types/crds/sip-cluster';
import { JUMP_HOST_BMC_CREDENTIALS_ANNOTATION } from './jump-host-bmc-credentials';
import { splitValues } from './label-rules';
import { authorizedKeyLines, SIP_ROLES, type RoleForm, type SipClusterForm } from './sip-cluster-form';

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
    metadata: {
      name: form.name,
      namespace: form.namespace,
      ...(services.jumpHost.omitBmcCredentials
        ? { annotations: { [JUMP_HOST_BMC_CREDENTIALS_ANNOTATION]: 'omit' } }
        : {}),
    },
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

const SERVICE_FIELDS: [RegExp, string][] = [
  [/^spec\.services\.loadBalancerControlPlane(\[\d+\])?\.nodePort/, 'services.controlPlane.nodePort'],
  // The CRD's port-clash rules name the whole list.
  [/^spec\.services\.loadBalancerControlPlane$/, 'services.controlPlane.nodePort'],
  [/^spec\.services\.jumpHost$/, 'services.jumpHost.nodePort'],
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
