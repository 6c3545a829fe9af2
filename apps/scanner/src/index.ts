export { createScannerApp } from './app.js';
export * from './headers/index.js';
export * from './tls/index.js';
