import { describe, expect, it } from 'vitest';
import { KubeRequestError } from '../../kube/kube-request';
import { defaultSipClusterForm } from '../../schemas/sip-cluster-form';
import { rejectionOf } from './create-sip-cluster';

// Causes as kube-apiserver 1.34 reports them in the Status of a 422 (captured from the test control plane).
const SEVERAL = [
  {
    reason: 'FieldValueInvalid',
    field: 'spec.services.jumpHost[0].nodePort',
    message:
      'Invalid value: 70000: spec.services.jumpHost[0].nodePort in body should be less than or equal to 65535',
  },
  {
    reason: 'FieldValueInvalid',
    field: 'spec.services.jumpHost[0].sshAuthorizedKeys[0]',
    message:
      'Invalid value: "bad key, really": spec.services.jumpHost[0].sshAuthorizedKeys[0] in body should match \'^…$\'',
  },
  {
    reason: 'FieldValueInvalid',
    field: 'spec.nodes',
    message: 'Invalid value: "object": spec.nodes keys must be ControlPlane or Worker',
  },
];
const ONE = [
  {
    reason: 'FieldValueInvalid',
    field: 'spec.services.loadBalancerWorker[0].nodePortRange',
    message: 'Invalid value: "object": nodePortRange.start must not be greater than nodePortRange.end',
  },
];
const invalid = (causes: typeof SEVERAL) =>
  new KubeRequestError('x: SIPCluster.airship.airshipit.org "a" is invalid: …', 422, 'Invalid', causes);

describe('rejectionOf', () => {
  const form = { ...defaultSipClusterForm(), namespace: 'tenants', name: 'sub1' };

  it('409 → "already exists" at the name field', () => {
    expect(
      rejectionOf(new KubeRequestError('x: sipclusters "sub1" already exists', 409, 'AlreadyExists'), form),
    ).toEqual({
      status: 'rejected',
      message: 'A SIPCluster named sub1 already exists in namespace tenants',
      fieldErrors: { name: 'A SIPCluster named sub1 already exists in namespace tenants' },
    });
  });

  it('404 of the namespace → namespace field', () => {
    expect(
      rejectionOf(new KubeRequestError('x: namespaces "tenants" not found', 404, 'NotFound'), form),
    ).toMatchObject({ fieldErrors: { namespace: 'Namespace tenants does not exist' } });
  });

  it('422 → each cause at its form field, named', () => {
    const result = rejectionOf(invalid(SEVERAL), form);
    expect(result).toMatchObject({
      status: 'rejected',
      fieldErrors: {
        'services.jumpHost.nodePort': expect.stringMatching(
          /^spec\.services\.jumpHost\[0\]\.nodePort: Invalid value: 70000/,
        ) as unknown,
        'services.jumpHost.authorizedKeys': expect.stringMatching(
          /^spec\.services\.jumpHost\[0\]\.sshAuthorizedKeys\[0\]/,
        ) as unknown,
        roles: expect.stringMatching(/spec\.nodes keys must be ControlPlane or Worker/) as unknown,
      },
    });
  });

  it('422 on the range → the range end field', () => {
    expect(rejectionOf(invalid(ONE), form)).toMatchObject({
      fieldErrors: { 'services.worker.end': expect.stringContaining('nodePortRange') as unknown },
    });
  });

  it('400 strict decoding → a form-level message', () => {
    const result = rejectionOf(
      new KubeRequestError(
        '/apis/x: SIPCluster in version "v1" cannot be handled as a SIPCluster: strict decoding error: unknown field "spec.bogus"',
        400,
        'BadRequest',
        [],
        'SIPCluster in version "v1" cannot be handled as a SIPCluster: strict decoding error: unknown field "spec.bogus"',
      ),
      form,
    );
    expect(result).toMatchObject({ status: 'rejected', fieldErrors: {} });
    expect(result?.status === 'rejected' && result.message).toMatch(/unknown field "spec.bogus"/);
    expect(result?.status === 'rejected' && result.message).not.toContain('/apis/');
  });

  it('403 → what the API server said, without the request path', () => {
    const result = rejectionOf(
      new KubeRequestError('/apis/x/y: y is forbidden', 403, 'Forbidden', [], 'y is forbidden'),
      form,
    );
    expect(result).toMatchObject({ status: 'rejected', message: 'Not allowed: y is forbidden' });
  });

  it('leaves other failures to the caller', () => {
    expect(rejectionOf(new KubeRequestError('boom', 500), form)).toBeUndefined();
    expect(rejectionOf(new Error('boom'), form)).toBeUndefined();
  });
});
