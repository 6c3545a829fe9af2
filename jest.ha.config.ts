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
  // Once in a fresh-clone CI run (2026-11-27, 1 of 9 runs) the process stayed at 100 % CPU after
  // every test had passed and its results were written, past jest's one-second "did not exit"
  // notice; the leftover was not found (--detectOpenHandles shows none in later runs). The
  // failover files stop their own servers and apps; exiting once the results are written keeps
  // such a leftover from holding CI. Known gap: docs/decisions.md, Faults.
  forceExit: true,
};

export default config;
