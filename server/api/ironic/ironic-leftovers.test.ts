import { describe, expect, it } from 'vitest';
import type { Ironic, IronicSpec } from '../../types/crds/ironic';
import type { IronicDatabase } from '../../types/crds/ironic-database';
import { databaseUsers, ironicLeftovers, tlsSecretUsers } from './ironic-leftovers';

const ironic = (name: string, spec: IronicSpec, namespace = 'metal'): Ironic => ({
  apiVersion: 'metal3.io/v1alpha1',
  kind: 'Ironic',
  metadata: { name, namespace, uid: `uid-${name}` },
  spec,
});

const database = (name: string, spec: IronicDatabase['spec'] = {}): IronicDatabase => ({
  apiVersion: 'metal3.io/v1alpha1',
  kind: 'IronicDatabase',
  metadata: { name, namespace: 'metal', uid: `uid-${name}` },
  spec,
});

const a = ironic('a', { databaseRef: { name: 'db' }, tlsRef: { name: 'a-tls' } });
const b = ironic('b', { databaseRef: { name: 'db' } });
const elsewhere = ironic('c', { databaseRef: { name: 'db' }, tlsRef: { name: 'a-tls' } }, 'other');

describe('databaseUsers', () => {
  it.each([
    ['used by two Ironics', [a, b, elsewhere], ['Ironic metal/a', 'Ironic metal/b']],
    ['used by none (one of the same name elsewhere does not count)', [elsewhere], []],
  ])('%s', (_name, ironics, users) => {
    expect(databaseUsers(ironics, 'metal', 'db')).toEqual(users);
  });
});

describe('tlsSecretUsers', () => {
  it('counts Ironics and IronicDatabases, by either of a database’s TLS fields', () => {
    expect(
      tlsSecretUsers(
        [a, b, elsewhere],
        [
          database('db1', { tlsRef: { name: 'a-tls' } }),
          database('db2', { tlsSecretName: 'a-tls' }),
          database('db3'),
        ],
        'metal',
        'a-tls',
      ),
    ).toEqual(['Ironic metal/a', 'IronicDatabase metal/db1', 'IronicDatabase metal/db2']);
  });
});

describe('ironicLeftovers', () => {
  it.each([
    {
      name: 'a shared database is kept, its own TLS Secret is not',
      of: a,
      ironics: [a, b],
      databases: [],
      expected: {
        database: { name: 'db', usedBy: ['Ironic metal/b'] },
        tlsSecret: { name: 'a-tls', usedBy: [] },
      },
    },
    {
      name: 'the last user of a database may remove it',
      of: b,
      ironics: [b],
      databases: [database('db')],
      expected: { database: { name: 'db', usedBy: [] } },
    },
    {
      name: 'a TLS Secret the database also uses is kept',
      of: a,
      ironics: [a],
      databases: [database('db', { tlsRef: { name: 'a-tls' } })],
      expected: {
        database: { name: 'db', usedBy: [] },
        tlsSecret: { name: 'a-tls', usedBy: ['IronicDatabase metal/db'] },
      },
    },
    {
      name: 'SQLite and plain HTTP leave nothing',
      of: ironic('d', {}),
      ironics: [],
      databases: [],
      expected: {},
    },
  ])('$name', ({ of, ironics, databases, expected }) => {
    expect(ironicLeftovers(of, ironics, databases)).toEqual(expected);
  });
});
