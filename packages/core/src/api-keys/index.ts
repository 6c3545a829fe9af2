export * from './api-key-store.js';
