import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import {
  defaultSipClusterForm,
  formFieldOfObjectPath,
  formFromSipCluster,
  labelKeyProblem,
  labelValueProblem,
  sipClusterFormSchema,
  sipClusterFromForm,
  validateSipClusterForm,
  type SipClusterForm,
} from './sip-cluster-form';

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHuBC6Z2cEh9kH0Dd8Q1rZ3ICkmTIEWOQmcAX6s5mq7y ops@rack';
const RSA = 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCwpOyZjZ4gB0OTvmof example-key-2';

function validForm(): SipClusterForm {
  const form = defaultSipClusterForm();
  form.namespace = 'tenants';
  form.name = 'sub1';
  form.roles.ControlPlane.matchLabels = [{ key: 'rackpilot.io/flavor', value: 'control-plane' }];
  form.roles.ControlPlane.topologyKey = 'rackpilot.io/rack';
  form.roles.Worker.matchExpressions = [
    { key: 'rackpilot.io/flavor', operator: 'In', values: 'worker, storage' },
  ];
  form.services.jumpHost.privateKeySecret = 'ssh-private-keys';
  form.services.jumpHost.authorizedKeys = `${KEY}\n\n${RSA}\n`;
  return form;
}

type Mutation = (form: SipClusterForm) => void;

describe('sipClusterFormSchema', () => {
  it('accepts the defaults once namespace, name and private-key Secret are filled in', () => {
    expect(validateSipClusterForm(validForm())).toEqual({});
  });

  it.each<[string, Mutation, string, RegExp]>([
    // names
    ['empty name', (f) => (f.name = ''), 'name', /Enter a name/],
    ['upper-case name', (f) => (f.name = 'Sub1'), 'name', /Lower-case letters/],
    ['name with a dot', (f) => (f.name = 'sub.1'), 'name', /Lower-case letters/],
    ['name ending in -', (f) => (f.name = 'sub1-'), 'name', /not at either end/],
    ['name too long for the Services', (f) => (f.name = 'a'.repeat(38)), 'name', /At most 37 characters/],
    ['empty namespace', (f) => (f.namespace = ''), 'namespace', /Enter a namespace/],
    ['bad namespace', (f) => (f.namespace = 'Tenants_1'), 'namespace', /Lower-case letters/],
    // counts
    ['negative count', (f) => (f.roles.Worker.active = -1), 'roles.Worker.active', /0 to 500/],
    ['fractional count', (f) => (f.roles.Worker.standby = 1.5), 'roles.Worker.standby', /whole number/],
    [
      'empty count',
      (f) => (f.roles.ControlPlane.active = Number.NaN),
      'roles.ControlPlane.active',
      /Enter a number/,
    ],
    [
      'no role with hosts',
      (f) => {
        f.roles.ControlPlane.active = 0;
        f.roles.Worker.active = 0;
      },
      'roles',
      /At least one role/,
    ],
    // node ports
    [
      'port below the range',
      (f) => (f.services.controlPlane.nodePort = 80),
      'services.controlPlane.nodePort',
      /30000–32767/,
    ],
    [
      'port above the range',
      (f) => (f.services.jumpHost.nodePort = 32768),
      'services.jumpHost.nodePort',
      /30000–32767/,
    ],
    ['range start too low', (f) => (f.services.worker.start = 29999), 'services.worker.start', /30000–32767/],
    [
      'range reversed',
      (f) => {
        f.services.worker.start = 30011;
        f.services.worker.end = 30002;
      },
      'services.worker.end',
      /must not be below its start \(30011\)/,
    ],
    [
      'control-plane port inside the worker range',
      (f) => (f.services.controlPlane.nodePort = 30005),
      'services.controlPlane.nodePort',
      /inside the worker range/,
    ],
    [
      'jump host port on the control-plane port',
      (f) => (f.services.jumpHost.nodePort = 30001),
      'services.jumpHost.nodePort',
      /control-plane load balancer/,
    ],
    // label keys and values
    [
      'empty label key',
      (f) => (f.roles.ControlPlane.matchLabels = [{ key: '', value: 'x' }]),
      'roles.ControlPlane.matchLabels.0.key',
      /Enter a label key/,
    ],
    [
      'label key with a space',
      (f) => (f.roles.ControlPlane.matchLabels = [{ key: 'my key', value: 'x' }]),
      'roles.ControlPlane.matchLabels.0.key',
      /letters, digits/,
    ],
    [
      'label key with a bad prefix',
      (f) => (f.roles.ControlPlane.matchLabels = [{ key: 'Example.COM/x', value: 'x' }]),
      'roles.ControlPlane.matchLabels.0.key',
      /prefix before "\/"/,
    ],
    [
      'label key with an empty name',
      (f) => (f.roles.ControlPlane.matchLabels = [{ key: 'example.com/', value: 'x' }]),
      'roles.ControlPlane.matchLabels.0.key',
      /name after "\/" is empty/,
    ],
    [
      'label key name of 64',
      (f) => (f.roles.ControlPlane.matchLabels = [{ key: 'a'.repeat(64), value: 'x' }]),
      'roles.ControlPlane.matchLabels.0.key',
      /at most 63/,
    ],
    [
      'label value with a slash',
      (f) => (f.roles.ControlPlane.matchLabels = [{ key: 'k', value: 'a/b' }]),
      'roles.ControlPlane.matchLabels.0.value',
      /label value uses/,
    ],
    [
      'label value of 64',
      (f) => (f.roles.ControlPlane.matchLabels = [{ key: 'k', value: 'v'.repeat(64) }]),
      'roles.ControlPlane.matchLabels.0.value',
      /at most 63/,
    ],
    [
      'duplicate matchLabels key',
      (f) =>
        (f.roles.ControlPlane.matchLabels = [
          { key: 'k', value: 'a' },
          { key: 'k', value: 'b' },
        ]),
      'roles.ControlPlane.matchLabels.1.key',
      /already used/,
    ],
    [
      'In without values',
      (f) => (f.roles.Worker.matchExpressions = [{ key: 'k', operator: 'In', values: ' , ' }]),
      'roles.Worker.matchExpressions.0.values',
      /In needs at least one value/,
    ],
    [
      'Exists with values',
      (f) => (f.roles.Worker.matchExpressions = [{ key: 'k', operator: 'Exists', values: 'a' }]),
      'roles.Worker.matchExpressions.0.values',
      /Exists takes no values/,
    ],
    [
      'bad value in In',
      (f) => (f.roles.Worker.matchExpressions = [{ key: 'k', operator: 'In', values: 'ok, not ok' }]),
      'roles.Worker.matchExpressions.0.values',
      /"not ok"/,
    ],
    [
      'bad topology key',
      (f) => (f.roles.ControlPlane.topologyKey = 'rack key'),
      'roles.ControlPlane.topologyKey',
      /letters, digits/,
    ],
    // services
    ['empty image', (f) => (f.services.worker.image = ''), 'services.worker.image', /Enter an image/],
    [
      'image with a space',
      (f) => (f.services.jumpHost.image = 'jump host'),
      'services.jumpHost.image',
      /no spaces/,
    ],
    [
      'empty nodeInterfaceId',
      (f) => (f.services.nodeInterfaceId = ''),
      'services.nodeInterfaceId',
      /network id/,
    ],
    [
      'authorized key that is not one',
      (f) => (f.services.jumpHost.authorizedKeys = `${KEY}\nnot-a-key AAAA`),
      'services.jumpHost.authorizedKeys',
      /Line 2 is not an OpenSSH public key/,
    ],
    [
      'private key that is a key, not a Secret',
      (f) => (f.services.jumpHost.authorizedKeys = 'ssh-ed25519 notbase64'),
      'services.jumpHost.authorizedKeys',
      /Line 1/,
    ],
    [
      'private-key Secret missing',
      (f) => (f.services.jumpHost.privateKeySecret = ''),
      'services.jumpHost.privateKeySecret',
      /Choose the Secret/,
    ],
    [
      'private-key Secret with a bad name',
      (f) => (f.services.jumpHost.privateKeySecret = 'Keys!'),
      'services.jumpHost.privateKeySecret',
      /Not a valid Secret name/,
    ],
  ])('%s → error at %s', (_name, mutate, path, message) => {
    const form = validForm();
    mutate(form);
    const errors = validateSipClusterForm(form);
    expect(errors[path], JSON.stringify(errors)).toMatch(message);
  });

  it('rejects input of the wrong shape without throwing', () => {
    expect(sipClusterFormSchema.safeParse({}).success).toBe(false);
    expect(sipClusterFormSchema.safeParse(null).success).toBe(false);
    expect(sipClusterFormSchema.safeParse({ ...validForm(), services: 'x' }).success).toBe(false);
  });

  it('accepts the standard label keys and values', () => {
    expect(labelKeyProblem('kubernetes.io/hostname')).toBeUndefined();
    expect(labelKeyProblem('rack')).toBeUndefined();
    expect(labelKeyProblem('a.b-c/D_e.f')).toBeUndefined();
    expect(labelValueProblem('')).toBeUndefined();
    expect(labelValueProblem('Control-Plane_1.x')).toBeUndefined();
  });
});

describe('form ⇄ SIPCluster', () => {
  it('builds the upstream-shaped object', () => {
    expect(sipClusterFromForm(validForm())).toEqual({
      apiVersion: 'airship.airshipit.org/v1',
      kind: 'SIPCluster',
      metadata: { name: 'sub1', namespace: 'tenants' },
      spec: {
        nodes: {
          ControlPlane: {
            labelSelector: { matchLabels: { 'rackpilot.io/flavor': 'control-plane' } },
            topologyKey: 'rackpilot.io/rack',
            count: { active: 1, standby: 0 },
          },
          Worker: {
            labelSelector: {
              matchExpressions: [
                { key: 'rackpilot.io/flavor', operator: 'In', values: ['worker', 'storage'] },
              ],
            },
            count: { active: 1, standby: 0 },
          },
        },
        services: {
          loadBalancerControlPlane: [
            { image: 'haproxy:2.3.2', nodeInterfaceId: 'oam-ipv4', nodePort: 30001 },
          ],
          loadBalancerWorker: [
            {
              image: 'haproxy:2.3.2',
              nodeInterfaceId: 'oam-ipv4',
              nodePortRange: { start: 30002, end: 30011 },
            },
          ],
          jumpHost: [
            {
              image: 'quay.io/airshipit/jump-host:latest',
              nodeInterfaceId: 'oam-ipv4',
              nodePort: 30000,
              sshAuthorizedKeys: [KEY, RSA],
              nodeSSHPrivateKeys: 'ssh-private-keys',
              bmc: { proxy: false },
            },
          ],
        },
      },
    });
  });

  it('omits a role with no count, selector or topology key', () => {
    const form = validForm();
    form.roles.Worker = { matchLabels: [], matchExpressions: [], topologyKey: '', active: 0, standby: 0 };
    expect(Object.keys(sipClusterFromForm(form).spec.nodes ?? {})).toEqual(['ControlPlane']);
  });

  it('round-trips through YAML', () => {
    const form = validForm();
    form.services.jumpHost.authorizedKeys = `${KEY}\n${RSA}`;
    const yaml = stringify(sipClusterFromForm(form));
    expect(formFromSipCluster(parse(yaml))).toEqual({ ok: true, values: form });
  });

  it('reads back values the schema rejects, so the form can show their errors', () => {
    const object = sipClusterFromForm(validForm());
    const jumpHost = object.spec.services.jumpHost?.[0];
    if (jumpHost) jumpHost.nodePort = 80;
    const result = formFromSipCluster(object);
    expect(result.ok && result.values.services.jumpHost.nodePort).toBe(80);
    expect(result.ok && validateSipClusterForm(result.values)['services.jumpHost.nodePort']).toMatch(/30000/);
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

describe('formFieldOfObjectPath', () => {
  it.each([
    ['spec.services.jumpHost[0].nodePort', 'services.jumpHost.nodePort'],
    ['spec.services.jumpHost[0].sshAuthorizedKeys[1]', 'services.jumpHost.authorizedKeys'],
    ['spec.services.jumpHost[0].nodeSSHPrivateKeys', 'services.jumpHost.privateKeySecret'],
    ['spec.services.loadBalancerWorker[0].nodePortRange', 'services.worker.end'],
    ['spec.services.loadBalancerWorker[0].nodePortRange.start', 'services.worker.start'],
    ['spec.services.loadBalancerControlPlane[0].image', 'services.controlPlane.image'],
    ['spec.services.loadBalancerControlPlane[0].nodeInterfaceId', 'services.nodeInterfaceId'],
    ['spec.nodes', 'roles'],
    ['spec.nodes.Worker.count.active', 'roles.Worker.active'],
    ['spec.nodes[ControlPlane].count.standby', 'roles.ControlPlane.standby'],
    ['spec.nodes.Worker.topologyKey', 'roles.Worker.topologyKey'],
    ['spec.nodes.Worker.labelSelector.matchExpressions[0].key', 'roles.Worker.matchExpressions'],
    ['metadata.name', 'name'],
  ])('%s → %s', (path, field) => {
    expect(formFieldOfObjectPath(path)).toBe(field);
  });

  it('is undefined for paths no field owns', () => {
    expect(formFieldOfObjectPath('spec.bogus')).toBeUndefined();
  });
});
