import { describe, expect, it } from 'vitest';
import {
  formErrors,
  initialState,
  NEW_CLUSTER,
  optional,
  toInput,
  type FormState,
} from './provision-form-state';

const existing: FormState = {
  ...initialState,
  cluster: 'rack-a/cluster-a',
  hostname: '  ',
  ip: ' 10.0.0.9 ',
};
const created: FormState = {
  ...initialState,
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
    expect(toInput(['3c:ec:ef:00:00:01'], existing)).toEqual({
      macs: ['3c:ec:ef:00:00:01'],
      namespace: 'rack-a',
      cluster: { mode: 'existing', name: 'cluster-a' },
      role: 'worker',
      profile: initialState.profile,
      hostname: undefined,
      ip: '10.0.0.9',
      kubernetesVersion: initialState.kubernetesVersion,
    });
  });

  it('leaves the address out for several machines (each gets one from the pool)', () => {
    expect(toInput(['3c:ec:ef:00:00:01', '3c:ec:ef:00:00:02'], existing).ip).toBeUndefined();
  });

  it('describes a new cluster with its trimmed fields, blank optional ones left out', () => {
    expect(toInput(['3c:ec:ef:00:00:01'], created)).toMatchObject({
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
        ip: 'outside the subnet',
        '': 'Nothing was created',
      }),
    ).toEqual({
      cluster: 'no such cluster',
      name: 'taken',
      subnet: 'not a CIDR',
      ip: 'outside the subnet',
      macs: 'already leased',
      form: 'Nothing was created',
      namespace: undefined,
      gateway: undefined,
      poolStart: undefined,
      poolEnd: undefined,
      role: undefined,
      profile: undefined,
      hostname: undefined,
      kubernetesVersion: undefined,
    });
    expect(formErrors({ cluster: 'pick a cluster', macs: 'pick a machine' })).toMatchObject({
      cluster: 'pick a cluster',
      macs: 'pick a machine',
    });
  });
});
