import type { Runtime } from '../../runtime';
import { secretPicker, type SecretPicker } from '../namespace-secrets';
import { readyView, type ReadyView } from '../ready-view';
import type { HandlerOptions } from '../trpc';
import { databases, ironics } from './ironic-cache';
import type { NamespaceOptionsInput } from './namespace-options.schema';

export interface NamespaceOptions {
  /** The namespace's Secret names, and the chosen one's type (never data). */
  secrets: SecretPicker;
  databases: { name: string; ready: ReadyView; usedBy: string[] }[];
}

async function namespaceOptions(
  runtime: Runtime,
  namespace: string,
  secret: string | undefined,
): Promise<NamespaceOptions> {
  const users = new Map<string, string[]>();
  for (const ironic of ironics(runtime).list()) {
    const database = ironic.spec?.databaseRef?.name;
    if (ironic.metadata.namespace !== namespace || !database) continue;
    users.set(database, [...(users.get(database) ?? []), ironic.metadata.name ?? '']);
  }
  return {
    secrets: await secretPicker(runtime, namespace, secret),
    databases: databases(runtime)
      .list()
      .filter((database) => database.metadata.namespace === namespace)
      .map((database) => ({
        name: database.metadata.name ?? '',
        ready: readyView(database, 'not reconciled yet'),
        usedBy: users.get(database.metadata.name ?? '') ?? [],
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** Secret names (the chosen one's type too) and IronicDatabases of a namespace, for the form. */
export function namespaceOptionsHandler({ ctx, input }: HandlerOptions<NamespaceOptionsInput>) {
  return namespaceOptions(ctx.runtime, input.namespace, input.secret);
}
