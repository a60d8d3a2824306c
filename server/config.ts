import { resolve } from 'node:path';
import { z } from 'zod';
import {
  accountDelaySchema,
  addressLimitSchema,
  DEFAULT_SIGNIN_LIMITS,
  type SigninLimits,
} from './access/signin-limits';
import { bootRateFromEnv, type BootRate } from './boot/boot-service';
import { parseDatabaseUrl } from './db/database-url';

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
  /** Failed password checks allowed per client address and per username. */
  signinLimits: SigninLimits;
  /** Sign-in, sign-out, session and the session lookup of every request answer within this (503 after). */
  authDeadlineMs: number;
}

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

const envSchema = z.object({
  PORT: portSchema.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  RACKPILOT_STATE_DIR: z.string().min(1).default('.rackpilot'),
  KUBECONFIG: optionalSetting,
  DATABASE_URL: optionalSetting,
  RACKPILOT_DEV: z.enum(['0', '1']).default('0'),
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
  RACKPILOT_SIGNIN_ADDRESS_LIMIT: optionalSetting.pipe(addressLimitSchema.optional()),
  RACKPILOT_SIGNIN_ACCOUNT_DELAY: optionalSetting.pipe(accountDelaySchema.optional()),
  RACKPILOT_AUTH_DEADLINE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100')
    .max(120_000, 'must be at most 120000 (two minutes)')
    .default(10_000),
  RACKPILOT_ADMIN_PASSWORD: optionalSetting.pipe(
    z.string().min(12, 'must be at least 12 characters').optional(),
  ),
});

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** The public URL, and for a console on loopback with no public URL set, the loopback aliases of it. */
function originsFor(host: string, port: number, publicUrl: string | undefined): string[] {
  if (publicUrl) return [publicUrl];
  const bound = host.includes(':') ? `[${host}]` : host;
  const names = LOOPBACK_NAMES.includes(bound) ? LOOPBACK_NAMES : [bound];
  return names.map((name) => `http://${name}:${port}`);
}

/** Settings whose values never appear in an error message. */
const SECRET_SETTINGS = ['RACKPILOT_ADMIN_PASSWORD'];

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
  return {
    host: values.HOST,
    port: values.PORT,
    stateDir: resolve(cwd, values.RACKPILOT_STATE_DIR),
    kubeconfig: values.KUBECONFIG ? resolve(cwd, values.KUBECONFIG) : undefined,
    databaseUrl: values.DATABASE_URL,
    dev: values.RACKPILOT_DEV === '1',
    disabledControllers: values.RACKPILOT_DISABLED_CONTROLLERS,
    namespace: values.RACKPILOT_NAMESPACE,
    publicUrl: originsFor(values.HOST, values.PORT, values.RACKPILOT_PUBLIC_URL)[0] ?? '',
    allowedOrigins: originsFor(values.HOST, values.PORT, values.RACKPILOT_PUBLIC_URL),
    adminPassword: values.RACKPILOT_ADMIN_PASSWORD,
    bootRate: bootRateFromEnv(env.RACKPILOT_BOOT_RATE),
    installTimeoutMs: values.RACKPILOT_INSTALL_TIMEOUT_MS,
    signinLimits: {
      address: values.RACKPILOT_SIGNIN_ADDRESS_LIMIT ?? DEFAULT_SIGNIN_LIMITS.address,
      account: values.RACKPILOT_SIGNIN_ACCOUNT_DELAY ?? DEFAULT_SIGNIN_LIMITS.account,
    },
    authDeadlineMs: values.RACKPILOT_AUTH_DEADLINE_MS,
  };
}
