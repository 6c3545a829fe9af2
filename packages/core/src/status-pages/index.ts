export * from './status-version.js';
export * from './custom-hostname-store.js';
