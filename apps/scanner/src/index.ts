export { createScannerApp } from './app.js';
