import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { readDocument } from './document-problem';
import { sipClusterDocumentSchema } from './sip-cluster-document';
import { sipClusterFormSchema } from './sip-cluster-form';
import { KEY, RSA, validSipClusterForm as validForm } from './sip-cluster-form-test-fixtures';
import { sipClusterFromForm } from './sip-cluster-object';

const formFromSipCluster = (document: unknown) => readDocument(sipClusterDocumentSchema, document);

describe('SIPCluster document → form values', () => {
  it('round-trips through YAML', () => {
    const form = validForm();
    form.services.jumpHost.authorizedKeys = `${KEY}\n${RSA}`;
    const yaml = stringify(sipClusterFromForm(form));
    expect(formFromSipCluster(parse(yaml))).toEqual({ ok: true, values: form });
  });

  it('round-trips the jump host BMC credentials annotation, and refuses a value it does not know', () => {
    const form = validForm();
    form.services.jumpHost.omitBmcCredentials = true;
    const object = sipClusterFromForm(form);
    expect(object.metadata.annotations).toEqual({ 'rackpilot.io/jump-host-bmc-credentials': 'omit' });
    const read = formFromSipCluster(parse(stringify(object)));
    expect(read.ok && read.values.services.jumpHost.omitBmcCredentials).toBe(true);
    object.metadata.annotations = { 'rackpilot.io/jump-host-bmc-credentials': 'omitted' };
    expect(formFromSipCluster(object).ok).toBe(false);
  });

  it('reads back values the schema rejects, so the form can show their errors', () => {
    const object = sipClusterFromForm(validForm());
    const jumpHost = object.spec.services.jumpHost?.[0];
    if (jumpHost) jumpHost.nodePort = 80;
    const result = formFromSipCluster(object);
    expect(result.ok && result.values.services.jumpHost.nodePort).toBe(80);
    const issues = result.ok ? sipClusterFormSchema.safeParse(result.values).error?.issues : [];
    expect(issues?.find((issue) => issue.path.join('.') === 'services.jumpHost.nodePort')?.message).toMatch(
      /30000/,
    );
  });

  it('turns missing numbers into blanks and missing roles into empty ones', () => {
    const result = formFromSipCluster({
      metadata: { name: 'x', namespace: 'y' },
      spec: {
        services: {
          loadBalancerControlPlane: [{ image: 'i' }],
          loadBalancerWorker: [{ image: 'i', nodePortRange: {} }],
          jumpHost: [{ image: 'i', nodeSSHPrivateKeys: 'k' }],
        },
      },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.values.services.controlPlane.nodePort).toBeNaN();
    expect(result.values.roles.Worker).toEqual({
      matchLabels: [],
      matchExpressions: [],
      topologyKey: '',
      active: 0,
      standby: 0,
    });
  });

  it.each<[string, unknown, RegExp]>([
    ['a list', [], /the document must be a mapping/],
    ['another kind', { kind: 'Pod' }, /kind must be SIPCluster/],
    ['another apiVersion', { apiVersion: 'v1' }, /apiVersion must be/],
    ['a third role', { spec: { nodes: { Storage: {} } } }, /spec\.nodes\.Storage is not supported/],
    ['labels in metadata', { metadata: { labels: {} } }, /metadata\.labels is not supported/],
    [
      'two jump hosts',
      {
        spec: { services: { loadBalancerControlPlane: [{}], loadBalancerWorker: [{}], jumpHost: [{}, {}] } },
      },
      /jumpHost must have exactly one entry/,
    ],
    [
      'no worker LB',
      { spec: { services: { loadBalancerControlPlane: [{}] } } },
      /loadBalancerWorker must have exactly one entry/,
    ],
    [
      'clusterIP',
      { spec: { services: { loadBalancerControlPlane: [{ clusterIP: '1.2.3.4' }] } } },
      /clusterIP is not supported/,
    ],
    [
      'a port as text',
      {
        spec: {
          services: {
            loadBalancerControlPlane: [{ nodePort: '30001' }],
            loadBalancerWorker: [{}],
            jumpHost: [{}],
          },
        },
      },
      /nodePort must be a number/,
    ],
    [
      'different interface ids',
      {
        spec: {
          services: {
            loadBalancerControlPlane: [{ nodeInterfaceId: 'a' }],
            loadBalancerWorker: [{ nodeInterfaceId: 'b' }],
            jumpHost: [{ nodeInterfaceId: 'a' }],
          },
        },
      },
      /one nodeInterfaceId/,
    ],
    [
      'a bad operator',
      {
        spec: { nodes: { Worker: { labelSelector: { matchExpressions: [{ key: 'k', operator: 'Gt' }] } } } },
      },
      /operator must be one of/,
    ],
  ])('refuses %s, naming the field', (_name, object, message) => {
    const result = formFromSipCluster(object);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(message);
  });
});
