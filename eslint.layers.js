// The layers of both halves and the one direction imports go (docs/architecture.md).
// SPA:    app → features → store, session, components, lib (theme beside them)
// Server: api, middlewares, policies, bootstrap, extensions → modules → access → platform
// A rule here is the checked form of a sentence in docs/architecture.md; change both together.

/** An import of another folder's inner file (`../other/file`), not of its index. */
const SIBLING_INTERNALS = '^\\.\\./[^./][^/]*/';

const axiosOnly = { name: 'axios', message: 'Use apiClient from src/lib/apiClient.ts.' };

const spaZones = [
  {
    target: [
      './src/features',
      './src/store',
      './src/session',
      './src/components',
      './src/lib',
      './src/theme',
    ],
    from: './src/app',
    message: 'app/ is the top (router, layouts, providers): nothing imports it.',
  },
  {
    target: ['./src/store', './src/session', './src/components', './src/lib', './src/theme'],
    from: './src/features',
    message: 'Features sit above store, session, components and lib: those never import a feature.',
  },
  {
    target: './src/lib',
    from: ['./src/store', './src/session', './src/components', './src/theme'],
    message:
      'lib/ is the bottom: plain helpers and the one API client, importing nothing above it.',
  },
];

export const spaLayers = [
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: spaZones }],
    },
  },
  {
    files: ['src/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [axiosOnly],
          patterns: [
            {
              regex: SIBLING_INTERNALS,
              message:
                "Another feature is imported through its index.ts ('../<feature>'), never its files.",
            },
          ],
        },
      ],
    },
  },
];

const TOP = [
  './server/src/api',
  './server/src/middlewares',
  './server/src/policies',
  './server/src/bootstrap',
  './server/src/extensions',
  './server/src/index.ts',
];

const serverZones = [
  {
    target: ['./server/src/modules', './server/src/access', './server/src/platform'],
    from: TOP,
    message:
      'api/, middlewares/, policies/, bootstrap/ and extensions/ are the top (HTTP and start-up): nothing below imports them.',
  },
  {
    target: ['./server/src/access', './server/src/platform'],
    from: './server/src/modules',
    message:
      'access/ and platform/ sit below the modules: a fact access needs lives in access/facts/, machinery in platform/.',
  },
  {
    target: './server/src/platform',
    from: './server/src/access',
    message: 'platform/ is machinery with no product rules: it imports nothing of ours above it.',
  },
];

/** An import of a module's inner file from outside it (`…/modules/exam/save`), not of its index. */
const MODULE_INTERNALS = '(^|/)modules/[^/]+/';

export const serverLayers = [
  {
    files: ['server/src/**/*.ts', 'server/config/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
    },
  },
  {
    files: [
      'server/src/{api,middlewares,policies,bootstrap,extensions}/**/*.ts',
      'server/src/index.ts',
      'server/config/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: MODULE_INTERNALS,
              message:
                "A module is imported through its index.ts ('…/modules/<domain>'), never its files.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/modules/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: SIBLING_INTERNALS,
              message:
                "Another module is imported through its index.ts ('../<domain>'), never its files.",
            },
          ],
        },
      ],
    },
  },
];
