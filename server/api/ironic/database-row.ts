import type { Ironic } from '../../types/crds/ironic';
import type { IronicDatabase } from '../../types/crds/ironic-database';
import { isoTime } from '../iso-time';
import type { ReadyView } from '../ready-view';
import { databaseUsers, type Users } from './ironic-leftovers';
import { databaseReady } from './ironic-row';

/** One IronicDatabase as the Ironic page lists it, with the Ironics that use it. */
export interface DatabaseRow {
  key: string;
  namespace: string;
  name: string;
  ready: ReadyView;
  /** An external MariaDB's address; otherwise it runs in its namespace. */
  externalIP?: string;
  usedBy: Users;
  createdAt?: string;
  deleting: boolean;
}

export function buildDatabaseRows(
  databases: readonly IronicDatabase[],
  ironics: readonly Ironic[],
): DatabaseRow[] {
  return databases
    .map((database) => {
      const { name = '', namespace = '' } = database.metadata;
      return {
        key: `${namespace}/${name}`,
        namespace,
        name,
        ready: databaseReady(database),
        ...(database.spec?.externalIP ? { externalIP: database.spec.externalIP } : {}),
        usedBy: databaseUsers(ironics, namespace, name),
        createdAt: isoTime(database.metadata.creationTimestamp),
        deleting: Boolean(database.metadata.deletionTimestamp),
      };
    })
    .sort((a, b) => a.key.localeCompare(b.key));
}
