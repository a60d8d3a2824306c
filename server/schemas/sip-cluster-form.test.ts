import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors';
import { labelKeyProblem, labelValueProblem } from './label-rules';
import { sipClusterFormSchema } from './sip-cluster-form';
import { KEY, validSipClusterForm as validForm, type SipClusterForm } from './sip-cluster-form-test-fixtures';

function validateSipClusterForm(values: unknown) {
  const result = sipClusterFormSchema.safeParse(values);
  return result.success ? {} : fieldErrorsOf(result.error.issues);
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
