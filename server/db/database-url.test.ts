import { describe, expect, it } from 'vitest';
import { SetupError } from '../setup-error';
import { parseDatabaseUrl, redactDatabaseUrl } from './database-url';

describe('parseDatabaseUrl', () => {
  it.each([
    {
      url: 'postgresql://app:secret@db.internal:6543/rackpilot',
      expected: {
        host: 'db.internal',
        port: 6543,
        database: 'rackpilot',
        user: 'app',
        address: 'db.internal:6543',
      },
    },
    {
      url: 'postgres://app@127.0.0.1/rackpilot',
      expected: {
        host: '127.0.0.1',
        port: 5432,
        database: 'rackpilot',
        user: 'app',
        address: '127.0.0.1:5432',
      },
    },
    {
      url: 'postgresql://app:pw@[::1]:5433/rp?sslmode=disable',
      expected: { host: '[::1]', port: 5433, database: 'rp', user: 'app', address: '[::1]:5433' },
    },
    {
      url: 'postgresql://my%20user:p%40ss@localhost/my%2Ddb',
      expected: {
        host: 'localhost',
        port: 5432,
        database: 'my-db',
        user: 'my user',
        address: 'localhost:5432',
      },
    },
    {
      url: 'postgresql://localhost/rackpilot',
      expected: { host: 'localhost', port: 5432, database: 'rackpilot', user: '', address: 'localhost:5432' },
    },
  ])('accepts $url', ({ url, expected }) => {
    expect(parseDatabaseUrl(url)).toEqual({ url, ...expected });
  });

  it.each([
    { url: '', reason: '(empty) cannot be parsed' },
    { url: 'not a url', reason: 'not a url cannot be parsed' },
    { url: 'localhost:5432/rackpilot', reason: 'has scheme "localhost"' },
    { url: 'mysql://app:pw@db/rackpilot', reason: 'mysql://app:***@db/rackpilot has scheme "mysql"' },
    { url: 'http://db/rackpilot', reason: 'has scheme "http"' },
    { url: 'postgresql:///rackpilot', reason: 'has no host' },
    { url: 'postgresql://app:pw@db', reason: 'postgresql://app:***@db names no database' },
    { url: 'postgresql://app:pw@db/', reason: 'names no database' },
    { url: 'postgresql://db/a/b', reason: 'has more than one path segment' },
    { url: 'postgresql://db:99999/rackpilot', reason: 'cannot be parsed' },
    { url: 'postgresql://db:0/rackpilot', reason: 'has port 0' },
    { url: 'postgresql://db/%E0%A4%A', reason: 'has a malformed %-escape' },
  ])('rejects "$url"', ({ url, reason }) => {
    let error: unknown;
    try {
      parseDatabaseUrl(url);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SetupError);
    const message = (error as SetupError).message;
    expect(message).toMatch(/^DATABASE_URL is not a PostgreSQL URL: /);
    expect(message).toContain(reason);
    expect(message).toContain('expected postgresql://user:password@host:5432/database');
    expect(message).not.toContain('\n');
  });

  it('never puts the password in an error message', () => {
    expect(() => parseDatabaseUrl('mysql://admin:hunter2@db/rackpilot')).toThrow(/admin:\*\*\*@db/);
    expect(() => parseDatabaseUrl('postgresql://admin:hunter2@db')).not.toThrow(/hunter2/);
    expect(() => parseDatabaseUrl('postgresql://admin:hunter2@db')).toThrow(SetupError);
  });
});

describe('redactDatabaseUrl', () => {
  it.each([
    ['postgresql://u:secret@h:5432/db', 'postgresql://u:***@h:5432/db'],
    ['postgresql://u@h/db', 'postgresql://u@h/db'],
    ['postgresql://h/db', 'postgresql://h/db'],
    ['postgresql://:secret@h/db', 'postgresql://:***@h/db'],
    ['garbage', 'garbage'],
  ])('%s → %s', (input, output) => {
    expect(redactDatabaseUrl(input)).toBe(output);
  });
});
