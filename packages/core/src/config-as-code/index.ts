export * from './managed-store.js';
