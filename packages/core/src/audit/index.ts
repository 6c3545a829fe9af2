export * from './audit-diff.js';
export * from './record-audit.js';
