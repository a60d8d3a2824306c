import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('.', import.meta.url)) };
const exclude = ['node_modules/**', '.next/**', '.rackpilot/**', 'e2e/**'];

export default defineConfig({
  resolve: { alias },
  test: {
    // Off unless asked for: `npm test` turns it on for the unit tier (see docs/decisions.md) and
    // judges the json summary against tools/testenv/coverage-floors.json.
    coverage: {
      provider: 'v8',
      include: ['{app,components,crds,scripts,server,tools}/**/*.{ts,tsx,mjs}'],
      exclude: ['server/db/generated/**', '**/*.d.ts'],
      reporter: ['json-summary'],
    },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          // *.test.tsx: the console's component tests, each opening with `// @vitest-environment
          // happy-dom` (README, Tests); the rest of the tier stays on node.
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: [...exclude, '**/*.int.test.ts', 'tests/config/**'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['**/*.int.test.ts'],
          exclude,
          environment: 'node',
          globalSetup: ['tools/testenv/vitest-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Once more on a failure; `npm test` names each test that passed only on its retry (docs/decisions.md).
          retry: 1,
          // Two cores: the API server and etcd need one of them.
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // Rendered configuration files handed to the programs they are for (haproxy, sshd, dnsmasq,
          // ZooKeeper, RabbitMQ, ...), installed from Debian by tools/testenv/ensure-test-packages.ts.
          name: 'config',
          include: ['tests/config/**/*.test.ts'],
          exclude,
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          retry: 1,
          // Two cores: a ZooKeeper ensemble or a RabbitMQ node wants them both.
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
