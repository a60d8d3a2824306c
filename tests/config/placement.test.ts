/**
 * placement.conf as the Placement planner renders it for upstream's sample, in Debian's placement
 * packages: oslo-config-validator against the option namespaces the placement API loads, then
 * placement's own option registration, the Keystone auth plugin the file names and SQLAlchemy's URL
 * parser (load-placement-conf.py).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { V1Secret } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPlacement, type PlacementObserved } from '@/server/controllers/placement/plan-placement';
import type { PlacementAPI } from '@/server/types/crds/placement-api';
import { runCommand } from '@/tools/lib/run-command';
import { DEBIAN_PYTHON, OSLO_CONFIG_VALIDATOR } from '@/tools/testenv/ensure-test-packages';
import { upstreamFixture } from '@/tools/testenv/upstream-shapes';
import { tempFolder } from './program';

const LOADER = fileURLToPath(new URL('load-placement-conf.py', import.meta.url));
/** The namespaces of placement's own sample-config generator that placement.conf draws on. */
const NAMESPACES = ['placement.conf', 'keystonemiddleware.auth_token', 'oslo.log', 'oslo.policy'];
const NAMESPACE = 'openstack';
const ready = { conditions: [{ type: 'Ready', status: 'True' }] };

const [sample] = upstreamFixture('placement-operator/sample-placementapi.yaml')
  .objects as unknown as PlacementAPI[];

function secret(name: string, data: Record<string, string>): V1Secret {
  return {
    metadata: { name, namespace: NAMESPACE },
    data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v).toString('base64')])),
  };
}

/** The rendered config-data files for the sample with `spec` merged in; `password` is the database's, `service-<password>` Keystone's. */
function renderFiles(spec: Partial<PlacementAPI['spec']>, password: string): Record<string, string> {
  if (!sample) throw new Error('the PlacementAPI sample is empty');
  const placement: PlacementAPI = {
    ...sample,
    // Object.assign, not spread: client-node types are classes (plain data in practice).
    metadata: Object.assign({}, sample.metadata, { namespace: NAMESPACE, uid: 'uid-sample', generation: 1 }),
    spec: { ...sample.spec, ...spec },
  };
  const secrets = [
    secret('placement-secret', { PlacementPassword: `service-${password}` }),
    secret('rp-placement-db-secret', { DatabasePassword: password }),
    secret('placement-ac', { AC_ID: 'ac-id-1', AC_SECRET: 'ac-secret-1' }),
  ];
  const observed: PlacementObserved = {
    placement,
    secret: (_namespace, name) => secrets.find((s) => s.metadata?.name === name),
    installed: { mariadb: true, keystone: true, nad: true, topology: true },
    account: {
      metadata: { name: 'rp-placement' },
      spec: { userName: 'rp_placement', secret: 'rp-placement-db-secret' },
      status: ready,
    },
    database: { metadata: { name: 'placement' }, status: ready },
    keystoneAPI: {
      metadata: { name: 'keystone' },
      spec: { region: 'regionOne' },
      status: {
        apiEndpoints: {
          internal: 'http://keystone-internal.openstack.svc:5000',
          public: 'https://keystone-public-openstack.apps.example.test',
        },
      },
    },
    networkAttachmentDefinitions: new Set(),
    service: () => undefined,
    pods: [],
  };
  const plan = planPlacement(observed, new Date('2026-12-01T00:00:00Z'));
  const config = plan.objects.find((o): o is V1Secret => o.metadata?.name === 'rp-placement-config-data');
  if (!config?.data)
    throw new Error(`no config-data Secret planned: ${JSON.stringify(plan.status.conditions)}`);
  return Object.fromEntries(
    Object.entries(config.data).map(([key, value]) => [key, Buffer.from(value, 'base64').toString()]),
  );
}

interface Loaded {
  plugin: string;
  driver: string;
  username: string;
  password: string;
  servicePassword: string | null;
  host: string;
  database: string;
  unknownAuthTokenKeys: string[];
  debug: boolean;
}

describe('Placement: the rendered placement.conf in the placement packages', () => {
  let folder: Awaited<ReturnType<typeof tempFolder>>;

  beforeAll(async () => {
    folder = await tempFolder('placement');
  });

  afterAll(async () => {
    await folder.remove();
  });

  it.each<[string, Partial<PlacementAPI['spec']>, string, string]>([
    ["upstream's sample", {}, 'db-password-1', 'Password'],
    [
      'an application credential',
      { auth: { applicationCredentialSecret: 'placement-ac' } },
      'db-password-1',
      'ApplicationCredential',
    ],
    ['passwords with URL and oslo.config characters', {}, 'p@ss/w:rd?#$pw%', 'Password'],
  ])(
    '%s: oslo-config-validator and placement load it; the database URL parses',
    async (label, spec, password, plugin) => {
      const files = renderFiles(spec, password);
      const paths = ['placement.conf', 'custom.conf'].map((name) =>
        join(folder.path, `${label.replace(/\W+/g, '-')}-${name}`),
      );
      await writeFile(paths[0] ?? '', files['placement.conf'] ?? '');
      await writeFile(paths[1] ?? '', files['custom.conf'] ?? '');
      for (const path of paths) {
        await runCommand(OSLO_CONFIG_VALIDATOR, [
          ...NAMESPACES.flatMap((namespace) => ['--namespace', namespace]),
          '--fatal-warnings',
          // load-placement-conf.py judges this group: its auth plugin's options are registered at run
          // time, which the validator's sample data lacks (it would only list them as unjudged).
          '--exclude-group',
          'keystone_authtoken',
          '--input-file',
          path,
        ]);
      }
      const { stdout } = await runCommand(DEBIAN_PYTHON, [LOADER, ...paths]);
      const loaded = JSON.parse(stdout) as Loaded;
      expect(loaded).toMatchObject({
        plugin,
        driver: 'mysql+pymysql',
        username: 'rp_placement',
        password,
        host: 'openstack.openstack.svc',
        database: 'placement',
        unknownAuthTokenKeys: [],
        // the sample's customServiceConfig
        debug: true,
      });
    },
  );
});
