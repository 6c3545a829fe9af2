export * from './audit-diff.js';
export * from './record-audit.js';
export * from './audit-store.js';
export * from './update-audited.js';
export * from './insert-audited.js';
export * from './update-own-audited.js';
