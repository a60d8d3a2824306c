import type { V1Pod } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import {
  certificateSubjects,
  planCertificates,
  renewWindowMs,
  type CertificateSubject,
  type IssuedCertificate,
} from './plan-certificates';

const HOUR = 3_600_000;
const LIFETIME = 30 * HOUR;
const now = new Date('2026-12-01T10:00:00Z');
const at = (hoursFromNow: number) => new Date(now.getTime() + hoursFromNow * HOUR);

const subject: CertificateSubject = {
  ip: '10.1.0.1',
  dnsNames: ['node-a', 'pod-0'],
  otherIps: ['10.96.0.9'],
};

/** A certificate for `subject` issued `age` hours ago with LIFETIME, signed by the CA; `change` alters it. */
function issued(age: number, change: Partial<IssuedCertificate> = {}): IssuedCertificate {
  return {
    dnsNames: ['pod-0', 'node-a'],
    ips: ['10.96.0.9', '10.1.0.1'],
    notBefore: at(-age),
    notAfter: at(-age + LIFETIME / HOUR),
    signedByCa: true,
    ...change,
  };
}

describe('renewWindowMs', () => {
  it('is a third of the lifetime', () => {
    expect(renewWindowMs(30 * HOUR)).toBe(10 * HOUR);
    expect(renewWindowMs(9000)).toBe(3000);
  });
});

describe('planCertificates', () => {
  it.each<[string, IssuedCertificate | undefined, string | undefined, Date]>([
    // Issued now: renewed at 20 of its 30 hours.
    ['none stored', undefined, 'missing', at(20)],
    ['a fresh one (same names, any order)', issued(1), undefined, at(19)],
    ['one just before its renew window', issued(19.9), undefined, at(0.1)],
    ['one at the start of its renew window', issued(20), 'renew window', at(20)],
    ['an expired one', issued(40), 'renew window', at(20)],
    ['one signed by another CA (the CA was replaced)', issued(1, { signedByCa: false }), 'other CA', at(20)],
    ['one missing a DNS name', issued(1, { dnsNames: ['node-a'] }), 'names changed', at(20)],
    ['one naming an old host', issued(1, { dnsNames: ['node-b', 'pod-0'] }), 'names changed', at(20)],
    ['one without the Service address', issued(1, { ips: ['10.1.0.1'] }), 'names changed', at(20)],
    ['one valid only from later', issued(-1), 'not yet valid', at(20)],
  ])('with %s', (_case, stored, reason, renewAt) => {
    const plan = planCertificates([subject], new Map(stored ? [[subject.ip, stored]] : []), now, LIFETIME);
    expect(plan.issue.map((i) => i.reason)).toEqual(reason ? [reason] : []);
    expect(plan.keep).toEqual(reason ? [] : [subject.ip]);
    expect(plan.renewAt).toEqual(renewAt);
  });

  it('renews at the earliest of what it keeps and what it issues, and forgets IPs no pod has', () => {
    const other: CertificateSubject = { ip: '10.1.0.2', dnsNames: ['pod-1'], otherIps: [] };
    const stored = new Map([
      [subject.ip, issued(15)],
      ['10.1.0.9', issued(1, { ips: ['10.1.0.9'] })],
    ]);
    const plan = planCertificates([subject, other], stored, now, LIFETIME);
    expect(plan.keep).toEqual([subject.ip]);
    expect(plan.issue).toEqual([{ subject: other, reason: 'missing' }]);
    expect(plan.renewAt).toEqual(at(5));
    // Nothing to hold: nothing to renew.
    expect(planCertificates([], stored, now, LIFETIME, 4)).toEqual({ keep: [], issue: [], generation: 4 });
  });

  describe('the generation that rolls the pods', () => {
    const second: CertificateSubject = { ip: '10.1.0.2', dnsNames: ['pod-1'], otherIps: [] };
    const third: CertificateSubject = { ip: '10.1.0.3', dnsNames: ['pod-2'], otherIps: [] };
    const fresh = (ip: string, dnsNames: string[], age = 1) => issued(age, { ips: [ip], dnsNames });

    type Stored = Map<string, IssuedCertificate>;
    it.each<[string, (stored: Stored) => void, number, string[]]>([
      ['every certificate kept', () => undefined, 3, []],
      // A new pod (or one with a new IP after a roll) gets its first certificate: no restart is needed.
      ['only a new pod’s first certificate', (stored) => stored.delete(third.ip), 3, ['missing']],
      [
        'one in use due for renewal: the others are renewed with it',
        (stored) => stored.set(second.ip, fresh(second.ip, ['pod-1'], 20)),
        4,
        ['renewed with the rest', 'renew window', 'renewed with the rest'],
      ],
      [
        'all signed by a CA since replaced',
        (stored) => {
          for (const [ip, certificate] of stored) stored.set(ip, { ...certificate, signedByCa: false });
        },
        4,
        ['other CA', 'other CA', 'other CA'],
      ],
      [
        'one not valid yet, beside a new pod',
        (stored) => {
          stored.set(second.ip, fresh(second.ip, ['pod-1'], -1));
          stored.delete(third.ip);
        },
        4,
        ['renewed with the rest', 'not yet valid', 'missing'],
      ],
      // A new pod at an old pod's address (a host-network agent of a DaemonSet, under a new name) gets
      // a certificate naming it without a roll: rolling would bring yet another name.
      [
        'one naming a pod gone from its address',
        (stored) => stored.set(second.ip, fresh(second.ip, ['pod-1-old'])),
        3,
        ['names changed'],
      ],
    ])('with %s', (_case, change, generation, reasons) => {
      const stored: Stored = new Map([
        [subject.ip, issued(1)],
        [second.ip, fresh(second.ip, ['pod-1'])],
        [third.ip, fresh(third.ip, ['pod-2'])],
      ]);
      change(stored);
      const plan = planCertificates([subject, second, third], stored, now, LIFETIME, 3);
      expect(plan.generation).toBe(generation);
      expect(plan.issue.map((i) => i.reason)).toEqual(reasons);
      expect(plan.keep).toHaveLength(3 - reasons.length);
    });

    it('starts at 0, and the first certificates of a new component leave it there', () => {
      expect(planCertificates([subject, second], new Map(), now, LIFETIME).generation).toBe(0);
    });
  });
});

const pod = (
  name: string,
  change: Partial<V1Pod['spec']> = {},
  ip: string | undefined = '10.1.0.1',
): V1Pod => ({
  metadata: { name },
  spec: { containers: [], nodeName: 'node-a', ...change },
  status: ip ? { podIP: ip } : {},
});

describe('certificateSubjects', () => {
  const service = { name: 'config1-config', namespace: 'ns', clusterIP: '10.96.0.9' };

  it.each<[string, V1Pod, typeof service | undefined, CertificateSubject[]]>([
    [
      'a pod behind a Service',
      pod('config1-0'),
      service,
      [
        {
          ip: '10.1.0.1',
          dnsNames: ['config1-0', 'config1-0.config1-config.ns.svc', 'config1-config.ns.svc'],
          otherIps: ['10.96.0.9'],
        },
      ],
    ],
    [
      'a host-network pod: the node is its host name, as upstream names it',
      pod('config1-0', { hostNetwork: true }),
      undefined,
      [{ ip: '10.1.0.1', dnsNames: ['node-a', 'config1-0'], otherIps: [] }],
    ],
    [
      'a pod with a host name of its own',
      pod('config1-0', { hostname: 'api-0' }),
      undefined,
      [{ ip: '10.1.0.1', dnsNames: ['api-0', 'config1-0'], otherIps: [] }],
    ],
    [
      'a headless Service: no cluster IP to name',
      pod('config1-0'),
      { ...service, clusterIP: 'None' },
      [
        {
          ip: '10.1.0.1',
          dnsNames: ['config1-0', 'config1-0.config1-config.ns.svc', 'config1-config.ns.svc'],
          otherIps: [],
        },
      ],
    ],
    ['a pod without an IP yet', pod('config1-0', {}, ''), service, []],
    [
      'a pod being deleted',
      Object.assign(pod('config1-0'), { metadata: { name: 'config1-0', deletionTimestamp: now } }),
      service,
      [],
    ],
  ])('%s', (_case, observed, reachedAs, subjects) => {
    expect(certificateSubjects([observed], reachedAs)).toEqual(subjects);
  });
});
