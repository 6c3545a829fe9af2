/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

// ESM all the way (got 14 is ESM-only): jest runs with --experimental-vm-modules and swc
// compiles TypeScript to ES modules, keeping legacy decorators and their metadata for TypeORM.
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

const workspace = (dir: string) => `<rootDir>/${dir}/src/index.ts`;

/** What both projects share: ESM TypeScript through swc and the workspace aliases. */
const project = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc as Record<string, unknown>] },
  moduleNameMapper: {
    '^@vigil/core$': workspace('packages/core'),
    '^@vigil/core/admin$': '<rootDir>/packages/core/src/admin.ts',
    '^@vigil/client$': workspace('packages/client'),
    '^@vigil/cli$': workspace('packages/cli'),
    '^@vigil/(api|checker|scanner|notifier)$': '<rootDir>/apps/$1/src/index.ts',
    '^@vigil/testing$': '<rootDir>/test/support/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

// Two projects: `npm test` runs both; `--selectProjects unit` leaves out the real-browser tests
// (Debian's chromium driven by puppeteer-core), which start a browser per file. A third, `ha`
// (Redis Sentinel and Cluster with real processes, minutes long), only under `npm run test:ha`.
const ha = process.env.VIGIL_TEST_HA === '1';
const config: Config = {
  projects: [
    {
      ...project,
      displayName: 'unit',
      testMatch: ['<rootDir>/{apps,packages,test}/**/*.test.ts'],
      testPathIgnorePatterns: [...project.testPathIgnorePatterns, '\\.browser\\.test\\.ts$', '\\.ha\\.test\\.ts$'],
    },
    { ...project, displayName: 'browser', testMatch: ['<rootDir>/{apps,packages,test}/**/*.browser.test.ts'] },
    ...(ha ? [{ ...project, displayName: 'ha', testMatch: ['<rootDir>/test/ha/**/*.ha.test.ts'] }] : []),
  ],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // Integration tests wait on PostgreSQL, Redis and loopback servers more than on CPU.
  maxWorkers: 4,
  testTimeout: 30_000,
};

export default config;
