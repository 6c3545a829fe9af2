export * from './integration-store.js';
