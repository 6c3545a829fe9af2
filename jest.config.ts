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

/** What every project shares: ESM TypeScript through swc and the workspace aliases. */
export const project = {
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
  // test/ha: tests with pgbouncer and failovers, run by `npm run test:ha` (jest.ha.config.ts).
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/test/ha/'],
};

// Two projects: `npm test` runs both; `--selectProjects unit` leaves out the real-browser tests
// (Chromium driven by puppeteer-core: a system one, else @sparticuz/chromium's), which start a browser per file.
const config: Config = {
  projects: [
    { ...project, displayName: 'unit', testMatch: ['<rootDir>/{apps,packages,test}/**/*.test.ts'], testPathIgnorePatterns: [...project.testPathIgnorePatterns, '\\.browser\\.test\\.ts$'] },
    { ...project, displayName: 'browser', testMatch: ['<rootDir>/{apps,packages,test}/**/*.browser.test.ts'] },
  ],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // Integration tests wait on PostgreSQL, Redis and loopback servers more than on CPU.
  maxWorkers: 4,
  // ESM test files under vm modules are never freed: a worker's heap grew to 2.5 GB over a whole
  // run (2026-11-28), and every later file paid its collections (the hostile header test's CPU
  // bound counted them). A worker past 1 GB after a file is replaced by a fresh one.
  workerIdleMemoryLimit: '1GB',
  // Only a bound for a test that hangs: tests wait for events, and a loaded host (npm run
  // test:loaded) makes them slower, never wrong.
  testTimeout: 60_000,
};

export default config;
