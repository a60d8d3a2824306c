import { z } from 'zod';
import { parseGroupRoles, type GroupRoles } from './group-roles';

/** How the console signs users in through an OpenID provider (RACKPILOT_OIDC_*). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  groupRoles: GroupRoles;
  /** Shown on the sign-in page: "Sign in with <name>". */
  providerName: string;
  scopes: string[];
  /** The ID token claim that lists the user's groups. */
  groupsClaim: string;
}

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

const optional = z
  .string()
  .optional()
  .transform((value) => value || undefined);

/** The variables, parsed one by one; oidcSettings checks they fit together. */
export const oidcEnvShape = {
  RACKPILOT_OIDC_ISSUER: optional.pipe(
    z
      .url({ error: 'must be a URL' })
      .refine((value) => {
        const url = new URL(value);
        return (
          url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname))
        );
      }, 'must be https (plain http only on loopback, for tests)')
      .refine((value) => !new URL(value).search && !new URL(value).hash, 'must have no query or fragment')
      .optional(),
  ),
  RACKPILOT_OIDC_CLIENT_ID: optional,
  RACKPILOT_OIDC_CLIENT_SECRET: optional,
  RACKPILOT_OIDC_GROUP_ROLES: optional.pipe(
    z
      .string()
      .transform((text, ctx) => {
        try {
          return parseGroupRoles(text);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
          return z.NEVER;
        }
      })
      .optional(),
  ),
  RACKPILOT_OIDC_NAME: optional.pipe(z.string().max(40, 'must be at most 40 characters').optional()),
  RACKPILOT_OIDC_SCOPES: optional
    .transform((value) => (value ?? 'openid profile email groups').split(/\s+/).filter(Boolean))
    .refine((scopes) => scopes.includes('openid'), 'must include openid'),
  RACKPILOT_OIDC_GROUPS_CLAIM: optional.transform((value) => value ?? 'groups'),
  RACKPILOT_LOCAL_SIGNIN: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('1'),
};

type OidcEnv = z.output<z.ZodObject<typeof oidcEnvShape>>;

/** The sign-in settings, or an error message naming what is missing. */
export function oidcSettings(
  values: OidcEnv,
): { ok: true; oidc: OidcSettings | undefined; localSignIn: boolean } | { ok: false; message: string } {
  const localSignIn = values.RACKPILOT_LOCAL_SIGNIN === '1';
  const { RACKPILOT_OIDC_ISSUER: issuer, RACKPILOT_OIDC_CLIENT_ID: clientId } = values;
  const { RACKPILOT_OIDC_CLIENT_SECRET: clientSecret, RACKPILOT_OIDC_GROUP_ROLES: groupRoles } = values;
  const given = [issuer, clientId, clientSecret, groupRoles].filter((value) => value !== undefined).length;
  if (given === 0) {
    if (!localSignIn) {
      return {
        ok: false,
        message: 'RACKPILOT_LOCAL_SIGNIN=0 needs an OpenID provider (RACKPILOT_OIDC_ISSUER…)',
      };
    }
    return { ok: true, oidc: undefined, localSignIn };
  }
  if (!issuer || !clientId || !clientSecret || !groupRoles) {
    return {
      ok: false,
      message:
        'RACKPILOT_OIDC_ISSUER, RACKPILOT_OIDC_CLIENT_ID, RACKPILOT_OIDC_CLIENT_SECRET and RACKPILOT_OIDC_GROUP_ROLES are set together or not at all',
    };
  }
  return {
    ok: true,
    localSignIn,
    oidc: {
      issuer,
      clientId,
      clientSecret,
      groupRoles,
      providerName: values.RACKPILOT_OIDC_NAME ?? new URL(issuer).hostname,
      scopes: values.RACKPILOT_OIDC_SCOPES,
      groupsClaim: values.RACKPILOT_OIDC_GROUPS_CLAIM,
    },
  };
}
