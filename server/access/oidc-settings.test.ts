import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../config';
import { parseBinding } from './role-bindings';

const complete = {
  RACKPILOT_OIDC_ISSUER: 'https://id.example.com/realms/ops',
  RACKPILOT_OIDC_CLIENT_ID: 'rackpilot',
  RACKPILOT_OIDC_CLIENT_SECRET: 'very-secret-value',
  RACKPILOT_OIDC_GROUP_ROLES: 'fleet-admins=admin,staff=viewer',
};

const read = (env: Record<string, string>) => readServerConfig(env, '/srv');

describe('OpenID sign-in settings', () => {
  it('reads the provider, with the default scopes, claim and a name from the issuer', () => {
    const config = read(complete);
    expect(config.localSignIn).toBe(true);
    expect(config.oidc).toEqual({
      issuer: 'https://id.example.com/realms/ops',
      clientId: 'rackpilot',
      clientSecret: 'very-secret-value',
      groupRoles: new Map([
        ['fleet-admins', parseBinding('admin')],
        ['staff', parseBinding('viewer')],
      ]),
      providerName: 'id.example.com',
      scopes: ['openid', 'profile', 'email', 'groups'],
      groupsClaim: 'groups',
    });
  });

  it('reads the name, scopes and claim when given, and turns local sign-in off', () => {
    const config = read({
      ...complete,
      RACKPILOT_OIDC_NAME: 'Corp SSO',
      RACKPILOT_OIDC_SCOPES: 'openid  roles',
      RACKPILOT_OIDC_GROUPS_CLAIM: 'roles',
      RACKPILOT_LOCAL_SIGNIN: '0',
    });
    expect(config.localSignIn).toBe(false);
    expect(config.oidc).toMatchObject({
      providerName: 'Corp SSO',
      scopes: ['openid', 'roles'],
      groupsClaim: 'roles',
    });
  });

  it('allows plain http only for a loopback issuer', () => {
    expect(read({ ...complete, RACKPILOT_OIDC_ISSUER: 'http://127.0.0.1:5556/' }).oidc?.issuer).toBe(
      'http://127.0.0.1:5556/',
    );
    expect(() => read({ ...complete, RACKPILOT_OIDC_ISSUER: 'http://id.example.com/' })).toThrow(
      /^RACKPILOT_OIDC_ISSUER=http:\/\/id.example.com\/ is invalid: must be https/,
    );
    expect(() => read({ ...complete, RACKPILOT_OIDC_ISSUER: 'https://id.example.com/?x=1' })).toThrow(
      /no query or fragment/,
    );
  });

  it('wants the four settings together', () => {
    const { RACKPILOT_OIDC_GROUP_ROLES: _roles, ...noRoles } = complete;
    expect(() => read(noRoles)).toThrow(/are set together or not at all/);
  });

  it('refuses a bad group mapping, scopes without openid, and local sign-in off with no provider', () => {
    expect(() => read({ ...complete, RACKPILOT_OIDC_GROUP_ROLES: 'ops=root' })).toThrow(
      /^RACKPILOT_OIDC_GROUP_ROLES=ops=root is invalid: "root" is not a role/,
    );
    expect(() => read({ ...complete, RACKPILOT_OIDC_SCOPES: 'profile groups' })).toThrow(
      /must include openid/,
    );
    expect(() => read({ RACKPILOT_LOCAL_SIGNIN: '0' })).toThrow(/needs an OpenID provider/);
  });

  it('never shows the client secret in an error', () => {
    expect(() =>
      read({ ...complete, RACKPILOT_OIDC_CLIENT_SECRET: 'x', RACKPILOT_LOCAL_SIGNIN: 'no' }),
    ).toThrow(/^RACKPILOT_LOCAL_SIGNIN=no is invalid: must be 0 or 1$/);
  });
});
