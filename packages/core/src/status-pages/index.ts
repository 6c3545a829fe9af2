export * from './status-version.js';
export * from './custom-hostname-store.js';
export * from './status-page-store.js';
