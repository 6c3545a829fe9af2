export * from './test-database.js';
export * from './test-context.js';
