import { describe, expect, it } from 'vitest';
import { readServerConfig } from './config';

describe('readServerConfig', () => {
  it('defaults to loopback, port 3000 and a state dir in the working directory', () => {
    expect(readServerConfig({}, '/srv/rackpilot')).toEqual({
      host: '127.0.0.1',
      port: 3000,
      stateDir: '/srv/rackpilot/.rackpilot',
      kubeconfig: undefined,
      databaseUrl: undefined,
      dev: false,
      disabledControllers: [],
      namespace: 'rackpilot-system',
    });
  });

  it('reads the controllers to leave off', () => {
    expect(
      readServerConfig({ RACKPILOT_DISABLED_CONTROLLERS: ' sip, ironic ,' }, '/srv').disabledControllers,
    ).toEqual(['sip', 'ironic']);
  });

  it('treats empty variables as unset', () => {
    const config = readServerConfig({ KUBECONFIG: '', DATABASE_URL: '' }, '/srv');
    expect(config.kubeconfig).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
  });

  it('rejects a DATABASE_URL that is not PostgreSQL, without echoing the password', () => {
    expect(() => readServerConfig({ DATABASE_URL: 'mysql://u:hunter2@db/x' }, '/srv')).toThrow(
      /^DATABASE_URL is not a PostgreSQL URL/,
    );
    expect(() => readServerConfig({ DATABASE_URL: 'mysql://u:hunter2@db/x' }, '/srv')).not.toThrow(/hunter2/);
  });

  it('resolves KUBECONFIG against the working directory', () => {
    expect(readServerConfig({ KUBECONFIG: 'k.yaml', PORT: '8080' }, '/srv').kubeconfig).toBe('/srv/k.yaml');
  });

  it.each([
    { env: { PORT: 'abc' }, message: /^PORT=abc is invalid/ },
    { env: { PORT: '70000' }, message: /^PORT=70000 is invalid: must be between 1 and 65535/ },
    { env: { PORT: '3.5' }, message: /^PORT=3.5 is invalid: must be a whole number/ },
    { env: { RACKPILOT_DEV: 'yes' }, message: /^RACKPILOT_DEV=yes is invalid/ },
  ])('rejects $env with one line naming the variable', ({ env, message }) => {
    expect(() => readServerConfig(env, '/srv')).toThrow(message);
  });
});
