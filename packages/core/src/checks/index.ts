export * from './check-rows.js';
export * from './check-store.js';
export * from './rollup-store.js';
export * from './check-retention.js';
export * from './check-list-store.js';
