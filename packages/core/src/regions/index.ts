export * from './region-names.js';
export * from './checker-heartbeats.js';
