export * from './header-report.js';
export * from './header-check-result.js';
export * from './header-check-cache.js';
export * from './header-target.js';
