export * from './hostname.js';
export * from './ownership.js';
export * from './verifications.js';
export * from './expiry.js';
export * from './scans.js';
export * from './scan-events.js';
export * from './scan-lifecycle.js';
