import { describe, expect, it } from 'vitest';
import { impersonationRules, kubeIdentityOf } from './kube-identity';

const user = { kind: 'user', userId: 'id-1', sessionId: 's', bindings: [] } as const;

describe('kubeIdentityOf', () => {
  it('names a local account rackpilot:<name>, in the group of its role and of every role below', () => {
    expect(kubeIdentityOf({ ...user, username: 'ana', role: 'operator' })).toEqual({
      user: 'rackpilot:ana',
      groups: ['rackpilot:viewer', 'rackpilot:operator'],
      uid: 'id-1',
    });
    expect(kubeIdentityOf({ ...user, username: 'root', role: 'admin' }).groups).toEqual([
      'rackpilot:viewer',
      'rackpilot:operator',
      'rackpilot:admin',
    ]);
    expect(kubeIdentityOf({ ...user, username: 'v', role: 'viewer' }).groups).toEqual(['rackpilot:viewer']);
  });

  it('names a provider user by its subject, whatever its console name', () => {
    expect(
      kubeIdentityOf({ ...user, username: 'ana-1f2e3d4c', role: 'viewer', oidcSubject: 'CgNhbmESBWxvY2Fs' }),
    ).toEqual({ user: 'oidc:CgNhbmESBWxvY2Fs', groups: ['rackpilot:viewer'], uid: 'id-1' });
  });
});

describe('impersonationRules', () => {
  it('let the ServiceAccount impersonate every group a user can be given, and no other', () => {
    const groups = impersonationRules().find((rule) => rule.resources?.includes('groups'));
    const given = kubeIdentityOf({ ...user, username: 'root', role: 'admin' }).groups;
    expect([...(groups?.resourceNames ?? [])].sort()).toEqual([...given].sort());
  });
});
