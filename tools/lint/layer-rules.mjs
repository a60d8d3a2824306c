// The layer order of docs/architecture.md as lint rules: each block names a folder and what it may
// import; an import of anything else is an error. ESLint's own no-restricted-imports (through
// typescript-eslint, for allowTypeImports) matches the import as written, so each target is a regular
// expression over relative ('../../kube/apply') and aliased ('@/server/kube/apply') specifiers.

/** Everything in server/ another part may import: its folders, and the modules at its top level. */
const SERVER_PARTS = [
  'types',
  'schemas',
  'lib',
  'kube',
  'db',
  'inventory',
  'access',
  'boot',
  'controllers',
  'http',
  'api',
  'setup-error',
  'cli',
  'runtime',
  'health',
  'config',
  'shutdown',
  'startup',
  'main',
];

/**
 * What each part of server/ may import from server/, lowest first. Test files are exempt: integration
 * tests start the whole server with the helpers in tools/.
 */
const SERVER_LAYERS = {
  types: [],
  lib: [],
  'setup-error': [],
  cli: ['setup-error'],
  schemas: ['types'],
  kube: ['types', 'schemas', 'lib', 'setup-error'],
  db: ['types', 'schemas', 'lib', 'setup-error'],
  inventory: ['types', 'schemas', 'lib', 'db'],
  access: ['types', 'schemas', 'lib', 'db'],
  boot: ['types', 'schemas', 'lib', 'setup-error', 'db', 'inventory', 'kube'],
  controllers: ['types', 'schemas', 'lib', 'setup-error', 'inventory', 'kube', 'boot'],
  http: ['types', 'schemas', 'lib', 'setup-error', 'db', 'access'],
  // The runtime's shape: what the API reads of the parts main.ts built, never the API itself.
  runtime: ['types', 'schemas', 'lib', 'setup-error', 'kube', 'db', 'inventory', 'access', 'boot', 'health'],
  api: [
    'types',
    'schemas',
    'lib',
    'cli',
    'db',
    'inventory',
    'kube',
    'boot',
    'controllers',
    'access',
    'runtime',
  ],
};

/** Folders outside the product: the lab, test environment, probes, build and bench scripts. */
const OUTSIDE_PRODUCT = ['tools', 'scripts', 'e2e'];

const COMPONENT_FEATURES = [
  'account',
  'admin',
  'audit',
  'bulk',
  'clusters',
  'hardware',
  'hosts',
  'inspection',
  'ironic',
  'overview',
  'wall',
  'app-chrome',
  'app-header',
  'connection-badge',
];

/** Inside components/: features and the chrome → ui → access → trpc. */
const COMPONENT_LAYERS = {
  ui: COMPONENT_FEATURES,
  access: [...COMPONENT_FEATURES, 'ui'],
  trpc: [...COMPONENT_FEATURES, 'ui', 'access'],
};

const either = (names) => `(?:${names.join('|')})`;

/** A specifier reaching `root/name` from anywhere below the repository root. */
function reaching(root, names) {
  return `^(?:(?:\\.\\./)+(?:${root}/)?|@/${root}/)${either(names)}(?:/|$)`;
}

function outsideProduct() {
  return {
    regex: `^(?:(?:\\.\\./)+|@/)${either(OUTSIDE_PRODUCT)}/`,
    message: 'tools/, scripts/ and e2e/ sit outside the product: only tests may import them.',
  };
}

function restrict(files, patterns, ignores = []) {
  return {
    files,
    ignores,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
  };
}

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

/** Outside server/controllers, a controller folder is reached only through its index.ts. */
function controllerInternals() {
  return {
    regex: '^(?:(?:\\.\\./)+|@/server/)controllers/[^/]+/',
    message: 'import a controller folder through its index.ts (its public surface), not its files.',
  };
}

function serverPatterns(layer, allowed, prefix) {
  const forbidden = SERVER_PARTS.filter((part) => part !== layer && !allowed.includes(part));
  return [
    {
      regex: `^(?:${prefix})${either(forbidden)}(?:/|$)`,
      message: `server/${layer} may import from server/ only ${allowed.join(', ') || 'nothing'} (see docs/architecture.md).`,
    },
    outsideProduct(),
    ...(layer === 'api' ? [controllerInternals()] : []),
    {
      regex: `^(?:(?:\\.\\./)+|@/)${either(['app', 'components'])}/`,
      message: 'server/ never imports the console (app/, components/).',
    },
  ];
}

const serverBlocks = Object.entries(SERVER_LAYERS).flatMap(([layer, allowed]) => {
  // './' only from a module at server/'s top level (runtime.ts, cli.ts), which reaches its neighbours
  // so; inside a folder './config' is a sibling file, not server/config.ts.
  const blocks = [
    { files: [`server/${layer}/**`], prefix: '(?:\\.\\./)+(?:server/)?|@/server/' },
    { files: [`server/${layer}.ts`], prefix: '\\./|(?:\\.\\./)+(?:server/)?|@/server/' },
  ];
  return blocks.map(({ files, prefix }) => restrict(files, serverPatterns(layer, allowed, prefix), TESTS));
});

/**
 * The API's recipe (docs/architecture.md): a procedure's files are leaves. A handler imports no router
 * and no other handler (what two share is a helper module of their folder); a schema is zod only, and
 * imports no handler, router or runtime part. These blocks repeat the api layer's patterns, because a
 * later block's rule replaces an earlier one's for the files both cover.
 */
const PROCEDURE_FILE = {
  regex: '(?:-router|\\.handler)$',
  message: "a procedure's handler or schema imports no router and no handler; share a helper module instead.",
};
const SCHEMA_IMPORT = {
  regex: `^(?:(?:\\.\\./)+(?:server/)?|@/server/)${either(['runtime', 'kube', 'boot', 'db', 'controllers', 'inventory'])}(?:/|$)`,
  message: 'a procedure schema is zod only: the input, nothing the handler does with it.',
};
const apiPatterns = serverPatterns('api', SERVER_LAYERS.api, '(?:\\.\\./)+(?:server/)?|@/server/');
const recipeBlocks = [
  restrict(['server/api/**/*.handler.ts'], [...apiPatterns, PROCEDURE_FILE], TESTS),
  restrict(['server/api/**/*.schema.ts'], [...apiPatterns, PROCEDURE_FILE, SCHEMA_IMPORT], TESTS),
];

const componentBlocks = Object.entries(COMPONENT_LAYERS).map(([layer, forbidden]) =>
  restrict(
    [`components/${layer}/**`],
    [
      componentsFromServer(),
      outsideProduct(),
      linksThroughConsoleLink(),
      {
        regex: reaching('components', forbidden),
        message: `components/${layer} sits below ${forbidden.join(', ')}; move what both need down instead.`,
      },
    ],
    TESTS,
  ),
);

function componentsFromServer() {
  return {
    group: ['@/server/*', '**/server/*', '!@/server/schemas', '!@/server/schemas/*', '!@/server/types/*'],
    allowTypeImports: true,
    message: 'the console may import only types, and the pure zod schemas in server/schemas/, from server/.',
  };
}

/** Links go through components/console-link.tsx, which turns Next's prefetch off (decisions.md). */
function linksThroughConsoleLink() {
  return {
    group: ['next/link'],
    message:
      'use ConsoleLink (components/console-link.tsx): a prefetched link costs the server a whole page render.',
  };
}

export const layerRules = [
  restrict(['server/**', 'components/**', 'app/**'], [outsideProduct()], TESTS),
  ...serverBlocks,
  ...recipeBlocks,
  restrict(
    ['components/**'],
    [componentsFromServer(), outsideProduct(), linksThroughConsoleLink()],
    [...TESTS, ...Object.keys(COMPONENT_LAYERS).map((layer) => `components/${layer}/**`)],
  ),
  ...componentBlocks,
  restrict(
    ['app/**'],
    [
      {
        ...componentsFromServer(),
        group: [...componentsFromServer().group, '!@/server/runtime', '!@/server/health'],
        message:
          'app/ routes stay thin: from server/ they take the runtime and health check, types and schemas; the rest lives in components/ or server/api.',
      },
      outsideProduct(),
      linksThroughConsoleLink(),
    ],
    TESTS,
  ),
];
