export * from './status-version.js';
