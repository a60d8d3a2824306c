import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import {
  auditActionOf,
  auditOutcomeOf,
  auditTargetOf,
  hostActionName,
  provisionTarget,
} from './audit-fields';
import { KubeRequestError } from '../kube/kube-request';
import { apiServerRefusal } from './acting-runtime';

describe('audit fields', () => {
  it.each([
    ['power-off', 'host.powerOff'],
    ['power-on', 'host.powerOn'],
    ['restart', 'host.restart'],
    ['inspect', 'host.inspect'],
    ['reformat', undefined],
    [7, undefined],
  ])('host action %s is on record as %s', (action, name) => {
    expect(hostActionName({ namespace: 'n', name: 'h', action })).toBe(name);
  });

  it('a procedure names its action from the input, else by its path', () => {
    const naming = { auditAction: hostActionName };
    expect(auditActionOf('hosts.act', { action: 'power-off' }, naming)).toBe('host.powerOff');
    expect(auditActionOf('hosts.act', { action: 'bogus' }, naming)).toBe('hosts.act');
    expect(auditActionOf('clusters.create', {}, undefined)).toBe('clusters.create');
  });

  it.each([
    [{ namespace: 'lab', cluster: { mode: 'existing', name: 'c1' } }, 'lab/c1'],
    [{ namespace: 'lab', cluster: { mode: 'new', cluster: { name: 'c2' } } }, 'lab/c2'],
    [{ namespace: 'lab', cluster: { mode: 'new' } }, 'lab'],
    [{ cluster: { mode: 'existing', name: 'c1' } }, 'c1'],
    ['garbage', undefined],
  ])('a provision of %j targets %s', (input, target) => {
    expect(provisionTarget(input)).toBe(target);
  });

  it("the procedure's own target first, then the usual input shapes", () => {
    expect(auditTargetOf({ days: 30 }, 'ann', { auditTarget: () => 'setting x' })).toBe('setting x');
    expect(auditTargetOf({ current: 'x' }, 'ann', { auditTarget: (_input, actor) => actor })).toBe('ann');
    expect(auditTargetOf({ namespace: 'n', name: 'h' }, 'ann', undefined)).toBe('n/h');
    expect(auditTargetOf({ days: 30 }, 'ann', undefined)).toBeNull();
  });

  it('an answer that refuses is recorded as refused, with its message and the field errors it does not say', () => {
    expect(
      auditOutcomeOf({
        ok: true,
        data: {
          status: 'rejected',
          message: 'Nothing was created: fix the marked fields',
          fieldErrors: { name: 'A SIPCluster named sub1 already exists in namespace t' },
        },
      }),
    ).toEqual({
      result: 'refused',
      error:
        'Nothing was created: fix the marked fields; name: A SIPCluster named sub1 already exists in namespace t',
    });
    expect(
      auditOutcomeOf({
        ok: true,
        data: {
          status: 'rejected',
          message: 'Namespace x does not exist',
          fieldErrors: { namespace: 'Namespace x does not exist' },
        },
      }),
    ).toEqual({ result: 'refused', error: 'Namespace x does not exist' });
  });

  it('other answers are ok; thrown errors are error, or denied for access', () => {
    expect(auditOutcomeOf({ ok: true, data: { status: 'created' } })).toEqual({ result: 'ok' });
    expect(auditOutcomeOf({ ok: true, data: { status: 'rejected' } })).toEqual({
      result: 'refused',
      error: 'refused',
    });
    expect(auditOutcomeOf({ ok: true, data: undefined })).toEqual({ result: 'ok' });
    expect(auditOutcomeOf({ ok: false, error: new TRPCError({ code: 'FORBIDDEN', message: 'no' }) })).toEqual(
      {
        result: 'denied',
        error: 'no',
      },
    );
    expect(
      auditOutcomeOf({
        ok: false,
        error: new TRPCError({ code: 'PRECONDITION_FAILED', message: 'not now' }),
      }),
    ).toEqual({ result: 'error', error: 'not now' });
  });

  it("the API server's 403 (the user the console acted as may not) is refused, in its words, however it was thrown", () => {
    const said =
      'sipclusters.airship.airshipit.org "c1" is forbidden: User "rackpilot:ana" cannot delete resource';
    const forbidden = new KubeRequestError(`/apis/x: ${said}`, 403, 'Forbidden', [], said);
    const raw = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: forbidden });
    const refusal = apiServerRefusal(raw);
    expect(refusal?.code).toBe('FORBIDDEN');
    expect(refusal?.message).toBe(`the Kubernetes API server refused this: ${said}`);
    expect(auditOutcomeOf({ ok: false, error: raw })).toMatchObject({ result: 'refused' });
    if (refusal) {
      expect(auditOutcomeOf({ ok: false, error: refusal })).toEqual({
        result: 'refused',
        error: refusal.message,
      });
    }
    const wrapped = new TRPCError({ code: 'FORBIDDEN', message: `Not allowed: ${said}`, cause: forbidden });
    expect(apiServerRefusal(wrapped)).toBe(wrapped);
    const conflict = new KubeRequestError('/apis/x: conflict', 409, 'Conflict', [], 'conflict');
    expect(
      apiServerRefusal(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: conflict })),
    ).toBeUndefined();
  });
});
