/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';
import { project } from './jest.config';

// `npm run test:ha`: failovers with real servers the tests start on loopback (a streaming
// replica promoted, PgBouncer in front of the test database, Redis Sentinel and Cluster). Not part of `npm test`: they need
// pgbouncer (apt-get install pgbouncer) and take minutes; .ci/run runs them after the suite.
// One file at a time: each starts its own servers.
const config: Config = {
  projects: [{ ...project, displayName: 'ha', testMatch: ['<rootDir>/test/ha/**/*.test.ts'], testPathIgnorePatterns: ['/node_modules/', '/dist/'] }],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  maxWorkers: 1,
  testTimeout: 120_000,
};

export default config;
