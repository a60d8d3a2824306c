import { join, resolve } from 'node:path';
import { z } from 'zod';
import {
  bootRateFromEnv,
  DEFAULT_MAX_REQUEST_BYTES,
  DEFAULT_REISSUE_MS,
  DEFAULT_SIGHTING_LIMITS,
  type BootRate,
  type SightingLimits,
} from './boot/boot-service';
import { DEFAULT_REFUSED_AUDIT_RATES, type RefusedAuditRates } from './access/refused-audit-limit';
import {
  accountDelaySchema,
  addressLimitSchema,
  DEFAULT_SIGNIN_LIMITS,
  type SigninLimits,
} from './access/signin-limits';
import { callLimitsSchema, callRateSchema, DEFAULT_CALL_LIMITS, DEFAULT_CALL_RATE } from './api/call-limits';
import { DEFAULT_DB_LIMITS, type DbLimits } from './db/db-limits';
import type { ConcurrencyLimits } from './lib/keyed-concurrency';
import type { RateLimits } from './lib/keyed-rate';
import { connectionRateSchema, DEFAULT_CONNECTION_RATE } from './http/connection-limits';
import { parseDatabaseUrl } from './db/database-url';
import { urlHost } from './lib/url-host';
import type { AssetServerSettings } from './boot/asset-server';
import { assetServerEnvShape, assetServerSettings } from './boot/asset-server-env';
import { defaultLeaseTimings, type LeaseTimings } from './kube/leader-election';
import type { OutboxLimits } from './api/socket-outbox';
import type { LivenessTimings } from './api/socket-liveness';
import { DEFAULT_RACK_SETTINGS, type RackSettings } from './schemas/rack-settings';
import { rackEnvShape, rackSettingsOf } from './api/racks/rack-settings-env';
import { oidcEnvShape, oidcSettings, type OidcSettings } from './access/oidc-settings';
import { certificateLifetimeEnvShape } from './controllers/contrail/certificate-lifetime';

/** Settings read once from the environment at start; a bad value stops the start with one clear line. */
export interface ServerConfig {
  host: string;
  port: number;
  /** Folder for local state: embedded database, local cluster, exported kubeconfig. */
  stateDir: string;
  /** An existing cluster to use; when unset the local control plane is started. */
  kubeconfig: string | undefined;
  /** An external PostgreSQL; when unset an embedded one is started under stateDir. */
  databaseUrl: string | undefined;
  /** The production build is served unless RACKPILOT_DEV=1. */
  dev: boolean;
  /** Mutations go to the API server as the signed-in user (impersonation), so its RBAC decides. */
  impersonate: boolean;
  /** With impersonation, how long the API server's answer to "may this user list this kind here" is used. */
  accessReviewTtlMs: number;
  /** Controllers not to run, for kinds an upstream operator already reconciles; the console still shows them. */
  disabledControllers: string[];
  /** Namespace of Rackpilot's own objects (the leader-election Lease). */
  namespace: string;
  /** Where browsers reach the console; Origin checks and Secure cookies follow it. */
  publicUrl: string;
  /** Origins accepted on mutations and WebSocket upgrades. */
  allowedOrigins: string[];
  /** Password for the first admin, created when no user exists; generated and printed once when unset. */
  adminPassword: string | undefined;
  /** Boot-service requests per second and burst, per client address. */
  bootRate: BootRate;
  /** An install without a callback for this long is a failure (the host vanished or hung). */
  installTimeoutMs: number;
  /** Bounds on client connections and what one connection may hold open. */
  edge: EdgeLimits;
  /** The origin every boot script URL is built from (never the request's Host header). */
  bootUrl: string;
  /** The asset store: boot profiles name their kernels, initrds and images relative to it. */
  bootAssetsDir: string;
  /** The program that sends the asset files by sendfile(2), its port, and where hosts reach it. */
  bootAssetServer: AssetServerSettings;
  /** The address an install token was issued to may get a fresh one once it is this old (a re-boot). */
  bootReissueMs: number;
  /** Unleased sightings kept in memory and in the hardware table. */
  bootSightings: SightingLimits;
  /** Largest boot request target (path and query) and body. */
  bootMaxRequestBytes: number;
  /** How often /api/readyz's checks run in the background. */
  readyzIntervalMs: number;
  /** Database pool size and how long a call may wait for a connection and run on one. */
  db: DbLimits;
  /** Audit rows of refused calls per minute: by nobody signed in (per address) and by principals, each also in total. */
  refusedAuditRates: RefusedAuditRates;
  /** Failed password checks allowed per client address and per username. */
  signinLimits: SigninLimits;
  /** Sign-in, sign-out, session and the session lookup of every request answer within this (503 after). */
  authDeadlineMs: number;
  /** Leader election of the controllers among replicas. */
  leaseTimings: LeaseTimings;
  /** Install absent CRDs and update Rackpilot's own at start; off when the deploy installs them. */
  installCrds: boolean;
  /** How often a PlacementAPI waiting on another operator's resource (not cached) looks again. */
  dependencyPollMs: number;
  /** The rack view's label keys for a host's slot and height, and the height of a rack. */
  racks: RackSettings;
  /** Sign-in through an OpenID provider, when configured. */
  oidc: OidcSettings | undefined;
  /** Local accounts may sign in with a password (off: the provider only). */
  localSignIn: boolean;
  /** How long the Contrail pods' certificates are valid; renewed with a third of it left. */
  contrailCertificateLifetimeMs: number;
}

export interface EdgeLimits {
  /** Open TCP connections (HTTP and WebSocket) from one client address. */
  connectionsPerAddress: number;
  /** Open TCP connections in total. */
  connectionsTotal: number;
  /** New TCP connections one client address may open a second. */
  connectionRatePerAddress: RateLimits;
  /** A request's headers, and a WebSocket upgrade's handshake, must complete within this. */
  handshakeTimeoutMs: number;
  /** Subscriptions open at once on one WebSocket. */
  subscriptionsPerSocket: number;
  /** Queries and mutations of one user (or one address, signed out) running and waiting at once. */
  callsPerCaller: ConcurrencyLimits;
  /** How fast one user's (or address's) queries and mutations may start. */
  callRatePerCaller: RateLimits;
  /** What one WebSocket may have waiting and for how long, and how its liveness is checked. */
  socket: OutboxLimits & LivenessTimings;
}

const HOUR_MS = 3_600_000;

const portSchema = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

// An empty variable means unset, as shells and CI files often write it.
const optionalSetting = z
  .string()
  .optional()
  .transform((value) => value || undefined);

/** A whole number of `unit` within [min, max]; unset means `fallback`. */
function wholeNumber(min: number, max: number, unit: string, fallback: number) {
  return z.coerce
    .number({ error: `must be a number of ${unit}` })
    .int(`must be a whole number of ${unit}`)
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(fallback);
}

const envSchema = z.object({
  PORT: portSchema.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  RACKPILOT_STATE_DIR: z.string().min(1).default('.rackpilot'),
  KUBECONFIG: optionalSetting,
  DATABASE_URL: optionalSetting,
  RACKPILOT_DEV: z.enum(['0', '1']).default('0'),
  RACKPILOT_IMPERSONATE: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0'),
  RACKPILOT_ACCESS_REVIEW_TTL_MS: wholeNumber(1000, 300_000, 'milliseconds', 30_000),
  RACKPILOT_DISABLED_CONTROLLERS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  RACKPILOT_NAMESPACE: z
    .string()
    .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, 'must be a DNS-1123 label')
    .max(63)
    .default('rackpilot-system'),
  RACKPILOT_PUBLIC_URL: optionalSetting.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((value) => new URL(value).origin)
      .optional(),
  ),
  RACKPILOT_INSTALL_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(60_000, 'must be at least 60000 (one minute)')
    .default(30 * 60_000),
  RACKPILOT_MAX_CONNECTIONS_PER_ADDRESS: wholeNumber(1, 1_000_000, 'connections', 1024),
  RACKPILOT_MAX_CONNECTIONS: wholeNumber(1, 1_000_000, 'connections', 4096),
  RACKPILOT_CONNECTION_RATE_PER_ADDRESS: optionalSetting.pipe(connectionRateSchema.optional()),
  RACKPILOT_HANDSHAKE_TIMEOUT_MS: wholeNumber(1000, 300_000, 'milliseconds', 10_000),
  RACKPILOT_MAX_SUBSCRIPTIONS_PER_SOCKET: wholeNumber(1, 10_000, 'subscriptions', 32),
  RACKPILOT_CALLS_PER_CALLER: optionalSetting.pipe(callLimitsSchema.optional()),
  RACKPILOT_CALL_RATE_PER_CALLER: optionalSetting.pipe(callRateSchema.optional()),
  RACKPILOT_SOCKET_QUEUE_BYTES: wholeNumber(65_536, 268_435_456, 'bytes', 1_048_576),
  RACKPILOT_SOCKET_BEHIND_MS: wholeNumber(1000, 600_000, 'milliseconds', 30_000),
  RACKPILOT_SOCKET_PING_MS: wholeNumber(1000, 600_000, 'milliseconds', 30_000),
  RACKPILOT_SOCKET_PONG_WAIT_MS: wholeNumber(1000, 600_000, 'milliseconds', 10_000),
  RACKPILOT_BOOT_URL: optionalSetting.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((value) => new URL(value).origin)
      .optional(),
  ),
  RACKPILOT_BOOT_ASSETS: optionalSetting,
  ...assetServerEnvShape,
  RACKPILOT_BOOT_REISSUE_MS: wholeNumber(10_000, 86_400_000, 'milliseconds', DEFAULT_REISSUE_MS),
  RACKPILOT_BOOT_MAX_SIGHTINGS: wholeNumber(10, 10_000_000, 'sightings', DEFAULT_SIGHTING_LIMITS.max),
  RACKPILOT_BOOT_SIGHTING_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive('must be more than 0')
    .default(DEFAULT_SIGHTING_LIMITS.maxAgeMs / HOUR_MS),
  RACKPILOT_BOOT_REQUEST_BYTES: wholeNumber(1024, 8192, 'bytes', DEFAULT_MAX_REQUEST_BYTES),
  RACKPILOT_READYZ_INTERVAL_MS: wholeNumber(500, 600_000, 'milliseconds', 5000),
  RACKPILOT_DB_POOL_SIZE: wholeNumber(2, 500, 'connections', DEFAULT_DB_LIMITS.poolSize),
  RACKPILOT_DB_ACQUIRE_TIMEOUT_MS: wholeNumber(
    100,
    600_000,
    'milliseconds',
    DEFAULT_DB_LIMITS.acquireTimeoutMs,
  ),
  RACKPILOT_DB_STATEMENT_TIMEOUT_MS: wholeNumber(
    100,
    3_600_000,
    'milliseconds',
    DEFAULT_DB_LIMITS.statementTimeoutMs,
  ),
  RACKPILOT_AUDIT_ANONYMOUS_PER_MINUTE: wholeNumber(
    1,
    100_000,
    'rows',
    DEFAULT_REFUSED_AUDIT_RATES.anonymous.perCallerPerMinute,
  ),
  RACKPILOT_AUDIT_ANONYMOUS_TOTAL_PER_MINUTE: wholeNumber(
    1,
    1_000_000,
    'rows',
    DEFAULT_REFUSED_AUDIT_RATES.anonymous.totalPerMinute,
  ),
  RACKPILOT_AUDIT_SIGNED_IN_PER_MINUTE: wholeNumber(
    1,
    100_000,
    'rows',
    DEFAULT_REFUSED_AUDIT_RATES.signedIn.perCallerPerMinute,
  ),
  RACKPILOT_AUDIT_SIGNED_IN_TOTAL_PER_MINUTE: wholeNumber(
    1,
    1_000_000,
    'rows',
    DEFAULT_REFUSED_AUDIT_RATES.signedIn.totalPerMinute,
  ),
  RACKPILOT_SIGNIN_ADDRESS_LIMIT: optionalSetting.pipe(addressLimitSchema.optional()),
  RACKPILOT_SIGNIN_ACCOUNT_DELAY: optionalSetting.pipe(accountDelaySchema.optional()),
  RACKPILOT_AUTH_DEADLINE_MS: wholeNumber(100, 120_000, 'milliseconds', 10_000),
  RACKPILOT_INSTALL_CRDS: z
    .enum(['0', '1'], { message: 'must be 1 (install and update our CRDs) or 0' })
    .default('1'),
  RACKPILOT_LEASE_DURATION_MS: wholeNumber(
    2000,
    600_000,
    'milliseconds',
    defaultLeaseTimings.leaseDurationMs,
  ),
  RACKPILOT_LEASE_RENEW_DEADLINE_MS: wholeNumber(
    1000,
    600_000,
    'milliseconds',
    defaultLeaseTimings.renewDeadlineMs,
  ),
  RACKPILOT_LEASE_RETRY_PERIOD_MS: wholeNumber(
    200,
    60_000,
    'milliseconds',
    defaultLeaseTimings.retryPeriodMs,
  ),
  RACKPILOT_DEPENDENCY_POLL_MS: wholeNumber(200, 600_000, 'milliseconds', 10_000),
  ...rackEnvShape(wholeNumber(1, 100, 'rack units', DEFAULT_RACK_SETTINGS.units)),
  RACKPILOT_ADMIN_PASSWORD: optionalSetting.pipe(
    z.string().min(12, 'must be at least 12 characters').optional(),
  ),
  ...oidcEnvShape,
  ...certificateLifetimeEnvShape,
});

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** The public URL, and for a console on loopback with no public URL set, the loopback aliases of it. */
function originsFor(host: string, port: number, publicUrl: string | undefined): string[] {
  if (publicUrl) return [publicUrl];
  const bound = urlHost(host);
  const names = LOOPBACK_NAMES.includes(bound) ? LOOPBACK_NAMES : [bound];
  return names.map((name) => `http://${name}:${port}`);
}

/** Settings whose values never appear in an error message. */
const SECRET_SETTINGS = ['RACKPILOT_ADMIN_PASSWORD', 'RACKPILOT_OIDC_CLIENT_SECRET'];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function readServerConfig(env: Record<string, string | undefined>, cwd: string): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path.join('.') ?? 'environment';
    const shown = SECRET_SETTINGS.includes(key) ? '…' : (env[key] ?? '');
    throw new ConfigError(`${key}=${shown} is invalid: ${issue?.message ?? 'bad value'}`);
  }
  const values = parsed.data;
  if (values.DATABASE_URL) parseDatabaseUrl(values.DATABASE_URL);
  const leaseTimings: LeaseTimings = {
    leaseDurationMs: values.RACKPILOT_LEASE_DURATION_MS,
    renewDeadlineMs: values.RACKPILOT_LEASE_RENEW_DEADLINE_MS,
    retryPeriodMs: values.RACKPILOT_LEASE_RETRY_PERIOD_MS,
  };
  // Otherwise an old leader could still be reconciling when another replica takes over.
  if (
    !(leaseTimings.retryPeriodMs < leaseTimings.renewDeadlineMs) ||
    !(leaseTimings.renewDeadlineMs < leaseTimings.leaseDurationMs)
  ) {
    throw new ConfigError(
      'RACKPILOT_LEASE_RETRY_PERIOD_MS < RACKPILOT_LEASE_RENEW_DEADLINE_MS < RACKPILOT_LEASE_DURATION_MS must hold',
    );
  }
  const signIn = oidcSettings(values);
  if (!signIn.ok) throw new ConfigError(signIn.message);
  const stateDir = resolve(cwd, values.RACKPILOT_STATE_DIR);
  const publicUrl = originsFor(values.HOST, values.PORT, values.RACKPILOT_PUBLIC_URL)[0] ?? '';
  return {
    host: values.HOST,
    port: values.PORT,
    stateDir,
    kubeconfig: values.KUBECONFIG ? resolve(cwd, values.KUBECONFIG) : undefined,
    databaseUrl: values.DATABASE_URL,
    dev: values.RACKPILOT_DEV === '1',
    impersonate: values.RACKPILOT_IMPERSONATE === '1',
    accessReviewTtlMs: values.RACKPILOT_ACCESS_REVIEW_TTL_MS,
    disabledControllers: values.RACKPILOT_DISABLED_CONTROLLERS,
    namespace: values.RACKPILOT_NAMESPACE,
    publicUrl,
    allowedOrigins: originsFor(values.HOST, values.PORT, values.RACKPILOT_PUBLIC_URL),
    adminPassword: values.RACKPILOT_ADMIN_PASSWORD,
    bootRate: bootRateFromEnv(env.RACKPILOT_BOOT_RATE),
    installTimeoutMs: values.RACKPILOT_INSTALL_TIMEOUT_MS,
    edge: {
      connectionsPerAddress: values.RACKPILOT_MAX_CONNECTIONS_PER_ADDRESS,
      connectionsTotal: values.RACKPILOT_MAX_CONNECTIONS,
      connectionRatePerAddress: values.RACKPILOT_CONNECTION_RATE_PER_ADDRESS ?? DEFAULT_CONNECTION_RATE,
      handshakeTimeoutMs: values.RACKPILOT_HANDSHAKE_TIMEOUT_MS,
      subscriptionsPerSocket: values.RACKPILOT_MAX_SUBSCRIPTIONS_PER_SOCKET,
      callsPerCaller: values.RACKPILOT_CALLS_PER_CALLER ?? DEFAULT_CALL_LIMITS,
      callRatePerCaller: values.RACKPILOT_CALL_RATE_PER_CALLER ?? DEFAULT_CALL_RATE,
      socket: {
        queueBytes: values.RACKPILOT_SOCKET_QUEUE_BYTES,
        behindMs: values.RACKPILOT_SOCKET_BEHIND_MS,
        pingMs: values.RACKPILOT_SOCKET_PING_MS,
        pongWaitMs: values.RACKPILOT_SOCKET_PONG_WAIT_MS,
      },
    },
    bootUrl: values.RACKPILOT_BOOT_URL ?? publicUrl,
    bootAssetsDir: values.RACKPILOT_BOOT_ASSETS
      ? resolve(cwd, values.RACKPILOT_BOOT_ASSETS)
      : join(stateDir, 'boot-assets'),
    bootAssetServer: assetServerSettings(values, cwd),
    bootReissueMs: values.RACKPILOT_BOOT_REISSUE_MS,
    bootSightings: {
      max: values.RACKPILOT_BOOT_MAX_SIGHTINGS,
      maxAgeMs: values.RACKPILOT_BOOT_SIGHTING_HOURS * HOUR_MS,
    },
    bootMaxRequestBytes: values.RACKPILOT_BOOT_REQUEST_BYTES,
    readyzIntervalMs: values.RACKPILOT_READYZ_INTERVAL_MS,
    db: {
      poolSize: values.RACKPILOT_DB_POOL_SIZE,
      acquireTimeoutMs: values.RACKPILOT_DB_ACQUIRE_TIMEOUT_MS,
      statementTimeoutMs: values.RACKPILOT_DB_STATEMENT_TIMEOUT_MS,
    },
    refusedAuditRates: {
      anonymous: {
        perCallerPerMinute: values.RACKPILOT_AUDIT_ANONYMOUS_PER_MINUTE,
        totalPerMinute: values.RACKPILOT_AUDIT_ANONYMOUS_TOTAL_PER_MINUTE,
      },
      signedIn: {
        perCallerPerMinute: values.RACKPILOT_AUDIT_SIGNED_IN_PER_MINUTE,
        totalPerMinute: values.RACKPILOT_AUDIT_SIGNED_IN_TOTAL_PER_MINUTE,
      },
    },
    signinLimits: {
      address: values.RACKPILOT_SIGNIN_ADDRESS_LIMIT ?? DEFAULT_SIGNIN_LIMITS.address,
      account: values.RACKPILOT_SIGNIN_ACCOUNT_DELAY ?? DEFAULT_SIGNIN_LIMITS.account,
    },
    authDeadlineMs: values.RACKPILOT_AUTH_DEADLINE_MS,
    leaseTimings,
    installCrds: values.RACKPILOT_INSTALL_CRDS === '1',
    dependencyPollMs: values.RACKPILOT_DEPENDENCY_POLL_MS,
    racks: rackSettingsOf(values),
    oidc: signIn.oidc,
    localSignIn: signIn.localSignIn,
    contrailCertificateLifetimeMs: values.RACKPILOT_CONTRAIL_CERT_LIFETIME_HOURS * HOUR_MS,
  };
}
