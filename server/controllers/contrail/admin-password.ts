import type { V1EnvVar, V1Secret } from '@kubernetes/client-node';
import { controllerReference } from '../../kube/owner-references';
import { managerResource, type Manager } from '../../types/crds/manager';
import { generateToken } from './data-service-kinds';

/** The key upstream keeps the admin password under in the keystoneSecretName Secret. */
export const ADMIN_PASSWORD_KEY = 'password';

/** The services upstream's Manager hands its keystoneSecretName to, by their spec.services field. */
const HOLDERS = new Set(['config', 'webui', 'provisionManager']);

/** The Manager's admin-password Secret: the one its spec names, else upstream's `<name>-admin-password`. */
export function adminPasswordSecretName(manager: Manager): string {
  return manager.spec.keystoneSecretName || `${manager.metadata.name ?? ''}-admin-password`;
}

/**
 * The serviceConfiguration fields the Manager sets on the child of `service`: upstream overwrites the
 * entry's keystoneSecretName with the Manager's, so every holder reads the one Secret the Manager ensures.
 */
export function handDown(manager: Manager, service: string): { keystoneSecretName?: string } {
  return HOLDERS.has(service) ? { keystoneSecretName: adminPasswordSecretName(manager) } : {};
}

/**
 * The Secret to create when none of that name exists: a generated password, controlled by the Manager
 * so it goes with it. An existing one (the user's, or one made by an earlier pass) is never rewritten.
 */
export function plannedAdminPassword(manager: Manager, exists: boolean): V1Secret | undefined {
  if (exists) return undefined;
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'Opaque',
    metadata: {
      name: adminPasswordSecretName(manager),
      namespace: manager.metadata.namespace ?? '',
      ownerReferences: [controllerReference(manager, managerResource)],
    },
    stringData: { [ADMIN_PASSWORD_KEY]: generateToken() },
  };
}

/** `env` set from the admin password of the Secret `secretName`, or nothing when no Secret is named. */
export function adminPasswordEnv(env: string, secretName: string | undefined): V1EnvVar[] {
  return secretName
    ? [{ name: env, valueFrom: { secretKeyRef: { name: secretName, key: ADMIN_PASSWORD_KEY } } }]
    : [];
}
