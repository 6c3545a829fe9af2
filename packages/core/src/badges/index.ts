export * from './badge-token-store.js';
