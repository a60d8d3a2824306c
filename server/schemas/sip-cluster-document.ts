/**
 * The SIPCluster documents the form can hold, as a strict zod schema: the YAML tab parses its text,
 * this schema refuses shapes the form has no field for (two jump hosts, clusterIP, a third role)
 * with a message naming the place, and turns the rest into form values. Those values are then
 * checked by sipClusterFormSchema like typed ones, so a bad port shows at its field. Pure.
 */
import { z } from 'zod';
import { emptyRole, SELECTOR_OPERATORS, type RoleForm, type SipClusterForm } from './sip-cluster-form';
import { JUMP_HOST_BMC_CREDENTIALS_ANNOTATION, JUMP_HOST_BMC_MODES } from './jump-host-bmc-credentials';

const text = z.string().nullish();
const number = z.number().nullish();

const nodeSetSchema = z
  .strictObject({
    labelSelector: z
      .strictObject({
        matchLabels: z.record(z.string(), z.string()).nullish(),
        matchExpressions: z
          .array(
            z.strictObject({
              key: text,
              operator: z.enum(SELECTOR_OPERATORS, {
                error: `must be one of ${SELECTOR_OPERATORS.join(', ')}`,
              }),
              values: z.array(z.string()).nullish(),
            }),
          )
          .nullish(),
      })
      .nullish(),
    topologyKey: text,
    count: z.strictObject({ active: number, standby: number }).nullish(),
  })
  .nullish();

const sharedServiceKeys = { image: text, nodeInterfaceId: text };

/** The form holds exactly one of each. */
const SERVICES = ['loadBalancerControlPlane', 'loadBalancerWorker', 'jumpHost'] as const;

const documentShape = z
  .strictObject({
    apiVersion: z
      .literal('airship.airshipit.org/v1', { error: 'must be airship.airshipit.org/v1' })
      .nullish(),
    kind: z.literal('SIPCluster', { error: 'must be SIPCluster' }).nullish(),
    metadata: z
      .strictObject({
        name: text,
        namespace: text,
        // The one annotation the form has a field for.
        annotations: z
          .strictObject({ [JUMP_HOST_BMC_CREDENTIALS_ANNOTATION]: z.enum(JUMP_HOST_BMC_MODES).nullish() })
          .nullish(),
      })
      .nullish(),
    /** Ignored: the API server sets it. */
    status: z.unknown().optional(),
    spec: z
      .strictObject({
        nodes: z.strictObject({ ControlPlane: nodeSetSchema, Worker: nodeSetSchema }).nullish(),
        services: z
          .strictObject({
            loadBalancerControlPlane: z
              .array(z.strictObject({ ...sharedServiceKeys, nodePort: number }))
              .nullish(),
            loadBalancerWorker: z
              .array(
                z.strictObject({
                  ...sharedServiceKeys,
                  nodePortRange: z.strictObject({ start: number, end: number }).nullish(),
                }),
              )
              .nullish(),
            jumpHost: z
              .array(
                z.strictObject({
                  ...sharedServiceKeys,
                  nodePort: number,
                  sshAuthorizedKeys: z.array(z.string()).nullish(),
                  nodeSSHPrivateKeys: text,
                  bmc: z.strictObject({ proxy: z.boolean().nullish() }).nullish(),
                }),
              )
              .nullish(),
          })
          .nullish(),
      })
      .nullish(),
  })
  .nullish()
  .superRefine((document, ctx) => {
    const services = document?.spec?.services;
    for (const service of SERVICES) {
      const found = services?.[service]?.length ?? 0;
      if (found !== 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['spec', 'services', service],
          message: `must have exactly one entry for the form (found ${found})`,
        });
        return;
      }
    }
    const ids = new Set(
      [services?.loadBalancerControlPlane, services?.loadBalancerWorker, services?.jumpHost].map(
        (list) => list?.[0]?.nodeInterfaceId ?? '',
      ),
    );
    if (ids.size > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['spec', 'services'],
        message: 'must use one nodeInterfaceId for all three services (the form has one field for it)',
      });
    }
  });

type NodeSet = z.output<typeof nodeSetSchema>;

function roleOf(nodeSet: NodeSet): RoleForm {
  if (!nodeSet) return emptyRole();
  return {
    matchLabels: Object.entries(nodeSet.labelSelector?.matchLabels ?? {}).map(([key, value]) => ({
      key,
      value,
    })),
    matchExpressions: (nodeSet.labelSelector?.matchExpressions ?? []).map((expression) => ({
      key: expression.key ?? '',
      operator: expression.operator,
      values: (expression.values ?? []).join(', '),
    })),
    topologyKey: nodeSet.topologyKey ?? '',
    active: nodeSet.count?.active ?? 0,
    standby: nodeSet.count?.standby ?? 0,
  };
}

/** A missing number becomes NaN, which the form shows as an empty field ("Enter a number"). */
const numberOf = (value: number | null | undefined) => value ?? Number.NaN;

export const sipClusterDocumentSchema = documentShape.transform((document): SipClusterForm => {
  const services = document?.spec?.services;
  const controlPlane = services?.loadBalancerControlPlane?.[0];
  const worker = services?.loadBalancerWorker?.[0];
  const jumpHost = services?.jumpHost?.[0];
  return {
    namespace: document?.metadata?.namespace ?? '',
    name: document?.metadata?.name ?? '',
    roles: {
      ControlPlane: roleOf(document?.spec?.nodes?.ControlPlane),
      Worker: roleOf(document?.spec?.nodes?.Worker),
    },
    services: {
      nodeInterfaceId: controlPlane?.nodeInterfaceId ?? '',
      controlPlane: { image: controlPlane?.image ?? '', nodePort: numberOf(controlPlane?.nodePort) },
      worker: {
        image: worker?.image ?? '',
        start: numberOf(worker?.nodePortRange?.start),
        end: numberOf(worker?.nodePortRange?.end),
      },
      jumpHost: {
        image: jumpHost?.image ?? '',
        nodePort: numberOf(jumpHost?.nodePort),
        authorizedKeys: (jumpHost?.sshAuthorizedKeys ?? []).join('\n'),
        privateKeySecret: jumpHost?.nodeSSHPrivateKeys ?? '',
        bmcProxy: jumpHost?.bmc?.proxy === true,
        omitBmcCredentials:
          document?.metadata?.annotations?.[JUMP_HOST_BMC_CREDENTIALS_ANNOTATION] === 'omit',
      },
    },
  };
});
