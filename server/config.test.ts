import { describe, expect, it } from 'vitest';
import { DEFAULT_RACK_LABEL_KEYS } from './schemas/host-labels';
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
      impersonate: false,
      accessReviewTtlMs: 30_000,
      disabledControllers: [],
      namespace: 'rackpilot-system',
      publicUrl: 'http://127.0.0.1:3000',
      allowedOrigins: ['http://127.0.0.1:3000', 'http://localhost:3000', 'http://[::1]:3000'],
      adminPassword: undefined,
      bootRate: { perSecond: 5, burst: 20 },
      installTimeoutMs: 1_800_000,
      edge: {
        connectionsPerAddress: 1024,
        connectionsTotal: 4096,
        connectionRatePerAddress: { perSecond: 100, burst: 400 },
        handshakeTimeoutMs: 10_000,
        subscriptionsPerSocket: 32,
        callsPerCaller: { running: 8, waiting: 24 },
        callRatePerCaller: { perSecond: 20, burst: 64 },
        socket: { queueBytes: 1_048_576, behindMs: 30_000, pingMs: 30_000, pongWaitMs: 10_000 },
      },
      bootUrl: 'http://127.0.0.1:3000',
      bootAssetsDir: '/srv/rackpilot/.rackpilot/boot-assets',
      bootAssetServer: { binary: undefined, port: 3001, url: undefined },
      bootReissueMs: 120_000,
      bootSightings: { max: 20_000, maxAgeMs: 7 * 24 * 3_600_000 },
      bootMaxRequestBytes: 4096,
      readyzIntervalMs: 5000,
      db: { poolSize: 20, acquireTimeoutMs: 3_000, statementTimeoutMs: 10_000 },
      refusedAuditRates: {
        anonymous: { perCallerPerMinute: 30, totalPerMinute: 300 },
        signedIn: { perCallerPerMinute: 30, totalPerMinute: 300 },
      },
      signinLimits: {
        address: { burst: 10, refillSeconds: 6 },
        account: { freeFailures: 5, firstDelaySeconds: 1, maxDelaySeconds: 300 },
      },
      authDeadlineMs: 10_000,
      leaseTimings: { leaseDurationMs: 15_000, renewDeadlineMs: 10_000, retryPeriodMs: 2_000 },
      installCrds: true,
      dependencyPollMs: 10_000,
      racks: {
        rackKeys: DEFAULT_RACK_LABEL_KEYS,
        slotKey: 'rackpilot.io/rack-slot',
        heightKey: 'rackpilot.io/rack-units',
        units: 42,
      },
      oidc: undefined,
      localSignIn: true,
      contrailCertificateLifetimeMs: 365 * 24 * 3_600_000,
    });
  });

  it('reads the Contrail certificate lifetime in hours, fractions too, within the CA’s ten years', () => {
    const lifetime = (hours: string) =>
      readServerConfig({ RACKPILOT_CONTRAIL_CERT_LIFETIME_HOURS: hours }, '/srv')
        .contrailCertificateLifetimeMs;
    expect(lifetime('720')).toBe(720 * 3_600_000);
    expect(lifetime('0.01')).toBe(36_000);
    expect(() => lifetime('0')).toThrow(
      /^RACKPILOT_CONTRAIL_CERT_LIFETIME_HOURS=0 is invalid: must be at least 0.001/,
    );
    expect(() => lifetime('100000')).toThrow(/is invalid: must be at most 87600 \(the CA's lifetime\)/);
    expect(() => lifetime('a year')).toThrow(/is invalid: must be a number of hours/);
  });

  it('reads the rack view label keys and rack height, refusing a key Kubernetes would not take', () => {
    expect(
      readServerConfig(
        {
          RACKPILOT_RACK_SLOT_KEY: 'example.com/u',
          RACKPILOT_RACK_HEIGHT_KEY: 'units',
          RACKPILOT_RACK_UNITS: '48',
        },
        '/srv',
      ).racks,
    ).toEqual({ rackKeys: DEFAULT_RACK_LABEL_KEYS, slotKey: 'example.com/u', heightKey: 'units', units: 48 });
    expect(() => readServerConfig({ RACKPILOT_RACK_SLOT_KEY: 'Bad Key/slot' }, '/srv')).toThrow(
      /^RACKPILOT_RACK_SLOT_KEY=Bad Key\/slot is invalid: is not a label key: The prefix/,
    );
    expect(() => readServerConfig({ RACKPILOT_RACK_HEIGHT_KEY: 'x/' }, '/srv')).toThrow(
      /^RACKPILOT_RACK_HEIGHT_KEY=x\/ is invalid: is not a label key: The name after/,
    );
    expect(() => readServerConfig({ RACKPILOT_RACK_UNITS: '0' }, '/srv')).toThrow(
      /^RACKPILOT_RACK_UNITS=0 is invalid: must be at least 1/,
    );
  });

  it('reads the rack label keys in order, refusing a bad, empty or repeated key', () => {
    const keys = (value: string) =>
      readServerConfig({ RACKPILOT_RACK_LABEL_KEYS: value }, '/srv').racks.rackKeys;
    expect(keys(' example.com/rack , topology.kubernetes.io/zone')).toEqual([
      'example.com/rack',
      'topology.kubernetes.io/zone',
    ]);
    expect(readServerConfig({}, '/srv').racks.rackKeys).toEqual([
      'rackpilot.io/rack',
      'vino.airshipit.org/rack',
      'airshipit.org/rack',
      'topology.kubernetes.io/zone',
    ]);
    expect(() => keys('example.com/rack,Bad Key')).toThrow(
      /^RACKPILOT_RACK_LABEL_KEYS=example.com\/rack,Bad Key is invalid: Bad Key is not a label key/,
    );
    expect(() => keys('a,,b')).toThrow(/is invalid: has an empty key/);
    expect(() => keys('a,b,a')).toThrow(/is invalid: names a twice/);
  });

  it('rejects edge limits that are not positive whole numbers', () => {
    expect(() => readServerConfig({ RACKPILOT_MAX_CONNECTIONS_PER_ADDRESS: '0' }, '/srv')).toThrow(
      /^RACKPILOT_MAX_CONNECTIONS_PER_ADDRESS=0 is invalid: must be at least 1/,
    );
    expect(() => readServerConfig({ RACKPILOT_HANDSHAKE_TIMEOUT_MS: 'soon' }, '/srv')).toThrow(
      /^RACKPILOT_HANDSHAKE_TIMEOUT_MS=soon is invalid/,
    );
  });

  it('reads the WebSocket limits and refuses a queue too small for one view', () => {
    const edge = readServerConfig(
      {
        RACKPILOT_SOCKET_QUEUE_BYTES: '262144',
        RACKPILOT_SOCKET_BEHIND_MS: '2000',
        RACKPILOT_SOCKET_PING_MS: '5000',
        RACKPILOT_SOCKET_PONG_WAIT_MS: '3000',
      },
      '/srv',
    ).edge;
    expect(edge.socket).toEqual({ queueBytes: 262_144, behindMs: 2000, pingMs: 5000, pongWaitMs: 3000 });
    expect(() => readServerConfig({ RACKPILOT_SOCKET_QUEUE_BYTES: '1024' }, '/srv')).toThrow(
      /^RACKPILOT_SOCKET_QUEUE_BYTES=1024 is invalid: must be at least 65536/,
    );
    expect(() => readServerConfig({ RACKPILOT_SOCKET_PONG_WAIT_MS: '0.5' }, '/srv')).toThrow(
      /^RACKPILOT_SOCKET_PONG_WAIT_MS=0.5 is invalid: must be a whole number/,
    );
  });

  it('builds boot URLs from RACKPILOT_BOOT_URL, else from the public URL', () => {
    expect(readServerConfig({ RACKPILOT_PUBLIC_URL: 'https://console.example.com' }, '/srv').bootUrl).toBe(
      'https://console.example.com',
    );
    expect(
      readServerConfig(
        { RACKPILOT_PUBLIC_URL: 'https://console.example.com', RACKPILOT_BOOT_URL: 'http://10.0.0.5:8080/x' },
        '/srv',
      ).bootUrl,
    ).toBe('http://10.0.0.5:8080');
    expect(() => readServerConfig({ RACKPILOT_BOOT_URL: 'tftp://10.0.0.5' }, '/srv')).toThrow(
      /^RACKPILOT_BOOT_URL=tftp:\/\/10\.0\.0\.5 is invalid: must be an http:\/\/ or https:\/\/ URL/,
    );
  });

  it('reads the boot asset server: its binary from the working folder, its port (0 for any), its origin', () => {
    expect(
      readServerConfig(
        {
          RACKPILOT_BOOT_ASSET_SERVER: 'bin/boot-asset-server',
          RACKPILOT_BOOT_ASSET_PORT: '0',
          RACKPILOT_BOOT_ASSET_URL: 'http://10.0.0.5:8081/ignored',
        },
        '/srv',
      ).bootAssetServer,
    ).toEqual({ binary: '/srv/bin/boot-asset-server', port: 0, url: 'http://10.0.0.5:8081' });
    expect(() => readServerConfig({ RACKPILOT_BOOT_ASSET_PORT: '70000' }, '/srv')).toThrow(
      /RACKPILOT_BOOT_ASSET_PORT/,
    );
  });

  it('puts the boot asset store under the state folder unless RACKPILOT_BOOT_ASSETS names one', () => {
    expect(readServerConfig({ RACKPILOT_STATE_DIR: '/var/lib/rp' }, '/srv').bootAssetsDir).toBe(
      '/var/lib/rp/boot-assets',
    );
    expect(readServerConfig({ RACKPILOT_BOOT_ASSETS: 'assets' }, '/srv').bootAssetsDir).toBe('/srv/assets');
    expect(readServerConfig({ RACKPILOT_BOOT_ASSETS: '/data/boot' }, '/srv').bootAssetsDir).toBe(
      '/data/boot',
    );
    expect(readServerConfig({ RACKPILOT_BOOT_ASSETS: '' }, '/srv').bootAssetsDir).toBe(
      '/srv/.rackpilot/boot-assets',
    );
  });

  it('reads the sign-in limits and the auth deadline', () => {
    const config = readServerConfig(
      {
        RACKPILOT_SIGNIN_ADDRESS_LIMIT: '20:0.5',
        RACKPILOT_SIGNIN_ACCOUNT_DELAY: '3:2:60',
        RACKPILOT_AUTH_DEADLINE_MS: '2000',
      },
      '/srv',
    );
    expect(config.signinLimits).toEqual({
      address: { burst: 20, refillSeconds: 0.5 },
      account: { freeFailures: 3, firstDelaySeconds: 2, maxDelaySeconds: 60 },
    });
    expect(config.authDeadlineMs).toBe(2000);
  });

  it('reads the calls each caller may run and queue at once', () => {
    expect(readServerConfig({}, '/srv').edge.callsPerCaller).toEqual({ running: 8, waiting: 24 });
    expect(readServerConfig({ RACKPILOT_CALLS_PER_CALLER: '2:0' }, '/srv').edge.callsPerCaller).toEqual({
      running: 2,
      waiting: 0,
    });
  });

  it('reads the pace of each caller’s calls', () => {
    expect(readServerConfig({}, '/srv').edge.callRatePerCaller).toEqual({ perSecond: 20, burst: 64 });
    expect(
      readServerConfig({ RACKPILOT_CALL_RATE_PER_CALLER: '5:10' }, '/srv').edge.callRatePerCaller,
    ).toEqual({ perSecond: 5, burst: 10 });
  });

  it('reads the pace of new connections from one address, and refuses a malformed one', () => {
    expect(
      readServerConfig({ RACKPILOT_CONNECTION_RATE_PER_ADDRESS: '10:50' }, '/srv').edge
        .connectionRatePerAddress,
    ).toEqual({ perSecond: 10, burst: 50 });
    expect(() => readServerConfig({ RACKPILOT_CONNECTION_RATE_PER_ADDRESS: '0:50' }, '/srv')).toThrow(
      /^RACKPILOT_CONNECTION_RATE_PER_ADDRESS=0:50 is invalid: must look like 100:400/,
    );
  });

  it('accepts only the public URL as origin once it is set', () => {
    const config = readServerConfig(
      { RACKPILOT_PUBLIC_URL: 'https://rackpilot.example.com/console' },
      '/srv',
    );
    expect(config.publicUrl).toBe('https://rackpilot.example.com');
    expect(config.allowedOrigins).toEqual(['https://rackpilot.example.com']);
  });

  it('uses the bound address as origin when it is not loopback', () => {
    expect(readServerConfig({ HOST: '10.0.0.5', PORT: '8080' }, '/srv').allowedOrigins).toEqual([
      'http://10.0.0.5:8080',
    ]);
  });

  it('rejects a short admin password without echoing it', () => {
    expect(() => readServerConfig({ RACKPILOT_ADMIN_PASSWORD: 'hunter2' }, '/srv')).toThrow(
      /^RACKPILOT_ADMIN_PASSWORD=… is invalid: must be at least 12 characters/,
    );
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

  it("reads the lease timings, client-go's by default", () => {
    expect(readServerConfig({}, '/srv').leaseTimings).toEqual({
      leaseDurationMs: 15_000,
      renewDeadlineMs: 10_000,
      retryPeriodMs: 2_000,
    });
    expect(
      readServerConfig(
        {
          RACKPILOT_LEASE_DURATION_MS: '6000',
          RACKPILOT_LEASE_RENEW_DEADLINE_MS: '4000',
          RACKPILOT_LEASE_RETRY_PERIOD_MS: '500',
        },
        '/srv',
      ).leaseTimings,
    ).toEqual({ leaseDurationMs: 6000, renewDeadlineMs: 4000, retryPeriodMs: 500 });
  });

  it('acts as the signed-in user only with RACKPILOT_IMPERSONATE=1', () => {
    expect(readServerConfig({ RACKPILOT_IMPERSONATE: '1' }, '/srv').impersonate).toBe(true);
    expect(readServerConfig({ RACKPILOT_IMPERSONATE: '0' }, '/srv').impersonate).toBe(false);
  });

  it('resolves KUBECONFIG against the working directory', () => {
    expect(readServerConfig({ KUBECONFIG: 'k.yaml', PORT: '8080' }, '/srv').kubeconfig).toBe('/srv/k.yaml');
  });

  it.each([
    { env: { PORT: 'abc' }, message: /^PORT=abc is invalid/ },
    { env: { PORT: '70000' }, message: /^PORT=70000 is invalid: must be between 1 and 65535/ },
    { env: { PORT: '3.5' }, message: /^PORT=3.5 is invalid: must be a whole number/ },
    { env: { RACKPILOT_DEV: 'yes' }, message: /^RACKPILOT_DEV=yes is invalid/ },
    { env: { RACKPILOT_IMPERSONATE: 'true' }, message: /^RACKPILOT_IMPERSONATE=true is invalid/ },
    {
      env: { RACKPILOT_INSTALL_TIMEOUT_MS: '10' },
      message: /^RACKPILOT_INSTALL_TIMEOUT_MS=10 is invalid: must be at least 60000/,
    },
    { env: { RACKPILOT_BOOT_RATE: 'fast' }, message: /^RACKPILOT_BOOT_RATE must look like 5 or 5:20/ },
    {
      env: { RACKPILOT_SIGNIN_ADDRESS_LIMIT: '10' },
      message: /^RACKPILOT_SIGNIN_ADDRESS_LIMIT=10 is invalid: must look like 10:6/,
    },
    {
      env: { RACKPILOT_SIGNIN_ADDRESS_LIMIT: '10:0' },
      message: /^RACKPILOT_SIGNIN_ADDRESS_LIMIT=10:0 is invalid: the seconds per failure must be above 0/,
    },
    {
      env: { RACKPILOT_CALLS_PER_CALLER: '0:10' },
      message: /^RACKPILOT_CALLS_PER_CALLER=0:10 is invalid: must look like 8:24/,
    },
    {
      env: { RACKPILOT_CALL_RATE_PER_CALLER: '20' },
      message: /^RACKPILOT_CALL_RATE_PER_CALLER=20 is invalid: must look like 20:64/,
    },
    {
      env: { RACKPILOT_CALLS_PER_CALLER: '8' },
      message: /^RACKPILOT_CALLS_PER_CALLER=8 is invalid: must look like 8:24/,
    },
    {
      env: { RACKPILOT_SIGNIN_ACCOUNT_DELAY: '0:1:60' },
      message: /^RACKPILOT_SIGNIN_ACCOUNT_DELAY=0:1:60 is invalid: must look like 5:1:300/,
    },
    {
      env: { RACKPILOT_SIGNIN_ACCOUNT_DELAY: '5:60:1' },
      message: /^RACKPILOT_SIGNIN_ACCOUNT_DELAY=5:60:1 is invalid: the first delay must be above 0/,
    },
    {
      env: { RACKPILOT_AUTH_DEADLINE_MS: '5' },
      message: /^RACKPILOT_AUTH_DEADLINE_MS=5 is invalid: must be at least 100/,
    },
    { env: { RACKPILOT_PUBLIC_URL: 'ftp://x' }, message: /^RACKPILOT_PUBLIC_URL=ftp:\/\/x is invalid/ },
    {
      env: { RACKPILOT_LEASE_RENEW_DEADLINE_MS: '20000' },
      message:
        /^RACKPILOT_LEASE_RETRY_PERIOD_MS < RACKPILOT_LEASE_RENEW_DEADLINE_MS < RACKPILOT_LEASE_DURATION_MS must hold$/,
    },
    {
      env: { RACKPILOT_LEASE_RETRY_PERIOD_MS: '10000' },
      message: /^RACKPILOT_LEASE_RETRY_PERIOD_MS < RACKPILOT_LEASE_RENEW_DEADLINE_MS/,
    },
  ])('rejects $env with one line naming the variable', ({ env, message }) => {
    expect(() => readServerConfig(env, '/srv')).toThrow(message);
  });

  it('reads the database limits and refuses a bad one with one line', () => {
    expect(
      readServerConfig(
        {
          RACKPILOT_DB_POOL_SIZE: '40',
          RACKPILOT_DB_ACQUIRE_TIMEOUT_MS: '1000',
          RACKPILOT_DB_STATEMENT_TIMEOUT_MS: '2000',
        },
        '/srv',
      ).db,
    ).toEqual({ poolSize: 40, acquireTimeoutMs: 1000, statementTimeoutMs: 2000 });
    expect(() => readServerConfig({ RACKPILOT_DB_POOL_SIZE: 'lots' }, '/srv')).toThrow(
      /^RACKPILOT_DB_POOL_SIZE=lots is invalid: must be a number of connections$/,
    );
    expect(() => readServerConfig({ RACKPILOT_DB_STATEMENT_TIMEOUT_MS: '0' }, '/srv')).toThrow(
      /^RACKPILOT_DB_STATEMENT_TIMEOUT_MS=0 is invalid: must be at least 100$/,
    );
  });

  it('reads the refused-call audit limits, anonymous and per principal', () => {
    expect(
      readServerConfig(
        {
          RACKPILOT_AUDIT_ANONYMOUS_PER_MINUTE: '5',
          RACKPILOT_AUDIT_ANONYMOUS_TOTAL_PER_MINUTE: '50',
          RACKPILOT_AUDIT_SIGNED_IN_PER_MINUTE: '7',
          RACKPILOT_AUDIT_SIGNED_IN_TOTAL_PER_MINUTE: '70',
        },
        '/srv',
      ).refusedAuditRates,
    ).toEqual({
      anonymous: { perCallerPerMinute: 5, totalPerMinute: 50 },
      signedIn: { perCallerPerMinute: 7, totalPerMinute: 70 },
    });
    expect(() => readServerConfig({ RACKPILOT_AUDIT_SIGNED_IN_PER_MINUTE: '0' }, '/srv')).toThrow(
      /^RACKPILOT_AUDIT_SIGNED_IN_PER_MINUTE=0 is invalid: must be at least 1$/,
    );
    expect(() => readServerConfig({ RACKPILOT_AUDIT_SIGNED_IN_TOTAL_PER_MINUTE: 'many' }, '/srv')).toThrow(
      /^RACKPILOT_AUDIT_SIGNED_IN_TOTAL_PER_MINUTE=many is invalid: must be a number of rows$/,
    );
  });
});
