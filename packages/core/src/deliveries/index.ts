export * from './delivery-store.js';
