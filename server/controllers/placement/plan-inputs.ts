/**
 * The first half of a PlacementAPI pass, up to the input hash: the input Secret, the database, the
 * configuration Secrets and the TLS inputs. Each step marks its condition and either hands its
 * result on or stops the pass (`undefined`). Pure.
 */
import type { V1Secret } from '@kubernetes/client-node';
import type { PlacementAPI } from '../../types/crds/placement-api';
import { contentHash } from '../common/content-hash';
import type { SecretLookup } from '../common/secret-data';
import { secretText } from '../common/secret-data';
import { readyOf, type DependencyObject, type InstalledGroups } from './dependency-resources';
import type { ConditionSet } from './placement-conditions';
import { DATABASE_PASSWORD_KEY, DEFAULT_PASSWORD_SELECTOR, names } from './placement-names';
import { renderConfigDataSecret, renderScriptsSecret, type ConfigInputs } from './render-config';
import {
  databaseAccountName,
  databaseUserName,
  renderMariaDBAccount,
  renderMariaDBDatabase,
} from './render-dependencies';

/** Keys keystone-operator puts in an application-credential Secret. */
export const AC_ID_KEY = 'AC_ID';
export const AC_SECRET_KEY = 'AC_SECRET';
export const CA_BUNDLE_KEY = 'tls-ca-bundle.pem';

export interface InputsObserved {
  placement: PlacementAPI;
  secret: SecretLookup;
  installed: InstalledGroups;
  account?: DependencyObject;
  database?: DependencyObject;
  keystoneAPI?: DependencyObject;
}

/** What a step found missing: the pass stops, and `poll` asks to look again (the kind is not watched). */
export interface Stop {
  poll: boolean;
}

export interface InputsResult {
  /** The config Secrets, and the dependencies to apply (with the finalizer). */
  secrets: V1Secret[];
  dependencies: DependencyObject[];
  /** Hash of each input, keyed by what it is; the input hash is taken over these. */
  hashes: Record<string, string>;
  databaseHostname?: string;
  stop?: Stop;
}

const dataHash = (secret: V1Secret) => contentHash(secret.data ?? {});

function checkInputSecret(
  observed: InputsObserved,
  c: ConditionSet,
  hashes: Record<string, string>,
): boolean {
  const { placement } = observed;
  const namespace = placement.metadata.namespace ?? '';
  const name = placement.spec.secret;
  const key = placement.spec.passwordSelectors?.service ?? DEFAULT_PASSWORD_SELECTOR;
  const secret = observed.secret(namespace, name);
  if (!secret) {
    c.error('InputReady', `Input data resources missing: Secret ${name}`);
    return false;
  }
  if (secretText(secret, key) === undefined) {
    c.error('InputReady', `Input data error occurred field '${key}' not found in Secret ${name}`);
    return false;
  }
  hashes.secret = dataHash(secret);
  const acName = placement.spec.auth?.applicationCredentialSecret;
  if (acName) {
    const ac = observed.secret(namespace, acName);
    if (!ac || !secretText(ac, AC_ID_KEY) || !secretText(ac, AC_SECRET_KEY)) {
      c.error(
        'InputReady',
        `Input data error occurred application credential Secret ${acName} is missing or lacks ${AC_ID_KEY}/${AC_SECRET_KEY}`,
      );
      return false;
    }
    hashes.applicationCredential = dataHash(ac);
  }
  c.markTrue('InputReady');
  return true;
}

const NOT_INSTALLED_DB =
  'mariadb-operator is not installed: the API server serves no MariaDBAccount/MariaDBDatabase (mariadb.openstack.org); install it, or the lab stand-ins';

/** MariaDBAccount then MariaDBDatabase: created, then waited for; the hostname and credentials on success. */
function ensureDatabase(
  observed: InputsObserved,
  c: ConditionSet,
  result: InputsResult,
): { user: string; password: string; hostname: string } | undefined {
  const { placement } = observed;
  const namespace = placement.metadata.namespace ?? '';
  if (!observed.installed.mariadb) {
    c.error('MariaDBAccountReady', NOT_INSTALLED_DB);
    c.error('DBReady', NOT_INSTALLED_DB);
    return undefined;
  }
  result.dependencies.push(renderMariaDBAccount(placement));
  const account = observed.account;
  const accountSecretName =
    (account?.spec?.secret as string | undefined) ?? names.accountSecret(databaseAccountName(placement));
  const accountSecret = observed.secret(namespace, accountSecretName);
  const password = accountSecret && secretText(accountSecret, DATABASE_PASSWORD_KEY);
  if (!account || !password) {
    c.requested('MariaDBAccountReady', 'MariaDBAccount creation in progress');
    return undefined;
  }
  c.markTrue('MariaDBAccountReady');
  result.hashes.database = contentHash({ account: account.spec ?? {}, password });
  result.dependencies.push(renderMariaDBDatabase(placement));
  const database = observed.database;
  if (readyOf(database)?.status !== 'True' || readyOf(account)?.status !== 'True') {
    c.requested('DBReady', 'DB create job still running');
    return undefined;
  }
  const hostname = `${placement.spec.databaseInstance}.${namespace}.svc`;
  c.markTrue('DBReady');
  const user =
    (account.spec?.userName as string | undefined) ?? databaseUserName(account.metadata?.name ?? '');
  return { user, password, hostname };
}

/** Keystone's URLs and region: from the KeystoneAPI when keystone-operator is installed. */
function keystoneOf(
  observed: InputsObserved,
): Pick<ConfigInputs, 'keystoneInternalURL' | 'keystonePublicURL' | 'region'> | string {
  const namespace = observed.placement.metadata.namespace ?? '';
  if (!observed.installed.keystone) {
    // Without keystone-operator the conventional Service names of a keystone deployment stand in.
    return {
      keystoneInternalURL: `http://keystone-internal.${namespace}.svc:5000`,
      keystonePublicURL: `http://keystone-public.${namespace}.svc:5000`,
      region: 'regionOne',
    };
  }
  const api = observed.keystoneAPI;
  if (!api) return `KeystoneAPI not found in namespace ${namespace}`;
  const endpoints = (api.status?.apiEndpoints ?? {}) as Record<string, string | undefined>;
  if (!endpoints.internal || !endpoints.public)
    return `KeystoneAPI ${api.metadata?.name ?? ''} has no endpoints yet`;
  return {
    keystoneInternalURL: endpoints.internal,
    keystonePublicURL: endpoints.public,
    region: (api.spec?.region as string | undefined) ?? 'regionOne',
  };
}

function checkTls(
  observed: InputsObserved,
  c: ConditionSet,
  hashes: Record<string, string>,
): Stop | undefined {
  const { placement } = observed;
  const namespace = placement.metadata.namespace ?? '';
  const tls = placement.spec.tls;
  if (tls?.caBundleSecretName) {
    const bundle = observed.secret(namespace, tls.caBundleSecretName);
    if (!bundle || secretText(bundle, CA_BUNDLE_KEY) === undefined) {
      c.error('TLSInputReady', `TLSInput is missing: ${tls.caBundleSecretName}`);
      return { poll: false };
    }
    hashes.caBundle = dataHash(bundle);
  }
  for (const endpoint of ['internal', 'public'] as const) {
    const name = tls?.api?.[endpoint]?.secretName;
    if (!name) continue;
    const cert = observed.secret(namespace, name);
    if (!cert || secretText(cert, 'tls.crt') === undefined || secretText(cert, 'tls.key') === undefined) {
      c.requested('TLSInputReady', `TLSInput is missing: ${name}`);
      return { poll: false };
    }
    hashes[`tls-${endpoint}`] = dataHash(cert);
  }
  c.markTrue('TLSInputReady');
  return undefined;
}

export function planInputs(observed: InputsObserved, c: ConditionSet): InputsResult {
  const { placement } = observed;
  const result: InputsResult = { secrets: [], dependencies: [], hashes: {} };
  const stop = (poll: boolean): InputsResult => ({ ...result, stop: { poll } });
  // A missing Secret is watched, but upstream also polls every 10 s; so do we.
  if (!checkInputSecret(observed, c, result.hashes)) return stop(true);
  const database = ensureDatabase(observed, c, result);
  if (!database) return stop(true);
  result.databaseHostname = database.hostname;
  const keystone = keystoneOf(observed);
  if (typeof keystone === 'string') {
    c.error('ServiceConfigReady', `Service config create error occurred ${keystone}`);
    return stop(true);
  }
  const namespace = placement.metadata.namespace ?? '';
  const service = observed.secret(namespace, placement.spec.secret);
  const key = placement.spec.passwordSelectors?.service ?? DEFAULT_PASSWORD_SELECTOR;
  const acName = placement.spec.auth?.applicationCredentialSecret;
  const ac = acName ? observed.secret(namespace, acName) : undefined;
  const configData = renderConfigDataSecret(placement, {
    ...keystone,
    servicePassword: (service && secretText(service, key)) ?? '',
    ...(ac
      ? {
          applicationCredential: {
            id: secretText(ac, AC_ID_KEY) ?? '',
            secret: secretText(ac, AC_SECRET_KEY) ?? '',
          },
        }
      : {}),
    databaseUser: database.user,
    databasePassword: database.password,
    databaseHostname: database.hostname,
  });
  const scripts = renderScriptsSecret(placement);
  result.secrets.push(scripts, configData);
  result.hashes.scripts = dataHash(scripts);
  result.hashes.config = dataHash(configData);
  const tlsStop = checkTls(observed, c, result.hashes);
  if (tlsStop) return { ...result, stop: tlsStop };
  return result;
}

/** One hash over every input hash, in key order, so the same inputs always give the same value. */
export function inputHashOf(hashes: Record<string, string>): string {
  return contentHash(
    Object.keys(hashes)
      .sort()
      .map((key) => [key, hashes[key]]),
  );
}
