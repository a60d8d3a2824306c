import { describe, expect, it } from 'vitest';
import {
  formErrors,
  formPath,
  initialState,
  NEW_CLUSTER,
  optional,
  provisionFormSchema,
  toInput,
  type FormState,
} from './provision-form-state';

const one = ['3c:ec:ef:00:00:01'];
const existing: FormState = {
  ...initialState(one),
  cluster: 'rack-a/cluster-a',
  hostname: '  ',
  ip: ' 10.0.0.9 ',
};
const created: FormState = {
  ...initialState(one),
  cluster: NEW_CLUSTER,
  namespace: ' tenants ',
  name: ' new-one ',
  subnet: '10.1.0.0/24 ',
  gateway: '',
  poolStart: '10.1.0.10',
  poolEnd: ' ',
  role: 'control-plane',
  hostname: 'cp-1',
};

describe('toInput: the provision dialog as the mutation input', () => {
  it('takes the namespace and name of an existing cluster; one machine keeps its address', () => {
    expect(toInput({ ...existing, profile: 'demo-image' })).toEqual({
      macs: ['3c:ec:ef:00:00:01'],
      namespace: 'rack-a',
      cluster: { mode: 'existing', name: 'cluster-a' },
      role: 'worker',
      profile: 'demo-image',
      hostname: undefined,
      ip: '10.0.0.9',
      kubernetesVersion: existing.kubernetesVersion,
    });
  });

  it('leaves the address out for several machines (each gets one from the pool)', () => {
    expect(toInput({ ...existing, macs: [...one, '3c:ec:ef:00:00:02'] }).ip).toBeUndefined();
  });

  it('describes a new cluster with its trimmed fields, blank optional ones left out', () => {
    expect(toInput(created)).toMatchObject({
      namespace: 'tenants',
      cluster: {
        mode: 'new',
        cluster: {
          name: 'new-one',
          subnet: '10.1.0.0/24',
          gateway: undefined,
          poolStart: '10.1.0.10',
          poolEnd: undefined,
        },
      },
      role: 'control-plane',
      hostname: 'cp-1',
    });
  });

  it.each([
    ['', undefined],
    ['   ', undefined],
    [' a ', 'a'],
  ])('optional(%j) is %j', (value, expected) => {
    expect(optional(value)).toBe(expected);
  });
});

describe('formErrors: the input error paths on the dialog fields', () => {
  it('puts each path on its field, a MAC error on the machines, the rest on the form', () => {
    expect(
      formErrors({
        'cluster.cluster.subnet': 'not a CIDR',
        'cluster.cluster.name': 'taken',
        'cluster.name': 'no such cluster',
        'macs.1': 'already leased',
        'macs.0': 'also leased',
        ip: 'outside the subnet',
        profile: 'no boot profile named x',
        '': 'Nothing was created',
      }),
    ).toEqual({
      cluster: 'no such cluster',
      name: 'taken',
      subnet: 'not a CIDR',
      ip: 'outside the subnet',
      profile: 'no boot profile named x',
      macs: 'already leased',
      form: 'Nothing was created',
    });
    expect(formPath('cluster')).toBe('cluster');
    expect(formPath('macs')).toBe('macs');
  });
});

describe('provisionFormSchema: the mutation schema run on the dialog values', () => {
  const issues = (form: FormState) => {
    const parsed = provisionFormSchema.safeParse(form);
    return parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts valid values, any profile name the server is then asked about', () => {
    expect(issues({ ...existing, profile: 'demo-image' })).toEqual({});
  });

  it('reports the input errors at the dialog fields', () => {
    expect(
      Object.keys(
        issues({ ...created, poolEnd: '10.1.0.20', subnet: '10.1.0.0/33', profile: 'Not A Name', ip: 'x' }),
      ).sort(),
    ).toEqual(['ip', 'profile', 'subnet']);
    expect(Object.keys(issues({ ...existing, macs: ['nope'] }))).toEqual(['macs']);
  });
});
