import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { credentialSource, impersonationHeaders } from './impersonation';
import { kubeActingAs } from './kube-acting-as';
import { credentialOptions } from './kube-request';

describe('impersonationHeaders', () => {
  it('names the user, each group on its own header line, and the uid', () => {
    expect(
      impersonationHeaders({
        user: 'rackpilot:ana',
        groups: ['rackpilot:operator', 'rackpilot:viewer'],
        uid: 'u-1',
      }),
    ).toEqual({
      'impersonate-user': 'rackpilot:ana',
      'impersonate-group': ['rackpilot:operator', 'rackpilot:viewer'],
      'impersonate-uid': 'u-1',
    });
  });

  it('sends no group header for no groups, no uid header for no uid, and a repeated group once', () => {
    expect(impersonationHeaders({ user: 'oidc:1234', groups: [] })).toEqual({
      'impersonate-user': 'oidc:1234',
    });
    expect(impersonationHeaders({ user: 'oidc:1234', groups: ['a', 'a'] })['impersonate-group']).toEqual([
      'a',
    ]);
  });

  it.each([
    ['a user name with a line break', { user: 'ana\r\nImpersonate-Group: system:masters', groups: [] }],
    ['an empty user name', { user: '', groups: [] }],
    ['a user name with spaces around it', { user: ' ana', groups: [] }],
    ['a user name Node cannot send', { user: 'анна', groups: [] }],
    ['a group with a line break', { user: 'ana', groups: ['ops\nsystem:masters'] }],
    ['a uid with a NUL', { user: 'ana', groups: [], uid: 'u\u0000' }],
    ['a user name over 1024 characters', { user: 'a'.repeat(1025), groups: [] }],
    ['more than 64 groups', { user: 'ana', groups: Array.from({ length: 65 }, (_, i) => `g${i}`) }],
  ])('refuses %s before anything is sent', (_what, identity) => {
    expect(() => impersonationHeaders(identity)).toThrow(/cannot act as/);
  });
});

describe('kubeActingAs', () => {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'c', server: 'https://127.0.0.1:6443', skipTLSVerify: false }],
    users: [{ name: 'u', token: 'server-token' }],
    contexts: [{ name: 'x', cluster: 'c', user: 'u' }],
    currentContext: 'x',
  });

  it('keeps the cluster and the server credentials, and adds the headers', () => {
    const acting = kubeActingAs(kc, { user: 'rackpilot:ana', groups: ['rackpilot:viewer'] });
    expect(acting).not.toBe(kc);
    expect(acting.getCurrentCluster()?.server).toBe('https://127.0.0.1:6443');
    expect(credentialSource(acting)).toEqual({
      base: kc,
      headers: { 'impersonate-user': 'rackpilot:ana', 'impersonate-group': ['rackpilot:viewer'] },
    });
  });

  it('acts as the newest identity on the original credentials, never as one user impersonating another', () => {
    const ana = kubeActingAs(kc, { user: 'rackpilot:ana', groups: [] });
    const bo = kubeActingAs(ana, { user: 'rackpilot:bo', groups: [] });
    expect(credentialSource(bo)).toEqual({ base: kc, headers: { 'impersonate-user': 'rackpilot:bo' } });
  });

  it("gives requests and watches of the acting config the server's credentials plus the headers", async () => {
    const acting = kubeActingAs(kc, { user: 'rackpilot:ana', groups: ['rackpilot:viewer'] });
    expect((await credentialOptions(acting)).headers).toEqual({
      Authorization: 'Bearer server-token',
      'impersonate-user': 'rackpilot:ana',
      'impersonate-group': ['rackpilot:viewer'],
    });
    expect((await credentialOptions(kc)).headers).toEqual({ Authorization: 'Bearer server-token' });
  });

  it('leaves a config of its own as it is', () => {
    expect(credentialSource(kc)).toEqual({ base: kc });
  });
});
