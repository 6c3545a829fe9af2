export { createScannerApp } from './app.js';
export * from './headers/index.js';
export { scanTls, gradeTls, describeCertificate } from './tls/index.js';
export type * from './tls/types.js';
