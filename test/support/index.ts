export * from './test-database.js';
export * from './test-context.js';
export * from './accounts.js';
export * from './wait-for.js';
export * from './dns-server.js';
export * from './status-fixture.js';
export * from './tcp-proxy.js';
export * from './capture-logs.js';
