/**
 * Who uses an IronicDatabase or a TLS Secret, and so what deleting an Ironic may also remove: its
 * IronicDatabase (a running MariaDB) and its TLS Secret stay after the Ironic goes, as neither is
 * owned by it. Pure: the handlers pass the cached objects.
 */
import type { Ironic } from '../../types/crds/ironic';
import type { IronicDatabase } from '../../types/crds/ironic-database';

/** What uses an object, in the console's words ("Ironic metal/lab"). */
export type Users = string[];

export interface Leftover {
  name: string;
  /** Others than the Ironic being deleted: while any is listed, it is kept. */
  usedBy: Users;
}

export interface IronicLeftovers {
  database?: Leftover;
  tlsSecret?: Leftover;
}

const sameNamespace = (object: { metadata: { namespace?: string } }, namespace: string) =>
  object.metadata.namespace === namespace;

/** The Ironics whose databaseRef names this IronicDatabase. */
export function databaseUsers(ironics: readonly Ironic[], namespace: string, name: string): Users {
  return ironics
    .filter((ironic) => sameNamespace(ironic, namespace) && ironic.spec?.databaseRef?.name === name)
    .map((ironic) => `Ironic ${namespace}/${ironic.metadata.name ?? ''}`);
}

/** The Ironics and IronicDatabases whose TLS reference names this Secret. */
export function tlsSecretUsers(
  ironics: readonly Ironic[],
  databases: readonly IronicDatabase[],
  namespace: string,
  name: string,
): Users {
  return [
    ...ironics
      .filter((ironic) => sameNamespace(ironic, namespace) && ironic.spec?.tlsRef?.name === name)
      .map((ironic) => `Ironic ${namespace}/${ironic.metadata.name ?? ''}`),
    ...databases
      .filter(
        (database) =>
          sameNamespace(database, namespace) &&
          (database.spec?.tlsRef?.name ?? database.spec?.tlsSecretName) === name,
      )
      .map((database) => `IronicDatabase ${namespace}/${database.metadata.name ?? ''}`),
  ];
}

/** The Ironic's IronicDatabase and TLS Secret, each with what else uses it. */
export function ironicLeftovers(
  ironic: Ironic,
  ironics: readonly Ironic[],
  databases: readonly IronicDatabase[],
): IronicLeftovers {
  const namespace = ironic.metadata.namespace ?? '';
  const others = ironics.filter((other) => other.metadata.uid !== ironic.metadata.uid);
  const database = ironic.spec?.databaseRef?.name;
  const tls = ironic.spec?.tlsRef?.name;
  return {
    ...(database ? { database: { name: database, usedBy: databaseUsers(others, namespace, database) } } : {}),
    ...(tls ? { tlsSecret: { name: tls, usedBy: tlsSecretUsers(others, databases, namespace, tls) } } : {}),
  };
}
